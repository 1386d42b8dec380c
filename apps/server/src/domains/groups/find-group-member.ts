import { and, eq } from 'drizzle-orm';
import type { GroupMemberStatus, GroupRole } from '@plaza/core/group-roles';
import type { Database } from '../../db/client.ts';
import { groupMembers } from '../../db/schema/index.ts';
import { plazaError } from '../../graphql/errors.ts';

export interface MemberRow {
  userId: number;
  role: GroupRole;
  status: GroupMemberStatus;
  joinedAt: Date;
}

/** A person's row in a group's member table, locked for the change that follows; NOT_FOUND without one. */
export async function lockGroupMember(db: Database, groupId: number, userId: number): Promise<MemberRow> {
  const [row] = await db
    .select({
      userId: groupMembers.userId,
      role: groupMembers.role,
      status: groupMembers.status,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .for('update');
  if (!row) throw plazaError('NOT_FOUND', 'This person is not in the group.');
  return row as MemberRow;
}
