import { sql, type SQL } from 'drizzle-orm';
import { groupLoaders, type GroupRow } from '../groups/group-loaders.ts';
import { loadedRows } from '../plans/plan-cards.ts';
import { blockedBetween } from '../social/social-sql.ts';
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
  visibleRow,
  type NearParams,
  type SearchList,
  type SortKey,
} from './search-sql.ts';
import { matches, relevanceOf, tierOf, type TextParams } from './text-query.ts';

/**
 * The rule of exploreGroups (list-groups.ts): public (the flag and the view mask's public bit),
 * explore ENABLED, not hidden by a moderator (decision 0018); blocks are the viewer's part.
 */
function explorable(alias: string): SQL {
  return sql.raw(`(${alias}.is_public AND (${alias}.view_mask & 1) = 1 AND ${alias}.explore_status = 'ENABLED'
    AND ${alias}.hidden_at IS NULL)`);
}

/** Best match, then nearer to `near`, then more friends inside, then bigger. */
function groupKeys(
  alias: string,
  text: TextParams,
  near: NearParams | null,
  friendsInside: SQL | null,
): SortKey[] {
  const tier = tierOf(alias, text);
  return keysOf([
    tier && { name: 'tier', value: tier, order: 'ASC', bucket: true },
    { name: 'relevance', value: relevanceOf(alias, text), order: 'DESC', bucket: true },
    near && { name: 'dist', value: distance(alias, near), order: 'ASC NULLS LAST', bucket: true },
    friendsInside && { name: 'friends', value: friendsInside, order: 'DESC' },
    {
      name: 'members',
      value: sql`${sql.raw(alias)}.member_count`,
      order: 'DESC',
    },
    idKey(alias),
  ]);
}

export const groupList: SearchList<GroupRow> = {
  name: 'groups',

  ranked: ({ text, near, limit }) =>
    rankedRows({
      from: sql`groups g`,
      where: sql`${matches('g', text)} AND ${explorable('g')}`,
      keys: groupKeys('g', text, near, null),
      limit,
    }),

  open: explorable,

  page: ({ text, near, viewerId, around, candidates, since, offset, limit }) => {
    const changed = rankedOrChanged('groups', candidates, since);
    const common = {
      where: sql`${matches('x', text)} AND ${explorable('x')}`,
      visible: visibleRow('groups', 'g', sql`NOT ${blockedBetween(viewerId, sql`g.creator_id`)}`),
      offset,
      limit,
      returning: ['members'],
    };
    if (viewerId === null) {
      return rankedPage({
        ...common,
        ctes: [sql`found AS (${changed})`],
        rows: candidateRows('groups', sql`found`),
        keys: groupKeys('x', text, near, null),
      });
    }
    return rankedPage({
      ...common,
      ctes: [sql`found AS (${candidatesAround(changed, around)})`],
      rows: countedRows('groups', sql`found`),
      keys: groupKeys('x', text, near, sql`x.circle_n`),
    });
  },

  // The member counts the page ranked by: the cards show them without counting again.
  load: async (context, ids, page) => {
    const loaders = groupLoaders(context);
    for (const row of page) loaders.memberCount.prime(Number(row.id), Number(row.members));
    return loadedRows(await loaders.row.loadMany(ids));
  },
};
