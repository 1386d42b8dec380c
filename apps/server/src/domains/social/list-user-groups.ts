import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { SQL } from 'drizzle-orm';
import type { GroupCard } from '../groups/group-type.ts';
import { PAGE_SIZE, decodeMarker, encodeMarker } from './list-people.ts';
import { PUBLIC_GROUP, rows } from './social-sql.ts';

/** Filters of spec 3 "Other entities": groups in common, public groups, public groups they created. */
export const GROUP_FILTERS = ['public', 'common', 'public-created'] as const;
export type GroupFilter = (typeof GROUP_FILTERS)[number];

export function parseGroupFilter(value: string | null | undefined, field = 'filter'): GroupFilter {
  if (value == null || value === '') return 'public';
  if ((GROUP_FILTERS as readonly string[]).includes(value)) return value as GroupFilter;
  throw badUserInput(field, `The filter is one of ${GROUP_FILTERS.join(', ')}.`);
}

/**
 * A person's groups as the viewer may see them. Strangers see only public groups; "common" lists
 * groups both are members of, which the viewer sees as a member. The person sees all of theirs.
 */
export async function listUserGroups(
  db: Database,
  input: { userId: number; viewerId: number | null; filter: GroupFilter; marker?: string | null },
): Promise<{ groups: GroupCard[]; nextMarker: string | null }> {
  const offset = input.marker ? decodeMarker(input.marker, 'marker').offset : 0;
  const isSelf = input.viewerId === input.userId;
  let condition;
  if (input.filter === 'common') {
    if (input.viewerId === null) return { groups: [], nextMarker: null };
    condition = sql`EXISTS (SELECT 1 FROM group_members mine WHERE mine.group_id = g.id
      AND mine.user_id = ${input.viewerId} AND mine.status = 'member')`;
  } else if (input.filter === 'public-created') {
    condition = sql`g.creator_id = ${input.userId} AND ${PUBLIC_GROUP('g')}`;
  } else {
    condition = isSelf ? sql`true` : PUBLIC_GROUP('g');
  }
  const found = await selectMemberGroups(db, input.userId, condition, offset);
  const page = found.slice(0, PAGE_SIZE);
  return {
    groups: page,
    nextMarker: found.length > PAGE_SIZE ? encodeMarker(`groups:${input.filter}`, offset + PAGE_SIZE) : null,
  };
}

/** One page (plus one row, to tell whether more follow) of the groups `userId` is a member of, matching `condition` on `g`. */
export async function selectMemberGroups(
  db: Database,
  userId: number,
  condition: SQL,
  offset: number,
): Promise<GroupCard[]> {
  const found = await rows<{
    id: number;
    key: string;
    slug: string;
    title: string;
    description: string;
    image: string | null;
    is_public: boolean;
  }>(
    db,
    sql`SELECT g.id, g.key, g.slug, g.title, g.description, g.image, g.is_public
        FROM groups g JOIN group_members m ON m.group_id = g.id AND m.user_id = ${userId} AND m.status = 'member'
        WHERE ${condition}
        ORDER BY lower(g.title), g.id LIMIT ${PAGE_SIZE + 1} OFFSET ${offset}`,
  );
  return found.map((g) => ({
    id: Number(g.id),
    key: g.key,
    slug: g.slug,
    title: g.title,
    description: g.description,
    image: g.image,
    isPublic: g.is_public,
  }));
}
