import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemoWorldIfEmpty } from '../src/demo/seed.ts';
import { warmUp } from '../src/warm-up.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

/** Rows of the tables a visitor's reads could touch by mistake (sessions, activity, answers…). */
async function rowCounts(t: TestPlaza): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['sessions', 'users', 'plans', 'plan_responses', 'groups', 'activities', 'jobs']) {
    const result = await t.plaza.platform.store.db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
    );
    counts[table] = Number((result.rows[0] as { n: number }).n);
  }
  return counts;
}

describe('a process warming itself before it listens (decision 0054)', () => {
  let t: TestPlaza;
  beforeAll(async () => {
    t = await startTestPlaza();
  }, 120_000);
  afterAll(() => t.close());

  it('asks nothing for 0 seconds', async () => {
    const report = await warmUp(t.plaza.yoga, t.plaza.platform.store, 0);
    expect(report).toMatchObject({ requests: 0, failed: 0, asked: {} });
  });

  it('on an empty store reads explore only, every read answered', async () => {
    const report = await warmUp(t.plaza.yoga, t.plaza.platform.store, 0.3);
    expect(report.failed).toBe(0);
    expect(report.firstFailure).toBeNull();
    expect(Object.keys(report.asked)).toEqual(['explore']);
    expect(report.requests).toBeGreaterThan(0);
  });

  it('ends with a full garbage collection, before the process would listen', async () => {
    const collections: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));
    observer.observe({ entryTypes: ['gc'] });
    try {
      const report = await warmUp(t.plaza.yoga, t.plaza.platform.store, 0.2);
      // The observer hears of a collection in a task after it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(report.requests).toBeGreaterThan(0);
    } finally {
      observer.disconnect();
    }
    const major = collections.filter(
      (entry) =>
        (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
        constants.NODE_PERFORMANCE_GC_MAJOR,
    );
    expect(major.length).toBeGreaterThanOrEqual(1);
  });

  it('reads the public plans and groups of a store for the time given, answered, and writes nothing', async () => {
    await seedDemoWorldIfEmpty(t.plaza.platform);
    const before = await rowCounts(t);
    const report = await warmUp(t.plaza.yoga, t.plaza.platform.store, 0.5);
    expect(report.failed).toBe(0);
    expect(report.firstFailure).toBeNull();
    expect(Object.keys(report.asked).sort()).toEqual(['explore', 'group', 'plan']);
    for (const read of ['explore', 'group', 'plan']) expect(report.asked[read]).toBeGreaterThan(0);
    expect(report.requests).toBe(Object.values(report.asked).reduce((sum, n) => sum + n, 0));
    // It keeps to its time (a turn in flight at the end is let finish).
    expect(report.milliseconds).toBeGreaterThanOrEqual(500);
    expect(await rowCounts(t)).toEqual(before);
  }, 60_000);
});
