import { and, eq, sql } from 'drizzle-orm';
import type { GroupMemberStatus, GroupRole } from '@plaza/core/group-roles';
import type { Database } from '../../db/client.ts';
import { chatMembers, chats, groupInvitations, groupMembers, users } from '../../db/schema/index.ts';

/**
 * Puts a person in a group's member table with a status, or moves them to it. Becoming a member
 * also opens the group chat to them and settles any invitation sent to their address or number.
 */
export async function setGroupMember(
  db: Database,
  input: {
    groupId: number;
    userId: number;
    status: GroupMemberStatus;
    role?: GroupRole;
    invitedById?: number | null;
    source?: string | null;
  },
): Promise<void> {
  await db
    .insert(groupMembers)
    .values({
      groupId: input.groupId,
      userId: input.userId,
      status: input.status,
      role: input.role ?? 'member',
      invitedById: input.invitedById ?? null,
      source: input.source ?? null,
    })
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: {
        status: input.status,
        ...(input.role ? { role: input.role } : {}),
        // The join date is when they became a member, not when they first asked.
        joinedAt: input.status === 'member' ? sql`now()` : sql`group_members.joined_at`,
      },
    });
  if (input.status !== 'member') return;
  const [chat] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.groupId, input.groupId), eq(chats.type, 'g')));
  if (chat)
    await db.insert(chatMembers).values({ chatId: chat.id, userId: input.userId }).onConflictDoNothing();
  await db.execute(sql`DELETE FROM ${groupInvitations} WHERE ${groupInvitations.groupId} = ${input.groupId}
    AND ${groupInvitations.target} IN (SELECT lower(email) FROM ${users} WHERE id = ${input.userId} AND email_verified
      UNION SELECT phone FROM ${users} WHERE id = ${input.userId} AND phone_verified)`);
}

/** Takes a person out of a group (any status) and out of its chat. */
export async function dropGroupMember(db: Database, groupId: number, userId: number): Promise<void> {
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  await db.execute(sql`DELETE FROM ${chatMembers} WHERE ${chatMembers.userId} = ${userId}
    AND ${chatMembers.chatId} IN (SELECT id FROM ${chats} WHERE group_id = ${groupId})`);
}
