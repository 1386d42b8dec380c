import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

// SQL fragments shared by the social queries, so "friend", "blocked" and "public" mean one thing.

/**
 * Pairs (person, friend) of people who follow each other (`a` the person's follow, `b` the
 * friend's), where `also` holds too.
 */
function friendPairsWhere(also: SQL | null): SQL {
  return sql`(SELECT a.user_id AS person, a.target_id AS friend FROM follows a
  JOIN follows b ON b.user_id = a.target_id AND b.target_id = a.user_id AND b.status = 'FOLLOWING'
  WHERE a.status = 'FOLLOWING'${also === null ? sql`` : sql` AND ${also}`})`;
}

/** Pairs (person, friend) of people who follow each other. */
export const FRIEND_PAIRS = friendPairsWhere(null);

/**
 * FRIEND_PAIRS of the people in `ids` (an int[] expression) alone. That `b.target_id` is one of
 * them is said again: PostgreSQL then reads each side of the pairs for those people and merges the
 * two, where `a.user_id = ANY(ids)` alone made it probe `b` once per row of `a` (a search circle's
 * 215 friends have 15,304 friendships: 36 → 16 ms, 46,000 → 1,300 buffers).
 */
export function friendPairsOfAny(ids: SQL): SQL {
  return friendPairsWhere(sql`a.user_id = ANY(${ids}) AND b.target_id = ANY(${ids})`);
}

/**
 * True when a block stands between the viewer and the user in `userColumn`, either way. The
 * viewer's blocks (both ways) are one uncorrelated set, which PostgreSQL reads once per statement
 * and probes per row (a hashed subplan); a correlated EXISTS cost an index probe per candidate row,
 * ~45 ms of a list near a city of the generated world (bench/README.md). Never null: false when
 * `userColumn` is null, as the EXISTS was.
 */
export function blockedBetween(viewerId: number | Placeholder | null, userColumn: SQL): SQL {
  if (viewerId === null) return sql`false`;
  return sql`coalesce(${userColumn} IN (
    SELECT blk.target_id FROM follows blk WHERE blk.user_id = ${viewerId} AND blk.status = 'BLOCKED'
    UNION ALL
    SELECT blk.user_id FROM follows blk WHERE blk.target_id = ${viewerId} AND blk.status = 'BLOCKED'), false)`;
}

/**
 * A group strangers may see: its view mask includes public, explore has not blocked it and no
 * moderator hid it (decision 0018).
 */
export const PUBLIC_GROUP = (alias: string) =>
  sql.raw(
    `((${alias}.view_mask & 1) = 1 AND ${alias}.explore_status <> 'BLOCKED' AND ${alias}.hidden_at IS NULL)`,
  );

/** A plan strangers may see, in the same sense. */
export const PUBLIC_PLAN = (alias: string) =>
  sql.raw(
    `((${alias}.view_mask & 1) = 1 AND ${alias}.explore_status <> 'BLOCKED' AND ${alias}.hidden_at IS NULL)`,
  );

export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}
