import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { PAGE_SIZE, decodeMarker, encodeMarker } from '../social/list-people.ts';
import { blockedBetween } from '../social/social-sql.ts';
import type { GroupRow } from './group-loaders.ts';

export interface GroupListPage {
  groups: GroupRow[];
  nextMarker: string | null;
  total: number;
}

/**
 * Groups anyone may find, over the groups row named `alias`: public (the flag and the view mask's
 * public bit, which accessLevels may take away) and open to explore (a DISABLED group is reachable
 * by link only, a BLOCKED one not at all).
 */
export function explorableGroup(alias: string): SQL {
  // Not hidden by a moderator either (decision 0018).
  return sql.raw(
    `(${alias}.is_public AND (${alias}.view_mask & 1) = 1 AND ${alias}.explore_status = 'ENABLED' AND ${alias}.hidden_at IS NULL)`,
  );
}

const EXPLORABLE = explorableGroup('groups');

function offsetOf(marker: string | null | undefined, list: string): number {
  if (!marker) return 0;
  const decoded = decodeMarker(marker);
  if (decoded.list !== list) throw badUserInput('marker', 'This paging marker belongs to another list.');
  return decoded.offset;
}

/** Hides groups whose owner and the viewer are separated by a block. */
const notBlocked = (viewerId: number | null) =>
  sql`NOT ${blockedBetween(viewerId, sql`${groups.creatorId}`)}`;

/** Kept by the database (groups.member_count, migration 0026). */
const members = sql`${groups.memberCount}`;

async function page(
  db: Database,
  where: SQL,
  order: SQL,
  list: string,
  marker: string | null | undefined,
): Promise<GroupListPage> {
  const offset = offsetOf(marker, list);
  const [counted] = await db
    .select({ n: sql<number>`count(*)` })
    .from(groups)
    .where(where);
  const found = await db.select().from(groups).where(where).orderBy(order).limit(PAGE_SIZE).offset(offset);
  const total = Number(counted?.n ?? 0);
  return {
    groups: found,
    total,
    nextMarker: offset + found.length < total ? encodeMarker(list, offset + found.length) : null,
  };
}

/** exploreGroups: explorable groups the viewer is not in, busiest first. */
export function listExploreGroups(db: Database, viewerId: number | null, marker?: string | null) {
  const notMine =
    viewerId === null
      ? sql`true`
      : sql`NOT EXISTS (SELECT 1 FROM group_members mine WHERE mine.group_id = ${groups.id} AND mine.user_id = ${viewerId})`;
  return page(
    db,
    sql`${EXPLORABLE} AND ${notMine} AND ${notBlocked(viewerId)}`,
    sql`${members} DESC, ${groups.id} DESC`,
    'explore-groups',
    marker,
  );
}

/** relatedGroups: explorable groups sharing a hashtag or the city with the group, most shared first. */
export function listRelatedGroups(
  db: Database,
  group: GroupRow,
  viewerId: number | null,
  marker?: string | null,
) {
  const tags = group.hashtags.map((tag) => tag.toLowerCase());
  const sharedTags =
    tags.length === 0
      ? sql`CAST(0 AS int)`
      : sql`(SELECT count(*) FROM unnest(${groups.hashtags}) t WHERE lower(t) IN (${sql.join(
          tags.map((tag) => sql`${tag}`),
          sql`, `,
        )}))`;
  const sameCity = group.city ? sql`lower(${groups.city}) = lower(${group.city})` : sql`false`;
  return page(
    db,
    sql`${EXPLORABLE} AND ${groups.id} <> ${group.id} AND (${sharedTags} > 0 OR ${sameCity}) AND ${notBlocked(viewerId)}`,
    sql`${sharedTags} DESC, ${members} DESC, ${groups.id}`,
    `related-groups:${group.id}`,
    marker,
  );
}

export const SUGGESTIONS_SHOWN = 10;

/** groupSuggestions: explorable groups the viewer is not in, ranked by friends inside, then size. */
export async function listGroupSuggestions(db: Database, viewerId: number): Promise<GroupRow[]> {
  const friendsInside = sql`(SELECT count(*) FROM group_members fm
    JOIN follows a ON a.user_id = ${viewerId} AND a.target_id = fm.user_id AND a.status = 'FOLLOWING'
    JOIN follows b ON b.user_id = fm.user_id AND b.target_id = ${viewerId} AND b.status = 'FOLLOWING'
    WHERE fm.group_id = ${groups.id} AND fm.status = 'member')`;
  return db
    .select()
    .from(groups)
    .where(
      sql`${EXPLORABLE} AND ${notBlocked(viewerId)} AND NOT EXISTS (SELECT 1 FROM group_members mine
        WHERE mine.group_id = ${groups.id} AND mine.user_id = ${viewerId})`,
    )
    .orderBy(sql`${friendsInside} DESC, ${members} DESC, ${groups.id} DESC`)
    .limit(SUGGESTIONS_SHOWN);
}

/** myGroups: every group the person is a member of, most recently joined first. */
export async function listMyGroups(db: Database, userId: number): Promise<GroupRow[]> {
  return db
    .select()
    .from(groups)
    .where(
      sql`EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = ${groups.id} AND m.user_id = ${userId} AND m.status = 'member')`,
    )
    .orderBy(
      sql`(SELECT m.joined_at FROM group_members m WHERE m.group_id = ${groups.id} AND m.user_id = ${userId}) DESC`,
      groups.id,
    );
}
