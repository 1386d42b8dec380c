import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what a full collection left live, in percent
 * (decision 0050). Left to itself, V8 sized the limit from the old generation's slow growth at the
 * least it allows (what was live plus a few megabytes, with room for a young collection's survivors
 * kept), and under a steady load of requests it then ran a full collection every half second to
 * second, in place of young ones, marking the 65-70 MB live each time.
 */
export const HEAP_GROWING_PERCENT = 300;

/**
 * The V8 flag the server sets at its start, or null when the command line sets its own (an
 * operator's `node --heap-growing-percent=N apps/server/src/main.ts` wins).
 */
export function heapGrowthFlag(execArgv: readonly string[] = process.execArgv): string | null {
  const own = execArgv.some((arg) => /^--heap[-_]growing[-_]percent(?:=|$)/.test(arg));
  return own ? null : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/** Sets the server's heap growth (V8 reads it after every full collection, so it holds from now on). */
export function tuneHeapGrowth(): void {
  const flag = heapGrowthFlag();
  if (flag) setFlagsFromString(flag);
}
