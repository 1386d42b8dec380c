import { and, eq, sql } from 'drizzle-orm';
import type { GroupMemberStatus, GroupRole } from '@plaza/core/group-roles';
import type { Database } from '../../db/client.ts';
import { groupMembers, users } from '../../db/schema/index.ts';
import type { UserRow } from '../users/find-user.ts';
import { PAGE_SIZE, decodeMarker, encodeMarker } from '../social/list-people.ts';
import { blockedBetween } from '../social/social-sql.ts';

export interface GroupMemberEntry {
  groupId: number;
  user: UserRow;
  role: GroupRole;
  status: GroupMemberStatus;
  joinedAt: Date;
}

export interface GroupMemberPage {
  members: GroupMemberEntry[];
  nextMarker: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * One page of a group's members (or, with `requests`, of people waiting for an answer), leaving
 * out anyone a block separates from the viewer. Owner first, then admins, moderators, members,
 * each by join date. `searchText` matches names and usernames, also partly ('hikrs').
 */
export async function listGroupMembers(
  db: Database,
  input: {
    groupId: number;
    viewerId: number | null;
    requests?: boolean;
    searchText?: string | null;
    marker?: string | null;
    onlyUserId?: number | null;
  },
): Promise<GroupMemberPage> {
  const list = input.requests ? 'group-requests' : 'group-members';
  const offset = input.marker ? decodeMarker(input.marker).offset : 0;
  const search = input.searchText?.trim() ?? '';
  const name = sql`(${users.first} || ' ' || ${users.last} || ' ' || ${users.username})`;
  const found = await db
    .select({
      user: users,
      role: groupMembers.role,
      status: groupMembers.status,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, input.groupId),
        eq(groupMembers.status, input.requests ? 'requested' : 'member'),
        sql`${users.onboardedAt} IS NOT NULL`,
        sql`NOT ${blockedBetween(input.viewerId, sql`${users.id}`)}`,
        input.onlyUserId != null ? eq(users.id, input.onlyUserId) : undefined,
        search ? sql`(${name} ILIKE ${`%${escapeLike(search)}%`} OR ${search} <% ${name})` : undefined,
      ),
    )
    .orderBy(
      sql`CASE ${groupMembers.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'moderator' THEN 2 ELSE 3 END`,
      groupMembers.joinedAt,
      users.id,
    )
    .limit(PAGE_SIZE + 1)
    .offset(offset);
  const members = found.slice(0, PAGE_SIZE).map((row) => ({
    groupId: input.groupId,
    user: row.user,
    role: row.role as GroupRole,
    status: row.status as GroupMemberStatus,
    joinedAt: row.joinedAt,
  }));
  return {
    members,
    nextMarker: found.length > PAGE_SIZE ? encodeMarker(list, offset + PAGE_SIZE) : null,
  };
}
