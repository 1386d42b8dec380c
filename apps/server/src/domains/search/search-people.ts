import { sql, type SQL } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import { DELETED_USER_KEY } from '../../db/schema/index.ts';
import { FRIEND_PAIRS, blockedBetween } from '../social/social-sql.ts';
import type { UserRow } from '../users/find-user.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { loadedRows } from '../plans/plan-cards.ts';
import {
  isFriendId,
  candidateRows,
  candidatesAround,
  countedRows,
  idKey,
  keysOf,
  rankedOrChanged,
  rankedPage,
  rankedRows,
  visibleRow,
  withFriends,
  type SearchList,
  type SortKey,
} from './search-sql.ts';
import { matches, relevanceOf, tierOf, type TextParams } from './text-query.ts';

/**
 * People search may show: onboarded, neither hidden nor suspended by a moderator (decision 0018),
 * never the bot or the deleted-user placeholder.
 */
function findable(alias: string): SQL {
  const u = sql.raw(alias);
  return sql`(${u}.onboarded_at IS NOT NULL AND ${u}.hidden_at IS NULL AND ${u}.suspended_at IS NULL
    AND ${u}.id <> ${BOT_USER_ID} AND ${u}.key <> ${DELETED_USER_KEY})`;
}

/** Best match, then a friend, then more mutual friends, then verified. */
function personKeys(alias: string, text: TextParams, social: { friend: SQL; mutual: SQL } | null): SortKey[] {
  const tier = tierOf(alias, text);
  return keysOf([
    tier && { name: 'tier', value: tier, order: 'ASC', bucket: true },
    { name: 'relevance', value: relevanceOf(alias, text), order: 'DESC', bucket: true },
    social && { name: 'friend', value: social.friend, order: 'DESC' },
    social && { name: 'mutual', value: social.mutual, order: 'DESC' },
    { name: 'verified', value: sql.raw(`${alias}.is_verified`), order: 'DESC' },
    idKey(alias),
  ]);
}

export const personList: SearchList<UserRow> = {
  name: 'people',

  ranked: ({ text, limit }) =>
    rankedRows({
      from: sql`users u`,
      where: sql`${matches('u', text)} AND ${personList.open('u')}`,
      keys: personKeys('u', text, null),
      limit,
    }),

  open: (alias) => sql`(${sql.raw(alias)}.is_public AND ${findable(alias)})`,

  page: ({ text, viewerId, friends, around, candidates, since, offset, limit }) => {
    const changed = rankedOrChanged('users', candidates, since);
    // A private profile is found only by the people who already see it in their friends list
    // (read afresh: the circle's friends may be a minute old).
    const visible = visibleRow(
      'users',
      'u',
      viewerId === null
        ? sql`true`
        : sql`NOT ${blockedBetween(viewerId, sql`u.id`)} AND (u.is_public
          OR EXISTS (SELECT 1 FROM ${FRIEND_PAIRS} fr WHERE fr.person = ${viewerId} AND fr.friend = u.id))`,
    );
    if (viewerId === null) {
      return rankedPage({
        ctes: [sql`found AS (${changed})`],
        rows: candidateRows('users', sql`found`),
        where: sql`${matches('x', text)} AND ${findable('x')} AND x.is_public`,
        keys: personKeys('x', text, null),
        visible,
        offset,
        limit,
      });
    }
    return rankedPage({
      ctes: [withFriends(friends), sql`found AS (${candidatesAround(changed, around)})`],
      rows: countedRows('users', sql`found`),
      where: sql`${matches('x', text)} AND ${findable('x')} AND x.id <> ${viewerId}`,
      keys: personKeys('x', text, {
        friend: isFriendId(sql`x.id`),
        mutual: sql`x.circle_n`,
      }),
      visible,
      offset,
      limit,
    });
  },

  load: async (context, ids) => loadedRows(await groupLoaders(context).user.loadMany(ids)),
};
