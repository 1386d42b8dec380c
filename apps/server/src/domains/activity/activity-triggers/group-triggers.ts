import { sql } from 'drizzle-orm';
import { ROLE_ABILITIES, GROUP_ROLES, roleRank } from '@plaza/core/group-roles';
import type { Database } from '../../../db/client.ts';
import { rows } from '../../social/social-sql.ts';
import { recordActivities, recordActivity } from '../record-activity.ts';
import {
  afterCommit,
  groupPath,
  loadNamedUser,
  nameOf,
  settleActivities,
  type TriggerPlatform,
} from './trigger-support.ts';

/** What the group triggers need of a group. */
export interface GroupFacts {
  id: number;
  key: string;
  slug: string;
  title: string;
}

const joinRequestKey = (groupId: number, userId: number) => `group-join-request:${groupId}:${userId}`;
export const groupInviteKey = (groupId: number) => `group-invite:${groupId}`;

const titleOf = (group: GroupFacts) => group.title || 'a group';

/** The roles that answer join requests (decision 0007: moderators and up). */
const ANSWERING_ROLES = GROUP_ROLES.filter(
  (role) => roleRank(role) >= roleRank(ROLE_ABILITIES.manageRequests),
);

/** The members who may answer the group's join requests. */
async function requestAnswerers(db: Database, groupId: number): Promise<number[]> {
  const found = await rows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM group_members WHERE group_id = ${groupId} AND status = 'member'
        AND role IN (${sql.join(
          ANSWERING_ROLES.map((role) => sql`${role}`),
          sql`, `,
        )}) ORDER BY user_id`,
  );
  return found.map((row) => Number(row.user_id));
}

/** Someone asked to join: the group's moderators, admins and owner hear of it. */
export async function groupJoinRequestedActivities(
  platform: TriggerPlatform,
  group: GroupFacts,
  requesterId: number,
): Promise<void> {
  await afterCommit(platform, 'group join request', async () => {
    const db = platform.store.db;
    const requester = await loadNamedUser(db, requesterId);
    if (!requester) return;
    const name = nameOf(requester);
    const answerers = await requestAnswerers(db, group.id);
    await recordActivities(
      platform,
      answerers.map((receiverId) => ({
        receiverId,
        creatorId: requesterId,
        type: 'GROUP_JOIN_REQUEST' as const,
        action: 'requested',
        model: { type: 'Group' as const, id: group.id },
        to: titleOf(group),
        href: groupPath(group, 'requests'),
        message: `${name} asked to join ${titleOf(group)}`,
        subject: `group:${group.id}`,
        collapseKey: joinRequestKey(group.id, requesterId),
      })),
    );
  });
}

/**
 * A join request was answered (approved or declined) or withdrawn: the moderators' activities
 * about it are settled (read when answered, gone when withdrawn); an approval reaches the member.
 */
export async function groupJoinRequestSettledActivities(
  platform: TriggerPlatform,
  group: GroupFacts,
  requesterId: number,
  outcome: { approvedBy: number } | 'declined' | 'withdrawn',
): Promise<void> {
  await afterCommit(platform, 'group join request settled', async () => {
    const db = platform.store.db;
    const answerers = await requestAnswerers(db, group.id);
    await settleActivities(
      platform,
      answerers,
      joinRequestKey(group.id, requesterId),
      outcome === 'withdrawn' ? 'delete' : 'read',
    );
    if (typeof outcome !== 'object') return;
    const approver = await loadNamedUser(db, outcome.approvedBy);
    if (!approver) return;
    await recordActivity(platform, {
      receiverId: requesterId,
      creatorId: approver.id,
      type: 'GROUP_JOIN_APPROVED',
      action: 'approved',
      model: { type: 'Group', id: group.id },
      to: titleOf(group),
      href: groupPath(group),
      message: `${nameOf(approver)} approved your request to join ${titleOf(group)}`,
      subject: `group:${group.id}`,
      collapseKey: `group-join-approved:${group.id}`,
    });
  });
}

/** People were invited to a group (those newly invited, already cut down to who may be). */
export async function groupInviteActivities(
  platform: TriggerPlatform,
  group: GroupFacts,
  inviterId: number,
  inviteeIds: readonly number[],
): Promise<void> {
  if (inviteeIds.length === 0) return;
  await afterCommit(platform, 'group invite', async () => {
    const inviter = await loadNamedUser(platform.store.db, inviterId);
    if (!inviter) return;
    const name = nameOf(inviter);
    await recordActivities(
      platform,
      inviteeIds.map((receiverId) => ({
        receiverId,
        creatorId: inviterId,
        type: 'GROUP_INVITE' as const,
        action: 'invited',
        model: { type: 'Group' as const, id: group.id },
        to: titleOf(group),
        href: groupPath(group),
        message: `${name} invited you to join ${titleOf(group)}`,
        subject: `group:${group.id}`,
        collapseKey: groupInviteKey(group.id),
      })),
    );
  });
}

/** The person answered their invitation (joined or declined): it no longer waits in the badge. */
export async function groupInviteAnsweredActivities(
  platform: TriggerPlatform,
  groupId: number,
  userId: number,
): Promise<void> {
  await afterCommit(platform, 'group invite answered', () =>
    settleActivities(platform, [userId], groupInviteKey(groupId), 'read'),
  );
}
