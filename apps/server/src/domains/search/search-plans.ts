import { sql, type SQL } from 'drizzle-orm';
import { PLAN_CARD_COLUMNS, planCardOf, type PlanCardSqlRow } from '../plans/plan-card-sql.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import { rows } from '../social/social-sql.ts';
import {
  candidateRows,
  distance,
  idArray,
  idKey,
  keysOf,
  orderByValues,
  rankedPage,
  visibleRow,
  withFriends,
  type Coordinates,
  type SearchList,
  type SortKey,
} from './search-sql.ts';
import { matches, relevanceOf, tierOf, type TextMatch } from './text-query.ts';

/** A repeating plan is upcoming until its end date has passed (its row keeps the first occurrence). */
function upcoming(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.ends_at >= now() OR (${p}.recurrence IS NOT NULL
    AND (${p}.recurrence->>'endDate' IS NULL OR CAST(${p}.recurrence->>'endDate' AS date) >= CURRENT_DATE - 1)))`;
}

/** Best match, then nearer to `near`, then more friends going, then sooner. */
function planKeys(
  alias: string,
  text: TextMatch,
  near: Coordinates | null,
  friendsGoing: SQL | null,
): SortKey[] {
  const tier = tierOf(alias, text);
  return keysOf([
    tier && { name: 'tier', value: tier, order: 'ASC' },
    { name: 'relevance', value: relevanceOf(alias, text), order: 'DESC' },
    near && { name: 'dist', value: distance(alias, near), order: 'ASC NULLS LAST' },
    friendsGoing && { name: 'friends', value: friendsGoing, order: 'DESC' },
    { name: 'starts', value: sql.raw(`${alias}.starts_at`), order: 'ASC' },
    idKey(alias),
  ]);
}

export const planList: SearchList<PlanCard> = {
  name: 'plans',

  // Search is explore: a plan explore DISABLED is reachable by its link only (its creator still
  // finds it, through the viewer's page below).
  ranked: ({ text, near, limit }) => sql`SELECT p.id FROM plans p
    WHERE ${matches('p', text)} AND ${upcoming('p')} AND p.explore_status = 'ENABLED' AND ${planVisibleTo('p', null)}
    ORDER BY ${orderByValues(planKeys('p', text, near, null))}
    LIMIT ${limit}`,

  page: ({ text, near, viewerId, candidates, since, offset, limit }) => {
    const changed = sql`SELECT unnest(${idArray(candidates)}) AS id
      UNION SELECT id FROM plans WHERE updated_at >= ${since}`;
    if (viewerId === null) {
      return rankedPage({
        ctes: [sql`found AS (${changed})`],
        rows: candidateRows('plans', sql`found`),
        where: sql`${matches('x', text)} AND ${upcoming('x')} AND x.explore_status = 'ENABLED'`,
        keys: planKeys('x', text, near, null),
        visible: visibleRow('plans', 'p', planVisibleTo('p', null)),
        offset,
        limit,
      });
    }
    return rankedPage({
      ctes: [
        withFriends(viewerId),
        sql`going AS MATERIALIZED (SELECT plan_id, count(*) AS friends FROM plan_responses
          WHERE user_id IN (SELECT friend FROM friends) AND response IN ('ATTENDING', 'INTERESTED')
          GROUP BY plan_id)`,
        // Every way a plan that is not public may be visible to the viewer (planVisibleTo, decision
        // 0009), and the plans friends go to; planVisibleTo itself decides below.
        sql`found AS (${changed}
          UNION SELECT plan_id FROM going
          UNION SELECT id FROM plans WHERE creator_id = ${viewerId}
          UNION SELECT plan_id FROM plan_responses WHERE user_id = ${viewerId}
          UNION SELECT plan_id FROM plan_contact_invites
            WHERE email = (SELECT lower(email) FROM users WHERE id = ${viewerId} AND email_verified)
          UNION SELECT plan_id FROM plan_contact_invites
            WHERE phone = (SELECT phone FROM users WHERE id = ${viewerId} AND phone_verified)
          UNION SELECT fp.id FROM follows f JOIN plans fp ON fp.creator_id = f.target_id
            WHERE f.user_id = ${viewerId} AND f.status = 'FOLLOWING'
          UNION SELECT gp.id FROM group_members m JOIN plans gp ON gp.group_id = m.group_id
            WHERE m.user_id = ${viewerId} AND m.status = 'member')`,
      ],
      rows: sql`${candidateRows('plans', sql`found`)} LEFT JOIN going ON going.plan_id = x.id`,
      where: sql`${matches('x', text)} AND ${upcoming('x')}
        AND (x.explore_status = 'ENABLED' OR x.creator_id = ${viewerId})`,
      keys: planKeys('x', text, near, sql`COALESCE(going.friends, 0)`),
      visible: visibleRow('plans', 'p', planVisibleTo('p', viewerId)),
      offset,
      limit,
    });
  },

  load: async (db, ids) => {
    if (ids.length === 0) return [];
    const found = await rows<PlanCardSqlRow>(
      db,
      sql`SELECT ${PLAN_CARD_COLUMNS} FROM plans p JOIN users u ON u.id = p.creator_id
        WHERE p.id = ANY(${idArray(ids)})`,
    );
    const byId = new Map(found.map((row) => [Number(row.id), planCardOf(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
};
