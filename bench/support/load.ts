/**
 * Open-loop load (a request leaves every 1/rate s, whatever the answers do, so a slow server meets
 * a queue as it would in use) and the CPU a process and its PostgreSQL backends spend on it.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { percentile, sleep } from './people.ts';

export interface LoadResult {
  sent: number;
  /** Answers per second over the time from the first send to the last answer. */
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** p99 of the answered requests alone: what someone who got an answer waited. */
  answeredP99: number;
  failures: number;
  /** The first failure's message, to tell what went wrong. */
  firstFailure: string | null;
  /** How many failed of each kind (a failure's message up to its details: `503`, `read ECONNRESET`). */
  failureKinds: Record<string, number>;
  /** Every request in the order sent: when it left (ms since the epoch), how long it took, whether it was answered. */
  timeline: Array<{ sentAt: number; ms: number; answered: boolean }>;
}

/** A failure's kind: its message without the details that follow the status or error code. */
export function failureKind(message: string): string {
  return message.split(/ [[{]/)[0]!.slice(0, 40);
}

/** `503 ×800, read ECONNRESET ×69`: the kinds of failure, most frequent first. */
export function describeFailures(kinds: Record<string, number>): string {
  return Object.entries(kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${kind} ×${count}`)
    .join(', ');
}

/** Calls `request(i)` at `rate` per second for `seconds`; a request fails by throwing. */
export async function openLoop(
  rate: number,
  seconds: number,
  request: (index: number) => Promise<void>,
): Promise<LoadResult> {
  let firstFailure: string | null = null;
  const failureKinds: Record<string, number> = {};
  const timeline: LoadResult['timeline'] = [];
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let index = 0; index < total; index++) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      (async () => {
        const begun = performance.now();
        const entry = { sentAt: performance.timeOrigin + begun, ms: Number.NaN, answered: false };
        timeline.push(entry);
        try {
          await request(index);
          entry.answered = true;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          firstFailure ??= message;
          const kind = failureKind(message);
          failureKinds[kind] = (failureKinds[kind] ?? 0) + 1;
        }
        entry.ms = performance.now() - begun;
      })(),
    );
  }
  await Promise.all(inFlight);
  const took = (performance.now() - started) / 1000;
  const sorted = (entries: LoadResult['timeline']) => entries.map((each) => each.ms).sort((a, b) => a - b);
  const latencies = sorted(timeline);
  const answered = sorted(timeline.filter((each) => each.answered));
  const failures = timeline.length - answered.length;
  return {
    sent: total,
    achieved: (total - failures) / took,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    answeredP99: percentile(answered, 0.99),
    failures,
    firstFailure,
    failureKinds,
    timeline,
  };
}

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU of a process and of the PostgreSQL backends on `dbName` (PostgreSQL on this machine). */
export async function cpuReading(
  admin: pg.Client,
  pid: number,
  dbName: string,
): Promise<{ process: number; database: Map<number, number> }> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    dbName,
  ]);
  const database = new Map<number, number>();
  for (const row of rows) database.set(row.pid, await cpuSeconds(row.pid));
  return { process: await cpuSeconds(pid), database };
}

/** Milliseconds of CPU per request between two readings (process / database). */
export function cpuPerRequest(
  before: Awaited<ReturnType<typeof cpuReading>>,
  after: Awaited<ReturnType<typeof cpuReading>>,
  requests: number,
): { process: number; database: number } {
  let database = 0;
  for (const [pid, seconds] of after.database) database += seconds - (before.database.get(pid) ?? 0);
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, requests);
  return { process: per(after.process - before.process), database: per(database) };
}

/** The machine's CPU time so far, from /proc/stat: all of it and what the hypervisor took (steal), in ticks. */
export async function machineTicks(): Promise<{ total: number; stolen: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n').find((each) => each.startsWith('cpu '));
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const ticks = (line ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((each) => !Number.isFinite(each))) return { total: 0, stolen: 0 };
  return { total: ticks.reduce((sum, each) => sum + each, 0), stolen: ticks[7]! };
}

/**
 * The share of the machine's CPU time the hypervisor gave to other guests between two readings
 * (steal): on a shared virtual machine, a run whose cores were partly taken is slower for it, and
 * its figures say so. `–` where /proc/stat tells nothing.
 */
export function stolenShare(
  before: Awaited<ReturnType<typeof machineTicks>>,
  after: Awaited<ReturnType<typeof machineTicks>>,
): string {
  const total = after.total - before.total;
  if (total <= 0) return '–';
  return `${((100 * (after.stolen - before.stolen)) / total).toFixed(1)}%`;
}

/** The one-minute load average and the machine, for the tables. */
export async function machine(): Promise<{ cores: number; memoryGiB: number; load: string }> {
  const { availableParallelism, totalmem, loadavg } = await import('node:os');
  return {
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    load: loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
  };
}
