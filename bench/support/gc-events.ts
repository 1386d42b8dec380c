/**
 * The server's full garbage collections, by wall clock, for bench:queries' BENCH_GC=1: loaded into
 * each server process with `--import` (spawnServer's node arguments), it appends one line per
 * mark-compact collection (`start ms since the epoch,pause ms`) to BENCH_GC_FILE, to line a query's
 * slow answers up with them (gcNearSlowAnswers). V8's full collection pauses the process for 5-30 ms
 * and marks on helper threads for ~100 ms before it, on the cores PostgreSQL shares.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const file = process.env.BENCH_GC_FILE;
if (file) {
  new PerformanceObserver((list) => {
    let lines = '';
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      lines += `${(performance.timeOrigin + entry.startTime).toFixed(1)},${entry.duration.toFixed(2)}\n`;
    }
    if (lines) appendFileSync(file, lines);
  }).observe({ entryTypes: ['gc'] });
}

/** A full collection: when it began (ms since the epoch) and how long it paused the process. */
export interface FullCollection {
  at: number;
  pauseMs: number;
}

/** The full collections a BENCH_GC_FILE holds (none when it is missing). */
export function readFullCollections(path: string): FullCollection[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [at, pauseMs] = line.split(',').map(Number);
      return { at: at!, pauseMs: pauseMs! };
    });
}

/**
 * How many of `answers` took over `slowMs`, and how many of those were sent from `beforeMs` before
 * a full collection's start to `afterMs` after its end (its marking starts ~100 ms before it; the
 * queue it leaves drains after it).
 */
export function gcNearSlowAnswers(
  answers: ReadonlyArray<{ sentAt: number; ms: number }>,
  collections: readonly FullCollection[],
  { slowMs = 50, beforeMs = 300, afterMs = 200 } = {},
): { slow: number; nearCollection: number } {
  const slow = answers.filter((answer) => answer.ms > slowMs);
  const near = slow.filter((answer) =>
    collections.some(
      (gc) => answer.sentAt >= gc.at - beforeMs && answer.sentAt <= gc.at + gc.pauseMs + afterMs,
    ),
  );
  return { slow: slow.length, nearCollection: near.length };
}
