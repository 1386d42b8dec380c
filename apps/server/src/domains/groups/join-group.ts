import { joinOutcome } from '@plaza/core/group-roles';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { isBlockedBetween } from '../social/ties.ts';
import {
  groupInviteAnsweredActivities,
  groupJoinRequestedActivities,
} from '../activity/activity-triggers/group-triggers.ts';
import { groupSuggestionActivities } from '../activity/activity-triggers/suggestion-triggers.ts';
import { setGroupMember } from './add-group-member.ts';
import { denied, type GroupAccess } from './group-access.ts';
import { forgetGroup } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';

export type JoinResult = 'member' | 'requested';

/**
 * Joins a group, or asks to (decision 0007): an open group takes the person at once, a group with
 * join requests records a request for a moderator to answer, an invitee joins at once, and a paid
 * group answers FORBIDDEN with `checkout` until the provider confirms payment.
 */
export async function joinGroup(
  context: RequestContext,
  user: UserRow,
  access: GroupAccess,
  source: string | null = null,
): Promise<JoinResult> {
  const outcome = joinOutcome(access.rules, access.viewer);
  if (outcome === 'already') return 'member';
  if (outcome === 'checkout')
    throw plazaError('FORBIDDEN', 'This group is paid: start a checkout to join.', { action: 'CHECKOUT' });
  if (outcome === 'forbidden') throw denied(context, 'This group is invite-only.');
  if (outcome === 'requested' && access.membership?.status === 'requested') return 'requested';
  // Someone the owner blocked (or who blocked the owner) cannot join their group.
  if (await isBlockedBetween(context.store.db, user.id, access.group.creatorId))
    throw denied(context, 'You cannot join this group.');
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await setGroupMember(db, {
      groupId: access.group.id,
      userId: user.id,
      status: outcome,
      source,
    });
    if (outcome === 'member')
      await recordGroupAudit(db, {
        groupId: access.group.id,
        action: 'group.user.add',
        actorId: user.id,
        subjectId: user.id,
        details: {
          via:
            access.membership?.status === 'invited' || access.viewer.invitedByContact ? 'invitation' : 'join',
          ...(source ? { source } : {}),
        },
      });
  });
  forgetGroup(context, access.group.id);
  if (outcome === 'requested') {
    await groupJoinRequestedActivities(context, access.group, user.id);
  } else {
    if (access.membership?.status === 'invited')
      await groupInviteAnsweredActivities(context, access.group.id, user.id);
    await groupSuggestionActivities(context, access.group.id, user.id);
  }
  return outcome;
}
