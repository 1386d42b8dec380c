import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';

/** A signed-in person's last_seen_at moves at most this often (the digest only needs "away for a day"). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * When this process last wrote each person's last_seen_at, per store (test files sharing a worker
 * each have their own, with the same ids); bounded so it cannot grow without end.
 */
const touchedPerStore = new WeakMap<Database, Map<number, number>>();
const MAX_REMEMBERED = 50_000;

/**
 * Notes that the person is here (decision 0014: the daily digest goes to people who were away).
 * Costs nothing for a person seen by this process in the last five minutes; otherwise one upsert
 * that changes the row only when the stored time is older than that (other processes write too).
 */
export async function touchLastSeen(
  { db, logger }: { db: Database; logger: Logger },
  userId: number,
  now: Date = new Date(),
): Promise<void> {
  let touched = touchedPerStore.get(db);
  if (!touched) touchedPerStore.set(db, (touched = new Map()));
  const last = touched.get(userId);
  if (last !== undefined && now.getTime() - last < LAST_SEEN_EVERY_MS && now.getTime() >= last) return;
  if (touched.size >= MAX_REMEMBERED) touched.clear();
  touched.set(userId, now.getTime());
  const at = now.toISOString();
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS).toISOString();
  try {
    await db.execute(sql`INSERT INTO notification_settings (user_id, last_seen_at) VALUES (${userId}, ${at}::timestamptz)
      ON CONFLICT (user_id) DO UPDATE SET last_seen_at = excluded.last_seen_at
      WHERE notification_settings.last_seen_at IS NULL OR notification_settings.last_seen_at < ${stale}::timestamptz`);
  } catch (error) {
    // A missed "seen" costs at most one digest; the request goes on.
    touched.delete(userId);
    logger.warn({ err: error, userId }, 'last seen not recorded');
  }
}
