import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits, type RateLimits } from '../src/platform/rate-limits/rate-limits.ts';
import { createRedisRateLimits, redisNamespace } from '../src/platform/rate-limits/redis-rate-limits.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

const redisUrl = process.env.REDIS_URL;
let t: TestPlaza;
let redis: Redis | null = null;

beforeAll(async () => {
  t = await startTestPlaza();
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  redis?.disconnect();
  await t?.close();
});

/** Two limiters over one shared counter, as two server processes have. */
type Pair = () => Promise<[RateLimits, RateLimits]>;
const kinds: Array<[string, Pair | null]> = [
  [
    'the store',
    async () => [createRateLimits(t.plaza.platform.store), createRateLimits(t.plaza.platform.store)],
  ],
  [
    redisUrl ? 'Redis' : 'Redis (skipped: needs REDIS_URL)',
    redisUrl
      ? async () => {
          // A fresh namespace per test: nothing counted by another test or an earlier run.
          const namespace = `test-${randomBytes(6).toString('hex')}`;
          const other = new Redis(redisUrl);
          cleanups.push(() => other.disconnect());
          return [createRedisRateLimits(redis!, namespace), createRedisRateLimits(other, namespace)];
        }
      : null,
  ],
];
const cleanups: Array<() => void> = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

const rule = (limit: number, windowSeconds = 3600, subject = 'ana@example.org') => ({
  name: 'test:limit',
  subject,
  limit,
  windowSeconds,
});

describe.each(kinds)('sliding-window limits in %s', (_, pair) => {
  it.skipIf(!pair)(
    'allow the limit, then refuse with the wait until the oldest hit leaves the window',
    async () => {
      const [first, second] = await pair!();
      for (let i = 0; i < 3; i++)
        expect(await (i % 2 ? second : first).hit([rule(3)])).toEqual({ allowed: true });
      const refused = await second.hit([rule(3)]);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) {
        expect(refused.retryAfterSeconds).toBeGreaterThan(3590);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
      }
      // The subject is compared without case; another subject has its own count.
      expect((await first.hit([rule(3, 3600, 'ANA@example.org')])).allowed).toBe(false);
      expect((await first.hit([rule(3, 3600, 'ben@example.org')])).allowed).toBe(true);
    },
  );

  it.skipIf(!pair)('count nothing when one of several rules is used up', async () => {
    const [first] = await pair!();
    const perAddress = { ...rule(1), name: 'test:address' };
    const perIp = { ...rule(5), name: 'test:ip', subject: '203.0.113.7' };
    expect((await first.hit([perAddress, perIp])).allowed).toBe(true);
    for (let i = 0; i < 3; i++) expect((await first.hit([perAddress, perIp])).allowed).toBe(false);
    // Only the one allowed hit counted against the address rule's neighbour.
    for (let i = 0; i < 4; i++) expect((await first.hit([perIp])).allowed).toBe(true);
    expect((await first.hit([perIp])).allowed).toBe(false);
  });

  it.skipIf(!pair)(
    'are checked and counted in one step: of 60 hits at once from two processes, exactly the limit pass',
    async () => {
      const [first, second] = await pair!();
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? first : second).hit([rule(10, 3600, 'dee@example.org')]),
        ),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(10);
    },
  );

  it.skipIf(!pair)('let a hit through again once the window has slid past the oldest', async () => {
    const [first, second] = await pair!();
    const everySecond = rule(1, 1, 'cy@example.org');
    expect((await first.hit([everySecond])).allowed).toBe(true);
    expect(await second.hit([everySecond])).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await sleep(1100);
    expect((await second.hit([everySecond])).allowed).toBe(true);
  });
});

describe.skipIf(!redisUrl)('limits in Redis', () => {
  it('live in keys named after the Plaza, kept in its store, that expire with their window', async () => {
    const namespace = await redisNamespace(t.plaza.platform.store);
    expect(namespace).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await redisNamespace(t.plaza.platform.store)).toBe(namespace);
    const limits = createRedisRateLimits(redis!, namespace);
    await limits.hit([rule(5, 60, `expiry-${randomBytes(4).toString('hex')}`)]);
    const keys = await redis!.keys(`plaza:{${namespace}}:rl:*`);
    expect(keys.length).toBeGreaterThan(0);
    const ttl = await redis!.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('are what a Plaza with REDIS_URL counts in', async () => {
    expect(t.plaza.platform.config.redisUrl).toBe(redisUrl);
    const namespace = await redisNamespace(t.plaza.platform.store);
    const before = await redis!.keys(`plaza:{${namespace}}:rl:*`);
    const response = await t.gql(
      '{ searchLocations(q: "Par") { id } }',
      {},
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(response.errors).toBeUndefined();
    const after = await redis!.keys(`plaza:{${namespace}}:rl:*`);
    expect(after.length).toBe(before.length + 1);
  });
});
