import { and, eq } from 'drizzle-orm';
import { canChangeRole, isGrantableGroupRole } from '@plaza/core/group-roles';
import type { Database } from '../../db/client.ts';
import { groupMembers } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { denied, requirePermission, type GroupAccess } from './group-access.ts';
import { lockGroupMember } from './find-group-member.ts';
import { forgetGroup } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';

/**
 * Grants a member a role, or with `revoke` takes it back (they become a plain member). Admins name
 * moderators; only the owner names or removes admins (decision 0007).
 */
export async function updateGroupMemberRole(
  context: RequestContext,
  actor: UserRow,
  access: GroupAccess,
  input: { userId: number; role: string; revoke: boolean },
): Promise<void> {
  requirePermission(context, access, 'manageRoles', 'Only the group’s admins can change roles.');
  const role = input.role.trim().toLowerCase();
  if (!isGrantableGroupRole(role)) throw badUserInput('role', 'The role is admin or moderator.');
  if (input.userId === actor.id) throw badUserInput('userId', 'You cannot change your own role.');
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await lockGroupMember(db, access.group.id, input.userId);
    if (row.status !== 'member') throw plazaError('CONFLICT', 'Only members can hold a role.');
    if (!canChangeRole(access.role, row.role, role))
      throw denied(
        context,
        'You can only change the roles of people ranked below you, to roles below yours.',
      );
    if (input.revoke && row.role !== role)
      throw plazaError('CONFLICT', `This member is not ${role === 'admin' ? 'an' : 'a'} ${role}.`);
    if (!input.revoke && row.role === role) return;
    await db
      .update(groupMembers)
      .set({ role: input.revoke ? 'member' : role })
      .where(and(eq(groupMembers.groupId, access.group.id), eq(groupMembers.userId, input.userId)));
    await recordGroupAudit(db, {
      groupId: access.group.id,
      action: input.revoke ? 'group.role.user.revoke' : 'group.role.user.grant',
      actorId: actor.id,
      subjectId: input.userId,
      details: { role, previousRole: row.role },
    });
  });
  forgetGroup(context, access.group.id);
}
