import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { dropGroupMember } from './add-group-member.ts';
import type { GroupAccess } from './group-access.ts';
import { forgetGroup } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';
import {
  groupInviteAnsweredActivities,
  groupJoinRequestSettledActivities,
} from '../activity/activity-triggers/group-triggers.ts';

/**
 * Leaves a group, withdraws a join request or declines an invitation. The owner cannot leave
 * (CONFLICT): they delete the group instead.
 */
export async function leaveGroup(context: RequestContext, user: UserRow, access: GroupAccess): Promise<void> {
  const membership = access.membership;
  if (!membership) throw plazaError('CONFLICT', 'You are not in this group.');
  if (membership.status === 'member' && membership.role === 'owner')
    throw plazaError('CONFLICT', 'The owner cannot leave the group; delete it instead.');
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await dropGroupMember(db, access.group.id, user.id);
    if (membership.status === 'member')
      await recordGroupAudit(db, {
        groupId: access.group.id,
        action: 'group.user.remove',
        actorId: user.id,
        subjectId: user.id,
        details: { via: 'leave' },
      });
  });
  forgetGroup(context, access.group.id);
  // A withdrawn request leaves the moderators' feeds; a declined invitation the person's badge.
  if (membership.status === 'requested')
    await groupJoinRequestSettledActivities(context, access.group, user.id, 'withdrawn');
  if (membership.status === 'invited') await groupInviteAnsweredActivities(context, access.group.id, user.id);
}
