import { canRemoveMember } from '@plaza/core/group-roles';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { dropGroupMember } from './add-group-member.ts';
import { denied, requirePermission, type GroupAccess } from './group-access.ts';
import { lockGroupMember } from './find-group-member.ts';
import { forgetGroup } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';

/**
 * Removes someone from a group (or withdraws their invitation): moderators and up, and only people
 * ranked below them (decision 0007). Leaving oneself is leaveGroup.
 */
export async function removeGroupMember(
  context: RequestContext,
  actor: UserRow,
  access: GroupAccess,
  userId: number,
): Promise<void> {
  requirePermission(context, access, 'removeMembers', 'Only the group’s moderators can remove people.');
  if (userId === actor.id)
    throw plazaError('BAD_USER_INPUT', 'Use leaveGroup to leave the group.', { field: 'userId' });
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await lockGroupMember(db, access.group.id, userId);
    const targetRole = row.status === 'member' ? row.role : 'member';
    if (!canRemoveMember(access.role, targetRole))
      throw denied(context, 'You can only remove people with a lower role than yours.');
    await dropGroupMember(db, access.group.id, userId);
    await recordGroupAudit(db, {
      groupId: access.group.id,
      action: 'group.user.remove',
      actorId: actor.id,
      subjectId: userId,
      details: { status: row.status, role: row.role },
    });
  });
  forgetGroup(context, access.group.id);
}
