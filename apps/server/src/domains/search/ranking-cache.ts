import type { Database } from '../../db/client.ts';

interface Entry {
  value: Promise<unknown>;
  /** How much of `maxWeight` the value takes, once known. */
  weight: number;
  /** Until then the value is served as it is. */
  fresh: number;
  /** Until then a stale value is still served, while one caller computes its successor. */
  usable: number;
  refreshing: boolean;
}

/**
 * A short-lived memory of computed values by key, with at most `maxEntries` (the oldest go first).
 * Callers asking for a key being computed share that computation. A value older than about
 * `freshMs` is still answered (up to `usableMs`) while it is computed again in the background, so
 * no request waits for a recomputation; a failed computation is forgotten and the old value kept.
 * Background computations run one at a time, each followed by a pause as long as it took, and
 * freshness varies by a quarter either way, so values made together are not all computed again at
 * the same moment.
 */
export class RankingCache {
  private readonly entries = new Map<string, Entry>();
  private background: Promise<unknown> = Promise.resolve();
  private readonly freshMs: number;
  private readonly usableMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly weigh: (value: unknown) => number;
  private weight = 0;

  constructor(options: {
    freshMs: number;
    usableMs: number;
    maxEntries: number;
    /** With `weigh`: the total the values may weigh; the oldest go first beyond it. */
    maxWeight?: number;
    weigh?: (value: unknown) => number;
  }) {
    this.freshMs = options.freshMs;
    this.usableMs = options.usableMs;
    this.maxEntries = options.maxEntries;
    this.maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
    this.weigh = options.weigh ?? (() => 0);
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && now < kept.fresh) return kept.value as Promise<T>;
    if (kept && now < kept.usable) {
      if (!kept.refreshing) {
        kept.refreshing = true;
        this.background = this.background.then(async () => {
          const started = performance.now();
          try {
            this.store(key, Promise.resolve(await compute()));
          } catch {
            kept.refreshing = false;
          }
          // At most half the time: a minute's rankings falling due together must not take a core.
          await pause(performance.now() - started);
        });
      }
      return kept.value as Promise<T>;
    }
    const value = compute();
    this.store(key, value);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.forget(key);
    });
    return value;
  }

  /** Forgets `key`'s value: the next get computes it afresh. */
  drop(key: string): void {
    this.forget(key);
  }

  private store(key: string, value: Promise<unknown>): void {
    const now = Date.now();
    this.forget(key);
    const entry: Entry = {
      value,
      weight: 0,
      fresh: now + this.freshMs * (0.75 + Math.random() / 2),
      usable: now + this.usableMs,
      refreshing: false,
    };
    this.entries.set(key, entry);
    value.then(
      (resolved) => {
        if (this.entries.get(key) !== entry) return;
        entry.weight = this.weigh(resolved);
        this.weight += entry.weight;
        this.trim();
      },
      () => undefined,
    );
    this.trim();
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  private trim(): void {
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.forget(oldest);
    }
  }
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

const perStore = new WeakMap<Database, Map<string, RankingCache>>();

/** The cache named `name` of `db`'s store (two stores in one process never share one), made on first use. */
export function cacheOf(db: Database, name: string, make: () => RankingCache): RankingCache {
  let caches = perStore.get(db);
  if (!caches) {
    caches = new Map();
    perStore.set(db, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = make();
    caches.set(name, cache);
  }
  return cache;
}
