import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/client.ts';
import {
  JOB_LEASE_MS,
  JOB_MAX_ATTEMPTS,
  createJobRunner,
  scheduleJob,
  type ClaimedJob,
} from '../src/platform/jobs/jobs.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

const silent = pino({ level: 'silent' });

let t: TestPlaza;
let store: Store;
/** A second connection pool to the same database, as a second server process would have (PostgreSQL only). */
let otherStore: Store;

beforeAll(async () => {
  t = await startTestPlaza();
  store = t.plaza.platform.store;
  const url = t.plaza.platform.config.databaseUrl;
  otherStore = url ? await openStore({ databaseUrl: url, pgliteDir: 'memory://' }) : store;
});
afterAll(async () => {
  if (otherStore !== store) await otherStore.close();
  await t.close();
});

async function jobRows(kind: string) {
  const result = await store.db.execute(
    sql`SELECT id, run_at, attempts, done_at, last_error, locked_until FROM jobs WHERE kind = ${kind} ORDER BY id`,
  );
  return result.rows as Array<{
    id: string | number;
    run_at: string | Date;
    attempts: number;
    done_at: string | Date | null;
    last_error: string | null;
    locked_until: string | Date | null;
  }>;
}

describe('jobs in the database', () => {
  it('are each run exactly once by two runners working the same database at the same time', async () => {
    const now = new Date();
    const N = 60;
    for (let i = 0; i < N; i++)
      await scheduleJob(store.db, { kind: 'test.count', runAt: new Date(now.getTime() - i), payload: { i } });
    const ran: Array<{ runner: string; i: number }> = [];
    const handler = (runner: string) => async (job: ClaimedJob) => {
      ran.push({ runner, i: job.payload.i as number });
      await sleep(Math.random() * 5);
    };
    const first = createJobRunner(store, silent);
    const second = createJobRunner(otherStore, silent);
    first.register('test.count', handler('first'));
    second.register('test.count', handler('second'));
    const [a, b] = await Promise.all([first.runDue(now), second.runDue(now)]);
    expect(a.done + b.done).toBe(N);
    expect(a.failed + b.failed).toBe(0);
    expect(ran.map((r) => r.i).sort((x, y) => x - y)).toEqual([...Array(N).keys()]);
    if (store.kind === 'postgres') {
      // Two pools really ran side by side: each took its share.
      expect(a.done).toBeGreaterThan(0);
      expect(b.done).toBeGreaterThan(0);
    }
    const rows = await jobRows('test.count');
    expect(rows).toHaveLength(N);
    expect(rows.every((row) => row.done_at !== null && Number(row.attempts) === 1)).toBe(true);
    // Nothing is left to run.
    expect(await first.runDue(now)).toEqual({ done: 0, failed: 0 });
  });

  it('are rows, so a runner started later (after a restart) runs what was scheduled before', async () => {
    const now = new Date();
    await scheduleJob(store.db, { kind: 'test.restart', runAt: new Date(now.getTime() + 60_000) });
    const seen: number[] = [];
    const before = createJobRunner(store, silent);
    before.register('test.restart', async (job) => void seen.push(job.id));
    expect((await before.runDue(now)).done).toBe(0);
    const after = createJobRunner(store, silent);
    after.register('test.restart', async (job) => void seen.push(job.id));
    expect((await after.runDue(new Date(now.getTime() + 61_000))).done).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('are claimed again only when a runner that died holding one has lost its lease', async () => {
    const now = new Date();
    await scheduleJob(store.db, { kind: 'test.lease', runAt: now });
    // A runner took it and died: the row stays claimed until its lease ends.
    await store.db.execute(
      sql`UPDATE jobs SET attempts = 1, locked_until = ${new Date(now.getTime() + JOB_LEASE_MS).toISOString()}::timestamptz
          WHERE kind = 'test.lease'`,
    );
    const runner = createJobRunner(store, silent);
    let runs = 0;
    runner.register('test.lease', async () => void (runs += 1));
    expect((await runner.runDue(new Date(now.getTime() + 1000))).done).toBe(0);
    expect((await runner.runDue(new Date(now.getTime() + JOB_LEASE_MS + 1000))).done).toBe(1);
    expect(runs).toBe(1);
  });

  it('keep one job per unique key: the same time changes nothing, a new time runs it again', async () => {
    const now = new Date();
    const spec = { kind: 'test.unique', runAt: now, uniqueKey: 'unique:1', payload: { n: 1 } };
    await scheduleJob(store.db, spec);
    await scheduleJob(store.db, spec);
    expect(await jobRows('test.unique')).toHaveLength(1);
    const runner = createJobRunner(store, silent);
    let runs = 0;
    runner.register('test.unique', async () => void (runs += 1));
    await runner.runDue(now);
    await scheduleJob(store.db, spec);
    await runner.runDue(now);
    expect(runs).toBe(1);
    const later = new Date(now.getTime() + 60_000);
    await scheduleJob(store.db, { ...spec, runAt: later });
    await runner.runDue(later);
    expect(runs).toBe(2);
    expect(await jobRows('test.unique')).toHaveLength(1);
  });

  it('are retried with a growing wait, then given up with the error kept', async () => {
    const now = new Date();
    await scheduleJob(store.db, { kind: 'test.flaky', runAt: now, uniqueKey: 'flaky:1' });
    await scheduleJob(store.db, { kind: 'test.broken', runAt: now, uniqueKey: 'broken:1' });
    const runner = createJobRunner(store, silent);
    let flaky = 0;
    runner.register('test.flaky', async () => {
      flaky += 1;
      if (flaky < 3) throw new Error(`flaky failure ${flaky}`);
    });
    runner.register('test.broken', async () => {
      throw new Error('always broken');
    });
    expect(await runner.runDue(now)).toEqual({ done: 0, failed: 2 });
    const [first] = await jobRows('test.flaky');
    expect(new Date(first!.run_at).getTime()).toBe(now.getTime() + 30_000);
    expect(first!.last_error).toContain('flaky failure 1');
    // Not before its wait is over.
    expect(await runner.runDue(new Date(now.getTime() + 29_000))).toEqual({ done: 0, failed: 0 });
    let clock = now.getTime();
    for (let round = 0; round < JOB_MAX_ATTEMPTS + 2; round++) {
      clock += 3_600_000;
      await runner.runDue(new Date(clock));
    }
    expect(flaky).toBe(3);
    const [flakyRow] = await jobRows('test.flaky');
    expect(flakyRow!.done_at).not.toBeNull();
    expect(flakyRow!.last_error).toBeNull();
    const [broken] = await jobRows('test.broken');
    expect(Number(broken!.attempts)).toBe(JOB_MAX_ATTEMPTS);
    expect(broken!.done_at).not.toBeNull();
    expect(broken!.last_error).toContain('always broken');
  });

  it('of a kind no handler knows fail and wait, rather than vanish', async () => {
    const now = new Date();
    await scheduleJob(store.db, { kind: 'test.unknown', runAt: now });
    const runner = createJobRunner(store, silent);
    expect(await runner.runDue(now)).toEqual({ done: 0, failed: 1 });
    const [row] = await jobRows('test.unknown');
    expect(row!.done_at).toBeNull();
    expect(row!.last_error).toContain('no handler');
  });

  it('are polled by a started runner until it stops', async () => {
    await scheduleJob(store.db, { kind: 'test.poll', runAt: new Date() });
    const runner = createJobRunner(store, silent);
    let runs = 0;
    runner.register('test.poll', async () => void (runs += 1));
    runner.start(20);
    for (let i = 0; i < 100 && runs === 0; i++) await sleep(20);
    await runner.stop();
    expect(runs).toBe(1);
  });

  it('due now are run by a started runner at once, not at its next poll an hour later', async () => {
    const runner = createJobRunner(store, silent);
    let runs = 0;
    runner.register('test.nudge', async () => void (runs += 1));
    runner.start(3_600_000);
    // Its first round (at start) is over before the job exists.
    await sleep(200);
    await scheduleJob(store.db, { kind: 'test.nudge', runAt: new Date() });
    for (let i = 0; i < 100 && runs === 0; i++) await sleep(20);
    const later = await jobRows('test.nudge');
    await runner.stop();
    expect(runs).toBe(1);
    expect(later[0]?.done_at).not.toBeNull();
    // A stopped runner is nudged no more: this one waits for a runner's poll.
    await scheduleJob(store.db, { kind: 'test.nudge', runAt: new Date() });
    await sleep(200);
    expect(runs).toBe(1);
  });
});
