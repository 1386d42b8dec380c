import { sql, type SQL } from 'drizzle-orm';
import { planCards } from '../plans/plan-cards.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import {
  candidateRows,
  candidatesAround,
  countedRows,
  distance,
  idKey,
  keysOf,
  rankedOrChanged,
  rankedPage,
  rankedRows,
  upcoming,
  visibleRow,
  type NearParams,
  type SearchList,
  type SortKey,
} from './search-sql.ts';
import { matches, relevanceOf, tierOf, type TextParams } from './text-query.ts';

/** Best match, then nearer to `near`, then more friends going, then sooner. */
function planKeys(
  alias: string,
  text: TextParams,
  near: NearParams | null,
  friendsGoing: SQL | null,
): SortKey[] {
  const tier = tierOf(alias, text);
  return keysOf([
    tier && { name: 'tier', value: tier, order: 'ASC', bucket: true },
    { name: 'relevance', value: relevanceOf(alias, text), order: 'DESC', bucket: true },
    near && { name: 'dist', value: distance(alias, near), order: 'ASC NULLS LAST', bucket: true },
    friendsGoing && { name: 'friends', value: friendsGoing, order: 'DESC' },
    { name: 'starts', value: sql.raw(`${alias}.starts_at`), order: 'ASC' },
    idKey(alias),
  ]);
}

export const planList: SearchList<PlanCard> = {
  name: 'plans',

  // Search is explore: a plan explore DISABLED is reachable by its link only (its creator still
  // finds it, through the viewer's page below).
  ranked: ({ text, near, limit }) =>
    rankedRows({
      from: sql`plans p`,
      where: sql`${matches('p', text)} AND ${upcoming('p')} AND ${planList.open('p')}`,
      keys: planKeys('p', text, near, null),
      limit,
    }),

  open: (alias) => sql`(${sql.raw(alias)}.explore_status = 'ENABLED' AND ${planVisibleTo(alias, null)})`,

  page: ({ text, near, viewerId, around, candidates, since, offset, limit }) => {
    const changed = rankedOrChanged('plans', candidates, since);
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
        // Every way a plan that is not public may be visible to the viewer (planVisibleTo, decision
        // 0009), and the plans friends go to (the circle holds the ways through other people, and
        // how many friends go); planVisibleTo itself decides below. Public plans are in the shared
        // ranking.
        sql`found AS (${candidatesAround(
          sql`${changed}
          UNION ALL SELECT id FROM plans WHERE creator_id = ${viewerId}
          UNION ALL SELECT plan_id FROM plan_responses WHERE user_id = ${viewerId}
          UNION ALL SELECT plan_id FROM plan_contact_invites
            WHERE email = (SELECT lower(email) FROM users WHERE id = ${viewerId} AND email_verified)
          UNION ALL SELECT plan_id FROM plan_contact_invites
            WHERE phone = (SELECT phone FROM users WHERE id = ${viewerId} AND phone_verified)
          UNION ALL SELECT gp.id FROM group_members m JOIN plans gp ON gp.group_id = m.group_id
            WHERE m.user_id = ${viewerId} AND m.status = 'member' AND (gp.view_mask & 1) = 0`,
          around,
        )})`,
      ],
      rows: countedRows('plans', sql`found`),
      where: sql`${matches('x', text)} AND ${upcoming('x')}
        AND (x.explore_status = 'ENABLED' OR x.creator_id = ${viewerId})`,
      keys: planKeys('x', text, near, sql`x.circle_n`),
      visible: visibleRow('plans', 'p', planVisibleTo('p', viewerId)),
      offset,
      limit,
    });
  },

  load: (context, ids) => planCards(context, ids),
};
