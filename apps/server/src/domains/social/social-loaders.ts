import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import { statusFromTies, type Tie, type TiePair } from '@plaza/core/friendship-transitions';
import type { FriendshipStatus } from '@plaza/core/friendship';
import type { RequestContext } from '../../graphql/context.ts';
import { FRIEND_PAIRS, PUBLIC_GROUP, PUBLIC_PLAN, rows } from './social-sql.ts';
import { BATCHING, requestScoped } from '../../graphql/request-scoped.ts';
import { idArray } from '../../db/id-array.ts';
import { sharedScopeOf } from '../../graphql/subscription-events.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { viewerTies } from './viewer-ties.ts';

/** The ids of a batch as one array parameter (idArray), compared with `= ANY(${ids})`. */
type IdList = SQL;

/** A loader of one number per person, from one grouped query per batch. */
function countLoader(context: RequestContext, query: (ids: IdList) => SQL) {
  return new DataLoader<number, number>(async (ids) => {
    const found = await rows<{ id: number; n: number | string }>(context.store.db, query(idArray(ids)));
    const byId = new Map(found.map((row) => [Number(row.id), Number(row.n)]));
    return ids.map((id) => byId.get(id) ?? 0);
  }, BATCHING);
}

function createSocialLoaders(context: RequestContext) {
  const viewerId = context.viewer?.id ?? null;
  const db = context.store.db;
  // Others see only public plans in counts; the person sees all of theirs.
  const visiblePlan = (person: SQL) =>
    viewerId === null ? PUBLIC_PLAN('p') : sql`(${PUBLIC_PLAN('p')} OR ${person} = ${viewerId})`;
  const plansOf = (ids: IdList, when: SQL) => sql`SELECT x.id, count(DISTINCT p.id) AS n FROM
    (SELECT r.user_id AS id, r.plan_id FROM plan_responses r WHERE r.response = 'ATTENDING' AND r.user_id = ANY(${ids})
     UNION SELECT p2.creator_id, p2.id FROM plans p2 WHERE p2.creator_id = ANY(${ids})) x
    JOIN plans p ON p.id = x.plan_id WHERE ${when} AND ${visiblePlan(sql`x.id`)} GROUP BY x.id`;

  return {
    /** The ties between the viewer and each person, seen from the viewer (no ties when signed out). */
    ties: new DataLoader<number, TiePair>(async (ids) => {
      if (viewerId === null) return ids.map(() => ({ out: 'none' as const, in: 'none' as const }));
      const known = viewerTies(context);
      // Outside a subscription event, people's rows come with the viewer's ties (usersWithTies):
      // asked with the rows the same resolvers ask for, in the same statement.
      if (sharedScopeOf(context) === context) await groupLoaders(context).user.loadMany(ids);
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length > 0) {
        const found = await rows<{ user_id: number; target_id: number; status: Tie }>(
          db,
          sql`SELECT user_id, target_id, status FROM follows
              WHERE (user_id = ${viewerId} AND target_id = ANY(${idArray(missing)}))
                 OR (target_id = ${viewerId} AND user_id = ANY(${idArray(missing)}))`,
        );
        const tie = (from: number, to: number): Tie =>
          found.find((row) => Number(row.user_id) === from && Number(row.target_id) === to)?.status ?? 'none';
        for (const id of missing) known.set(id, { out: tie(viewerId, id), in: tie(id, viewerId) });
      }
      return ids.map((id) => known.get(id)!);
    }, BATCHING),
    followerCount: countLoader(
      context,
      (ids) => sql`SELECT target_id AS id, count(*) AS n FROM follows
        WHERE status = 'FOLLOWING' AND target_id = ANY(${ids}) GROUP BY target_id`,
    ),
    friendCount: countLoader(
      context,
      (ids) => sql`SELECT f.person AS id, count(*) AS n FROM ${FRIEND_PAIRS} f
        WHERE f.person = ANY(${ids}) GROUP BY f.person`,
    ),
    friendCountCommon: countLoader(context, (ids) =>
      viewerId === null
        ? sql`SELECT 0 AS id, 0 AS n WHERE false`
        : sql`SELECT f.person AS id, count(*) AS n FROM ${FRIEND_PAIRS} f
            JOIN ${FRIEND_PAIRS} mine ON mine.person = ${viewerId} AND mine.friend = f.friend
            WHERE f.person = ANY(${ids}) GROUP BY f.person`,
    ),
    groupCount: countLoader(
      context,
      (ids) => sql`SELECT user_id AS id, count(*) AS n FROM group_members
        WHERE status = 'member' AND user_id = ANY(${ids}) GROUP BY user_id`,
    ),
    groupCountPublic: countLoader(
      context,
      (
        ids,
      ) => sql`SELECT m.user_id AS id, count(*) AS n FROM group_members m JOIN groups g ON g.id = m.group_id
        WHERE m.status = 'member' AND m.user_id = ANY(${ids}) AND ${PUBLIC_GROUP('g')} GROUP BY m.user_id`,
    ),
    groupCountCommon: countLoader(context, (ids) =>
      viewerId === null
        ? sql`SELECT 0 AS id, 0 AS n WHERE false`
        : sql`SELECT m.user_id AS id, count(*) AS n FROM group_members m
            JOIN group_members mine ON mine.group_id = m.group_id AND mine.user_id = ${viewerId} AND mine.status = 'member'
            WHERE m.status = 'member' AND m.user_id = ANY(${ids}) GROUP BY m.user_id`,
    ),
    eventCountPast: countLoader(context, (ids) => plansOf(ids, sql`p.ends_at < now()`)),
    eventCountUpcoming: countLoader(context, (ids) => plansOf(ids, sql`p.ends_at >= now()`)),
  };
}

export type SocialLoaders = ReturnType<typeof createSocialLoaders>;

/** The viewer's status toward a person (never SELF: the field handles that). */
export async function loadStatus(context: RequestContext, userId: number): Promise<FriendshipStatus> {
  return statusFromTies(await socialLoaders(context).ties.load(userId));
}

/** After a friendship action toward `userId`: the request reads the ties afresh. */
export function forgetTies(context: RequestContext, userId: number): void {
  socialLoaders(context).ties.clear(userId);
  viewerTies(context).delete(userId);
}

/** The request's loaders, made on first use: a list of N people costs one query per field. */
export const socialLoaders: (context: RequestContext) => SocialLoaders = requestScoped(createSocialLoaders);
