import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { GroupCard } from '../groups/group-type.ts';
import type { UserRow } from '../users/find-user.ts';
import { PAGE_SIZE, decodeMarker, encodeMarker } from '../social/list-people.ts';
import { selectMemberGroups } from '../social/list-user-groups.ts';
import { blockedBetween, rows } from '../social/social-sql.ts';
import { users } from '../../db/schema/index.ts';

export const INVITABLE_TYPES = ['USERS', 'GROUPS', 'CONTACTS'] as const;
export type InvitableType = (typeof INVITABLE_TYPES)[number];

export interface ContactCard {
  kind: 'contact';
  key: string;
  fullName: string;
  email: string | null;
  phone: string | null;
}

export type Invitable = { kind: 'user'; user: UserRow } | { kind: 'group'; group: GroupCard } | ContactCard;

export function parseInvitableType(value: string): InvitableType {
  const upper = value.toUpperCase();
  if ((INVITABLE_TYPES as readonly string[]).includes(upper)) return upper as InvitableType;
  throw badUserInput('type', `type is one of ${INVITABLE_TYPES.join(', ')}.`);
}

/**
 * Whom the person may invite (spec 3 "Invitee"): people they are connected with (friends, people
 * they follow or who follow them), their groups, or their imported contacts; searched by name,
 * address or number. With `key` of a group or plan, people already in it are left out.
 */
export async function listInvitables(
  db: Database,
  input: {
    viewerId: number;
    type: InvitableType;
    key?: string | null;
    searchText?: string | null;
    marker?: string | null;
  },
): Promise<{ invitables: Invitable[]; nextMarker: string | null }> {
  const offset = input.marker ? decodeMarker(input.marker, 'nextMarker').offset : 0;
  const search = input.searchText?.trim()
    ? `%${input.searchText
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, '\\$&')}%`
    : null;
  const me = input.viewerId;
  let found: Invitable[];
  if (input.type === 'USERS') {
    const notIn = input.key
      ? // Only the group's members and the plan's creator or guests learn who is already in it.
        sql`AND u.id NOT IN (SELECT gm.user_id FROM group_members gm JOIN groups g ON g.id = gm.group_id WHERE g.key = ${input.key}
              AND EXISTS (SELECT 1 FROM group_members mine WHERE mine.group_id = g.id AND mine.user_id = ${me} AND mine.status = 'member')
            UNION SELECT pr.user_id FROM plan_responses pr JOIN plans p ON p.id = pr.plan_id WHERE p.key = ${input.key}
              AND (p.creator_id = ${me} OR EXISTS (SELECT 1 FROM plan_responses mine WHERE mine.plan_id = p.id AND mine.user_id = ${me})))`
      : sql``;
    const ids = await rows<{ id: number }>(
      db,
      sql`SELECT u.id FROM users u WHERE u.id IN (
            SELECT target_id FROM follows WHERE user_id = ${me} AND status = 'FOLLOWING'
            UNION SELECT user_id FROM follows WHERE target_id = ${me} AND status = 'FOLLOWING')
          AND NOT ${blockedBetween(me, sql`u.id`)} ${notIn}
          ${search ? sql`AND lower(u.first || ' ' || u.last || ' ' || u.username) LIKE ${search}` : sql``}
          ORDER BY lower(u.first), lower(u.last), u.id LIMIT ${PAGE_SIZE + 1} OFFSET ${offset}`,
    );
    const people = ids.length
      ? await db
          .select()
          .from(users)
          .where(
            sql`${users.id} IN (${sql.join(
              ids.map((r) => sql`${Number(r.id)}`),
              sql`, `,
            )})`,
          )
      : [];
    const byId = new Map(people.map((p) => [p.id, p]));
    found = ids.map((r) => ({ kind: 'user' as const, user: byId.get(Number(r.id))! }));
  } else if (input.type === 'GROUPS') {
    const groups = await selectMemberGroups(
      db,
      me,
      search ? sql`lower(g.title) LIKE ${search}` : sql`true`,
      offset,
    );
    found = groups.map((group) => ({ kind: 'group' as const, group }));
  } else {
    const contacts = await rows<{
      key: string;
      full_name: string;
      email: string | null;
      phone: string | null;
    }>(
      db,
      sql`SELECT key, full_name, email, phone FROM contacts WHERE owner_id = ${me}
          ${search ? sql`AND (lower(full_name) LIKE ${search} OR email LIKE ${search} OR phone LIKE ${search})` : sql``}
          ORDER BY lower(full_name), id LIMIT ${PAGE_SIZE + 1} OFFSET ${offset}`,
    );
    found = contacts.map((c) => ({
      kind: 'contact' as const,
      key: c.key,
      fullName: c.full_name,
      email: c.email,
      phone: c.phone,
    }));
  }
  return {
    invitables: found.slice(0, PAGE_SIZE),
    nextMarker:
      found.length > PAGE_SIZE ? encodeMarker(`invitables:${input.type}`, offset + PAGE_SIZE) : null,
  };
}
