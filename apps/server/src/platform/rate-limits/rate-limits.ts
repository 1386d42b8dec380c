import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Store } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema/index.ts';

/** A limit of `limit` requests per `windowSeconds` for one subject (an address, a number, an IP…). */
export interface RateLimitRule {
  /** What is limited, e.g. "sign-in-code:email". */
  name: string;
  /** Who or what is counted, e.g. the e-mail address. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /**
   * Counts one request against every rule, unless one of them is already used up: then nothing is
   * counted and the answer says how long to wait.
   */
  hit(rules: RateLimitRule[]): Promise<RateLimitResult>;
}

function bucketOf(rule: RateLimitRule): string {
  return createHash('sha256').update(`${rule.name}\u0000${rule.subject.toLowerCase()}`).digest('base64url');
}

const CLEANUP_EVERY = 200;
const KEEP_HITS_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Sliding-window limits counted in the store, so every server process shares them (the default;
 * `redis-rate-limits.ts` counts in Redis when REDIS_URL is set).
 */
export function createRateLimits(store: Store): RateLimits {
  let hitsSinceCleanup = 0;
  return {
    async hit(rules) {
      const { db } = store;
      const now = Date.now();
      const buckets = rules.map((rule) => ({ rule, bucket: bucketOf(rule) }));
      // Checked and counted under a lock per bucket: without it, requests arriving together (on
      // one process or several) all read the same count and all pass.
      const result = await db.transaction(async (tx): Promise<RateLimitResult> => {
        for (const bucket of [...new Set(buckets.map((b) => b.bucket))].sort()) {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rate-limit:${bucket}`}, 0))`);
        }
        for (const { rule, bucket } of buckets) {
          const since = new Date(now - rule.windowSeconds * 1000);
          const [row] = await tx
            .select({ n: count(), oldest: min(rateLimitHits.createdAt) })
            .from(rateLimitHits)
            .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
          if ((row?.n ?? 0) >= rule.limit) {
            const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
            const wait = Math.ceil((oldest + rule.windowSeconds * 1000 - now) / 1000);
            return { allowed: false, retryAfterSeconds: Math.max(1, wait) };
          }
        }
        if (buckets.length > 0) {
          await tx
            .insert(rateLimitHits)
            .values(buckets.map(({ bucket }) => ({ bucket, createdAt: new Date(now) })));
        }
        return { allowed: true };
      });
      if (!result.allowed) return result;
      hitsSinceCleanup += 1;
      if (hitsSinceCleanup >= CLEANUP_EVERY) {
        hitsSinceCleanup = 0;
        await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(now - KEEP_HITS_MS)));
      }
      return { allowed: true };
    },
  };
}
