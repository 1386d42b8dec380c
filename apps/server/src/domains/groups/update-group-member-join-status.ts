import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { dropGroupMember, setGroupMember } from './add-group-member.ts';
import { requirePermission, type GroupAccess } from './group-access.ts';
import { lockGroupMember } from './find-group-member.ts';
import { forgetGroup } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';
import { groupJoinRequestSettledActivities } from '../activity/activity-triggers/group-triggers.ts';
import { groupSuggestionActivities } from '../activity/activity-triggers/suggestion-triggers.ts';

/** Answers a join request (spec 4 "Group"): status true approves it, false declines it. */
export async function updateGroupMemberJoinStatus(
  context: RequestContext,
  actor: UserRow,
  access: GroupAccess,
  userId: number,
  status: boolean,
): Promise<void> {
  requirePermission(
    context,
    access,
    'manageRequests',
    'Only the group’s moderators can answer join requests.',
  );
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await lockGroupMember(db, access.group.id, userId);
    if (row.status !== 'requested') throw plazaError('CONFLICT', 'This person has not asked to join.');
    if (status) {
      await setGroupMember(db, { groupId: access.group.id, userId, status: 'member' });
      await recordGroupAudit(db, {
        groupId: access.group.id,
        action: 'group.user.approve',
        actorId: actor.id,
        subjectId: userId,
      });
    } else {
      await dropGroupMember(db, access.group.id, userId);
    }
  });
  forgetGroup(context, access.group.id);
  await groupJoinRequestSettledActivities(
    context,
    access.group,
    userId,
    status ? { approvedBy: actor.id } : 'declined',
  );
  if (status) await groupSuggestionActivities(context, access.group.id, userId);
}
