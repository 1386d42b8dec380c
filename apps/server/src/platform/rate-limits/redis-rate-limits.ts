import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Store } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';
import type { RateLimitRule, RateLimits } from './rate-limits.ts';

/**
 * One sliding window per key, checked and counted in one step: every rule is trimmed to its window
 * and counted; if one is used up nothing is counted and the wait (ms) until its oldest hit leaves
 * the window is answered; else the hit is added to every rule. Redis's clock is the one clock of
 * all processes.
 *
 * KEYS: one sorted set per rule. ARGV[1]: a unique member; then limit and window (ms) per rule.
 */
const HIT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 2])
  local window = tonumber(ARGV[i * 2 + 1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    local wait = window
    if oldest[2] then wait = tonumber(oldest[2]) + window - now end
    if wait < 1 then wait = 1 end
    return wait
  end
end
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[i * 2 + 1])
  redis.call('ZADD', key, now, now .. ':' .. ARGV[1])
  redis.call('PEXPIRE', key, window)
end
return 0
`;

const SCRIPT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/**
 * The Redis keys of one Plaza: a name kept in the store, so every process on one database counts
 * in the same keys and two Plazas (or two test databases) sharing a Redis never count each other.
 */
export async function redisNamespace(store: Store): Promise<string> {
  await store.db
    .insert(serverSecrets)
    .values({ name: 'redis-namespace', value: randomBytes(9).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await store.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'redis-namespace'));
  if (!row) throw new Error('could not store the Redis namespace');
  return row.value;
}

function keyOf(namespace: string, rule: RateLimitRule): string {
  const bucket = createHash('sha256')
    .update(`${rule.name}\u0000${rule.subject.toLowerCase()}\u0000${rule.windowSeconds}`)
    .digest('base64url');
  // One hash tag for the whole namespace: a rule set's keys stay in one slot of a Redis Cluster.
  return `plaza:{${namespace}}:rl:${bucket}`;
}

/**
 * Sliding-window limits in Redis (when REDIS_URL is set): one atomic script per request instead of
 * SQL round trips, shared by every process like the store's. Same rules and answers as
 * `createRateLimits`.
 */
export function createRedisRateLimits(redis: Redis, namespace: string): RateLimits {
  return {
    async hit(rules) {
      if (rules.length === 0) return { allowed: true };
      const keys = rules.map((rule) => keyOf(namespace, rule));
      const args = [randomUUID(), ...rules.flatMap((rule) => [rule.limit, rule.windowSeconds * 1000])];
      let waitMs: number;
      try {
        waitMs = Number(await redis.evalsha(SCRIPT_SHA, keys.length, ...keys, ...args));
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        waitMs = Number(await redis.eval(HIT_SCRIPT, keys.length, ...keys, ...args));
      }
      if (waitMs <= 0) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}
