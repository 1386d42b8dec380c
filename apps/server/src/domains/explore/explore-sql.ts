import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import { DELETED_USER_KEY } from '../../db/schema/index.ts';
import { explorableGroup } from '../groups/list-groups.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import { FRIEND_PAIRS, blockedBetween, friendPairsOfAny } from '../social/social-sql.ts';
import { haversineKmSql, type CenterParam } from '../places/coordinate-box.ts';

// What explore may show (decision 0016), as SQL over an aliased row, so every explore query means
// the same thing by "explorable".

export interface Center {
  latitude: number;
  longitude: number;
}

export type { CenterParam };

/** The viewer as a statement takes them: an id, a placeholder for one, or null when signed out. */
export type ViewerParam = number | Placeholder | null;

/**
 * A plan anyone may find: public (view bit 1), explore ENABLED, not hidden by a moderator, no block
 * between its creator and the viewer; and, to be sure, visible by the list rule of decision 0009.
 */
export function explorablePlan(alias: string, viewerId: ViewerParam): SQL {
  const p = sql.raw(alias);
  return sql`((${p}.view_mask & 1) = 1 AND ${p}.explore_status = 'ENABLED' AND ${p}.hidden_at IS NULL
    AND NOT ${blockedBetween(viewerId, sql`${p}.creator_id`)} AND ${planVisibleTo(alias, viewerId)})`;
}

/** Not over yet; a repeating plan until its end date (its row keeps the first occurrence). */
export function upcomingPlan(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.ends_at >= now() OR (${p}.recurrence IS NOT NULL
    AND (${p}.recurrence->>'endDate' IS NULL OR CAST(${p}.recurrence->>'endDate' AS date) >= CURRENT_DATE - 1)))`;
}

/** The exploreGroups rule (public flag and view bit, explore ENABLED), plus no block with the owner. */
export function explorableGroupFor(alias: string, viewerId: ViewerParam): SQL {
  return sql`(${explorableGroup(alias)} AND NOT ${blockedBetween(viewerId, sql`${sql.raw(alias)}.creator_id`)})`;
}

/**
 * A person explore may show: a public, onboarded profile, not hidden or suspended by a moderator;
 * never the bot, the deleted-user placeholder, the viewer, or anyone a block separates from them.
 */
export function explorablePerson(alias: string, viewerId: ViewerParam): SQL {
  const u = sql.raw(alias);
  const notViewer = viewerId === null ? sql`true` : sql`${u}.id <> ${viewerId}`;
  return sql`(${u}.is_public AND ${u}.onboarded_at IS NOT NULL AND ${u}.hidden_at IS NULL
    AND ${u}.suspended_at IS NULL AND ${u}.id <> ${BOT_USER_ID}
    AND ${u}.key <> ${DELETED_USER_KEY} AND ${notViewer} AND NOT ${blockedBetween(viewerId, sql`${u}.id`)})`;
}

/** The viewer's friends (people who follow each other with them); nobody when signed out. */
export function friendsOf(viewerId: ViewerParam): SQL {
  return viewerId === null
    ? sql`(SELECT NULL::int AS friend WHERE false)`
    : sql`(SELECT friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId})`;
}

/** Signed out there are no friends; a cast, since a bare 0 in ORDER BY would name a column. */
const NO_FRIENDS = sql`CAST(0 AS int)`;

/**
 * Whether `column` holds one of the viewer's friends, as a test PostgreSQL cannot pull up into a
 * join: the friends (thousands for some people) are read once per statement into a hashed subplan
 * and probed per row, also from inside the per-row counts below. As a bare `IN` in a counted
 * subquery's WHERE, PostgreSQL joined every friend's rows for every candidate; as one aggregate
 * over the friends' rows, ~100 ms for a person with a thousand friends.
 */
function isFriend(viewerId: number | Placeholder, column: SQL): SQL {
  return sql`coalesce(${column} IN ${friendsOf(viewerId)}, false)`;
}

/** Friends going to or interested in the plan, its creator counted when a friend. */
export function friendsInPlan(alias: string, viewerId: ViewerParam): SQL {
  if (viewerId === null) return NO_FRIENDS;
  const p = sql.raw(alias);
  return sql`((SELECT count(DISTINCT fr.user_id) FROM plan_responses fr WHERE fr.plan_id = ${p}.id
      AND fr.response IN ('ATTENDING', 'INTERESTED') AND ${isFriend(viewerId, sql`fr.user_id`)})
    + CASE WHEN ${isFriend(viewerId, sql`${p}.creator_id`)} THEN 1 ELSE 0 END)`;
}

/** People going (any occurrence). */
export function goingCount(alias: string): SQL {
  return sql`(SELECT count(*) FROM plan_responses gr WHERE gr.plan_id = ${sql.raw(alias)}.id AND gr.response = 'ATTENDING')`;
}

export function friendsInGroup(alias: string, viewerId: ViewerParam): SQL {
  if (viewerId === null) return NO_FRIENDS;
  return sql`(SELECT count(*) FROM group_members fm WHERE fm.group_id = ${sql.raw(alias)}.id
    AND fm.status = 'member' AND ${isFriend(viewerId, sql`fm.user_id`)})`;
}

/** The group's members, as the database keeps them (groups.member_count, migration 0026). */
export function memberCount(alias: string): SQL {
  return sql`${sql.raw(alias)}.member_count`;
}

/** A friend counts 1, and each mutual friend 1 more. */
export function friendsWithPerson(alias: string, viewerId: ViewerParam): SQL {
  if (viewerId === null) return NO_FRIENDS;
  const u = sql.raw(alias);
  return sql`(CASE WHEN ${isFriend(viewerId, sql`${u}.id`)} THEN 1 ELSE 0 END
    + (SELECT count(*) FROM ${FRIEND_PAIRS} mf WHERE mf.person = ${u}.id AND ${isFriend(viewerId, sql`mf.friend`)}))`;
}

/**
 * friendsWithPerson for a list that ranks every person of a place or of the world by it (100,000
 * of them for the world's popular people): the friends in common are counted once for all, one
 * aggregate over the viewer's friends' friendships kept as a JSON object (person id: count) that
 * PostgreSQL computes once per statement (an uncorrelated subquery) and each row looks up, where
 * friendsWithPerson reads the index per person. A join to the same aggregate was planned as a
 * nested loop (its row count estimated at 1): 5.5 s for the 12,499 people around Rome.
 */
export function friendsWithPersonOnce(alias: string, viewerId: ViewerParam): SQL {
  if (viewerId === null) return NO_FRIENDS;
  const u = sql.raw(alias);
  const counts = sql`(SELECT jsonb_object_agg(fof.friend, fof.n) FROM (SELECT pairs.friend, count(*) AS n
    FROM ${friendPairsOfAny(sql`ARRAY(SELECT friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId})`)} pairs
    GROUP BY pairs.friend) fof)`;
  return sql`(CASE WHEN ${isFriend(viewerId, sql`${u}.id`)} THEN 1 ELSE 0 END
    + coalesce((${counts} ->> ${u}.id::text)::int, 0))`;
}

/** The person's followers, kept by the database (users.follower_count, decision 0051). */
export function followerCount(alias: string): SQL {
  return sql.raw(`${alias}.follower_count`);
}

/** Kilometres from the row's coordinates (micro-degrees) to `center` (haversineKmSql); null without coordinates. */
export function distanceKm(alias: string, center: CenterParam): SQL {
  const a = sql.raw(alias);
  return haversineKmSql(sql`${a}.latitude_e6`, sql`${a}.longitude_e6`, center);
}

/** A Box as a statement takes it: micro-degrees, or placeholders filled in later. */
export interface BoxParam {
  latitudes: [number | Placeholder, number | Placeholder];
  longitudes: [number | Placeholder, number | Placeholder] | null;
}

/**
 * Within `radiusKm` of `center`; first a box of latitudes and longitudes around it (boxAround of
 * the center and radius), which the (latitude_e6, longitude_e6) indexes answer without reading
 * rows. The box's longitudes are null where it would reach a pole or cross the 180th meridian: a
 * band of latitudes then.
 */
export function withinBox(
  alias: string,
  center: CenterParam,
  box: BoxParam,
  radiusKm: number | Placeholder,
): SQL {
  const a = sql.raw(alias);
  const { latitudes, longitudes } = box;
  const lon = longitudes ? sql`BETWEEN ${longitudes[0]} AND ${longitudes[1]}` : sql`IS NOT NULL`;
  return sql`(${a}.latitude_e6 BETWEEN ${latitudes[0]} AND ${latitudes[1]} AND ${a}.longitude_e6 ${lon}
    AND ${distanceKm(alias, center)} <= ${radiusKm})`;
}

/** Distance in tenths of a kilometre: rows 100 m apart tie, and the next keys decide. */
export function roundedKm(alias: string, center: CenterParam): SQL {
  return sql`round(CAST(${distanceKm(alias, center)} * 10 AS numeric))`;
}

/**
 * The search domain's word matching (decision 0015) over the row's stored search_tsv: `query` is a
 * prefixQuery of the text (every word as a prefix), or a placeholder for one.
 */
export function matchesQuery(alias: string, query: string | Placeholder): SQL {
  return sql`(${sql.raw(alias)}.search_tsv @@ to_tsquery('simple'::regconfig, ${query}))`;
}
