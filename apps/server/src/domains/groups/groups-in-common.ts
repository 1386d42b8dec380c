import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { MUTUAL_FRIENDS_SHOWN } from '@plaza/core/constants';
import type { RequestContext } from '../../graphql/context.ts';
import { BATCHING, requestScoped } from '../../graphql/request-scoped.ts';
import { rows } from '../social/social-sql.ts';
import type { GroupCard } from './group-type.ts';

/** Groups in common shown on a member card, as many as mutual friends are. */
export const GROUPS_IN_COMMON_SHOWN = MUTUAL_FRIENDS_SHOWN;

/**
 * The groups each person and the viewer are both members of (spec 3: a group member adds groups),
 * up to GROUPS_IN_COMMON_SHOWN each by title, leaving out groups a moderator hid. One query for a
 * whole page of members. The viewer sees these groups as a member, so private ones count too.
 */
export const groupsInCommon = requestScoped(
  (context: RequestContext) =>
    new DataLoader<number, GroupCard[]>(async (userIds) => {
      const viewerId = context.viewer?.id;
      if (viewerId === undefined) return userIds.map(() => []);
      const found = await rows<{
        user_id: number;
        id: number;
        key: string;
        slug: string;
        title: string;
        description: string;
        image: string | null;
        is_public: boolean;
      }>(
        context.store.db,
        sql`SELECT user_id, id, key, slug, title, description, image, is_public FROM (
                SELECT theirs.user_id, g.id, g.key, g.slug, g.title, g.description, g.image, g.is_public,
                  row_number() OVER (PARTITION BY theirs.user_id ORDER BY lower(g.title), g.id) AS n
                FROM group_members theirs
                JOIN group_members mine ON mine.group_id = theirs.group_id AND mine.user_id = ${viewerId}
                  AND mine.status = 'member'
                JOIN groups g ON g.id = theirs.group_id AND g.hidden_at IS NULL
                WHERE theirs.status = 'member' AND theirs.user_id IN (${sql.join(
                  userIds.map((id) => sql`${id}`),
                  sql`, `,
                )})
              ) shown WHERE n <= ${GROUPS_IN_COMMON_SHOWN}
              ORDER BY user_id, n`,
      );
      const byUser = new Map<number, GroupCard[]>();
      for (const row of found) {
        const list = byUser.get(Number(row.user_id)) ?? [];
        list.push({
          id: Number(row.id),
          key: row.key,
          slug: row.slug,
          title: row.title,
          description: row.description,
          image: row.image,
          isPublic: row.is_public,
        });
        byUser.set(Number(row.user_id), list);
      }
      return userIds.map((id) => (id === viewerId ? [] : (byUser.get(id) ?? [])));
    }, BATCHING),
);
