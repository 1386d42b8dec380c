import { sql, type SQL } from 'drizzle-orm';
import type { Database, Store } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';

/**
 * Background jobs in the database (decision 0011). Scheduling is an insert (in the caller's
 * transaction when it passes one), so a restart loses nothing. Every server process runs a runner;
 * runners claim due rows with `FOR UPDATE SKIP LOCKED`, so with several processes each job runs in
 * one of them, once. A claim is a lease: a runner that dies mid-job leaves the job to be claimed
 * again when the lease ends.
 */

export interface JobSpec {
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /** At most one job per key: scheduling the same key again moves that job instead. */
  uniqueKey?: string | null;
  /** What the job is about (e.g. plan:12), so `cancelJobs` can drop a thing's jobs together. */
  subject?: string | null;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  runAt: Date;
  payload: Record<string, unknown>;
  uniqueKey: string | null;
  /** 1 on the first run. */
  attempts: number;
}

export interface JobContext {
  /** The runner's clock: the time the job was claimed at (tests pass their own). */
  now: Date;
}

export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<void>;

export interface JobRunner {
  /** Names the function that runs jobs of a kind in this process. */
  register(kind: string, handler: JobHandler): void;
  /** Runs every job due at `now`, including those that jobs schedule for `now` or before; answers the counts. */
  runDue(now?: Date): Promise<{ done: number; failed: number }>;
  /** Polls for due jobs every `intervalMs` until `stop`. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** A claim holds a job this long; a runner that has not finished by then may lose it to another. */
export const JOB_LEASE_MS = 5 * 60_000;
/** Failures after which a job is given up (kept with done_at and last_error). */
export const JOB_MAX_ATTEMPTS = 5;
/** Jobs claimed per round trip. */
const CLAIM_BATCH = 10;
/** A guard against handlers that keep scheduling jobs due at once. */
const MAX_JOBS_PER_RUN = 1000;
const DEFAULT_POLL_MS = 15_000;
/** Finished jobs are deleted after this long. */
const KEEP_DONE_MS = 14 * 86_400_000;

/** A nudged runner waits this long first, so the scheduling transaction has committed. */
const NUDGE_DELAY_MS = 25;

const nudgeListeners = new Set<() => void>();

/**
 * Tells the started runners of this process that a job is due now, so it runs at once instead of
 * at the next poll (a push notification must not wait 15 s). Runners of other processes still
 * find it at their next poll.
 */
export function nudgeJobRunners(): void {
  for (const listener of nudgeListeners) listener();
}

/** Wait before the next try: 30 s, 1 min, 2 min, 4 min… at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/**
 * Schedules a job. With a unique key already taken, that job is moved to the new time and made to
 * run again when the time changed; scheduling the same key for the same time changes nothing (a
 * job that already ran does not run twice).
 */
export async function scheduleJob(db: Database, spec: JobSpec): Promise<void> {
  const payload = JSON.stringify(spec.payload ?? {});
  const values = sql`(${spec.kind}, ${spec.runAt.toISOString()}::timestamptz, ${payload}::jsonb,
    ${spec.uniqueKey ?? null}, ${spec.subject ?? null})`;
  if (!spec.uniqueKey) {
    await db.execute(sql`INSERT INTO jobs (kind, run_at, payload, unique_key, subject) VALUES ${values}`);
  } else {
    await db.execute(sql`INSERT INTO jobs (kind, run_at, payload, unique_key, subject) VALUES ${values}
      ON CONFLICT (unique_key) DO UPDATE SET kind = excluded.kind, run_at = excluded.run_at,
        payload = excluded.payload, subject = excluded.subject, attempts = 0, locked_until = NULL,
        done_at = NULL, last_error = NULL
      WHERE jobs.run_at <> excluded.run_at`);
  }
  if (spec.runAt.getTime() <= Date.now() + 1000) nudgeJobRunners();
}

/**
 * Drops a subject's jobs that have not run, except those whose unique keys are kept. With `after`,
 * only jobs due later than it go: those already due are left to their handlers, which check
 * whether they still apply (so a job claimed at this moment is never lost in between).
 */
export async function cancelJobs(
  db: Database,
  subject: string,
  options: { keep?: string[]; after?: Date } = {},
): Promise<void> {
  const keep = options.keep?.length
    ? sql` AND (unique_key IS NULL OR unique_key NOT IN (${sql.join(
        options.keep.map((key) => sql`${key}`),
        sql`, `,
      )}))`
    : sql``;
  const after = options.after ? sql` AND run_at > ${options.after.toISOString()}::timestamptz` : sql``;
  await db.execute(sql`DELETE FROM jobs WHERE subject = ${subject} AND done_at IS NULL${keep}${after}`);
}

interface ClaimedRow {
  id: string | number;
  kind: string;
  run_at: string | Date;
  payload: Record<string, unknown> | string;
  unique_key: string | null;
  attempts: number;
}

export function createJobRunner(store: Store, logger: Logger): JobRunner {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let lastCleanup = 0;
  let nudge: (() => void) | null = null;

  /** Claims up to `limit` due jobs: each row is taken by one runner only (SKIP LOCKED). */
  async function claim(now: Date, limit: number): Promise<Array<ClaimedJob & { leaseUntil: string }>> {
    const leaseUntil = new Date(now.getTime() + JOB_LEASE_MS).toISOString();
    const at = now.toISOString();
    const rows = await rowsOf<ClaimedRow>(
      store.db,
      sql`UPDATE jobs SET attempts = attempts + 1, locked_until = ${leaseUntil}::timestamptz
          WHERE id IN (SELECT id FROM jobs WHERE done_at IS NULL AND run_at <= ${at}::timestamptz
              AND (locked_until IS NULL OR locked_until <= ${at}::timestamptz)
            ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, run_at, payload, unique_key, attempts`,
    );
    return rows
      .map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        runAt: new Date(row.run_at),
        payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<
          string,
          unknown
        >,
        uniqueKey: row.unique_key,
        attempts: Number(row.attempts),
        leaseUntil,
      }))
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  }

  /** Still ours: not re-claimed after the lease ended, nor moved by scheduleJob meanwhile. */
  const ours = (job: ClaimedJob & { leaseUntil: string }) =>
    sql`id = ${job.id} AND attempts = ${job.attempts} AND locked_until = ${job.leaseUntil}::timestamptz`;

  async function runOne(job: ClaimedJob & { leaseUntil: string }, now: Date): Promise<boolean> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, { now });
      await store.db.execute(
        sql`UPDATE jobs SET done_at = ${now.toISOString()}::timestamptz, locked_until = NULL, last_error = NULL
            WHERE ${ours(job)}`,
      );
      return true;
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const giveUp = job.attempts >= JOB_MAX_ATTEMPTS;
      logger.error({ err: error, job: job.id, kind: job.kind, attempts: job.attempts, giveUp }, 'job failed');
      const next = new Date(now.getTime() + retryDelayMs(job.attempts)).toISOString();
      await store.db.execute(
        giveUp
          ? sql`UPDATE jobs SET done_at = ${now.toISOString()}::timestamptz, locked_until = NULL,
                last_error = ${message.slice(0, 4000)} WHERE ${ours(job)}`
          : sql`UPDATE jobs SET run_at = ${next}::timestamptz, locked_until = NULL,
                last_error = ${message.slice(0, 4000)} WHERE ${ours(job)}`,
      );
      return false;
    }
  }

  async function runDue(now: Date = new Date()) {
    let done = 0;
    let failed = 0;
    while (done + failed < MAX_JOBS_PER_RUN) {
      const batch = await claim(now, CLAIM_BATCH);
      if (batch.length === 0) break;
      for (const job of batch) {
        if (await runOne(job, now)) done += 1;
        else failed += 1;
      }
    }
    return { done, failed };
  }

  async function tick() {
    const now = new Date();
    await runDue(now);
    if (now.getTime() - lastCleanup > 3_600_000) {
      lastCleanup = now.getTime();
      await store.db.execute(
        sql`DELETE FROM jobs WHERE done_at < ${new Date(now.getTime() - KEEP_DONE_MS).toISOString()}::timestamptz`,
      );
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    runDue,
    start(intervalMs = DEFAULT_POLL_MS) {
      stopped = false;
      let nudgedWhileRunning = false;
      const loop = () => {
        if (stopped) return;
        running = tick()
          .catch((error: unknown) => logger.error({ err: error }, 'job runner round failed'))
          .finally(() => {
            running = null;
            const wait = nudgedWhileRunning ? NUDGE_DELAY_MS : intervalMs;
            nudgedWhileRunning = false;
            if (!stopped) timer = setTimeout(loop, wait);
          });
      };
      nudge = () => {
        if (stopped) return;
        if (running) {
          nudgedWhileRunning = true;
          return;
        }
        if (timer) clearTimeout(timer);
        timer = setTimeout(loop, NUDGE_DELAY_MS);
      };
      nudgeListeners.add(nudge);
      loop();
    },
    async stop() {
      stopped = true;
      if (nudge) nudgeListeners.delete(nudge);
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
