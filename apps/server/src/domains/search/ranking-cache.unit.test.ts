import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RankingCache } from './ranking-cache.ts';

/** A computation that answers `value` when `settle` is called; counts its calls. */
function deferred<T>() {
  let calls = 0;
  let settle: ((value: T) => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  const compute = () => {
    calls += 1;
    return new Promise<T>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
  };
  return {
    compute,
    calls: () => calls,
    settle: (value: T) => settle?.(value),
    fail: (error: Error) => fail?.(error),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('RankingCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shares one computation between callers and keeps its value while fresh', async () => {
    const cache = new RankingCache({ freshMs: 1_000, usableMs: 5_000, maxEntries: 10 });
    const work = deferred<string>();
    const first = cache.get('k', work.compute);
    const second = cache.get('k', work.compute);
    work.settle('ranked');
    expect(await first).toBe('ranked');
    expect(await second).toBe('ranked');
    vi.setSystemTime(Date.now() + 700);
    expect(await cache.get('k', work.compute)).toBe('ranked');
    expect(work.calls()).toBe(1);
  });

  it('computes a dropped value afresh at the next get', async () => {
    const cache = new RankingCache({ freshMs: 1_000, usableMs: 5_000, maxEntries: 10 });
    let calls = 0;
    const compute = () => Promise.resolve(`value ${++calls}`);
    expect(await cache.get('k', compute)).toBe('value 1');
    expect(await cache.get('k', compute)).toBe('value 1');
    cache.drop('k');
    expect(await cache.get('k', compute)).toBe('value 2');
    cache.drop('absent');
    expect(await cache.get('k', compute)).toBe('value 2');
  });

  it('answers a stale value at once while the next one is computed, then the new one', async () => {
    const cache = new RankingCache({ freshMs: 1_000, usableMs: 5_000, maxEntries: 10 });
    const first = deferred<string>();
    const pending = cache.get('k', first.compute);
    first.settle('old');
    await pending;
    vi.setSystemTime(Date.now() + 2_000);
    const next = deferred<string>();
    expect(await cache.get('k', next.compute)).toBe('old');
    expect(await cache.get('k', next.compute)).toBe('old');
    await flush();
    expect(next.calls()).toBe(1);
    next.settle('new');
    await flush();
    expect(await cache.get('k', next.compute)).toBe('new');
  });

  it('keeps the stale value when computing again fails, and forgets a first computation that failed', async () => {
    const cache = new RankingCache({ freshMs: 1_000, usableMs: 5_000, maxEntries: 10 });
    const first = deferred<string>();
    const pending = cache.get('k', first.compute);
    first.settle('old');
    await pending;
    vi.setSystemTime(Date.now() + 2_000);
    const broken = deferred<string>();
    expect(await cache.get('k', broken.compute)).toBe('old');
    await flush();
    broken.fail(new Error('database gone'));
    await flush();
    expect(await cache.get('k', broken.compute)).toBe('old');

    const other = deferred<string>();
    const failing = cache.get('other', other.compute);
    other.fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    const retried = deferred<string>();
    const again = cache.get('other', retried.compute);
    retried.settle('ranked');
    expect(await again).toBe('ranked');
  });

  it('lets the oldest values go when the values weigh more than maxWeight together', async () => {
    const cache = new RankingCache({
      freshMs: 1_000,
      usableMs: 5_000,
      maxEntries: 10,
      maxWeight: 10,
      weigh: (value) => (value as number[]).length,
    });
    const ids = (count: number, tag: number) => () =>
      Promise.resolve(Array.from({ length: count }, () => tag));
    await cache.get('a', ids(4, 1));
    await cache.get('b', ids(4, 2));
    await flush();
    await cache.get('c', ids(4, 3));
    await flush();
    // 12 > 10: 'a' went; 'b' and 'c' (8) stay.
    expect(await cache.get('a', ids(1, 9))).toEqual([9]);
    expect(await cache.get('c', ids(1, 9))).toEqual([3, 3, 3, 3]);
  });

  it('computes afresh once a value is past usable, and holds at most maxEntries', async () => {
    const cache = new RankingCache({ freshMs: 1_000, usableMs: 5_000, maxEntries: 2 });
    const answer = (value: string) => () => Promise.resolve(value);
    await cache.get('a', answer('a1'));
    vi.setSystemTime(Date.now() + 6_000);
    expect(await cache.get('a', answer('a2'))).toBe('a2');
    await cache.get('b', answer('b1'));
    await cache.get('c', answer('c1'));
    // 'a' was the oldest of three: computed again.
    expect(await cache.get('a', answer('a3'))).toBe('a3');
    expect(await cache.get('c', answer('c2'))).toBe('c1');
  });
});
