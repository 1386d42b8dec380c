import { sql } from 'drizzle-orm';
import { BATCH_MAX_KEYS } from '@plaza/core/constants';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../db/client.ts';
import { groupInvitations, groupMembers, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, rateLimited } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { blockedBetween } from '../social/social-sql.ts';
import { requirePermission, type GroupAccess } from './group-access.ts';
import { forgetGroup } from './group-loaders.ts';
import { resolveInvitees, type InviteeInput } from './resolve-invitees.ts';
import { groupInviteActivities } from '../activity/activity-triggers/group-triggers.ts';
import { requireSmsOptIn } from '../contacts/sms-consent.ts';
import { smsAllowed } from '../system/sms-opt-outs.ts';

export const GROUP_INVITES_PER_DAY = 500;

export function groupLink(context: RequestContext, group: { slug: string; key: string }): string {
  return `${context.config.publicUrl}/group/${group.slug}/${group.key}`;
}

/**
 * Invites people to a group (members may invite). Each invitee is a person (id or key), the
 * members of another group of the inviter's (isGroup), an imported contact (isContact with its
 * key), or an e-mail address or phone number; spec 5: an address or number wins over id and key.
 * An address that belongs to an account invites that account; otherwise it gets a message with the
 * group's link and whoever signs in with it counts as invited. Members, people who asked to join,
 * and anyone a block separates from the inviter are left as they are. A number is texted only when
 * the inviter opted in to texting invitations (else the whole call is BAD_USER_INPUT, nothing
 * stored) and the number has not opted out (else it is left out and not counted).
 */
export async function inviteToGroup(
  context: RequestContext,
  inviter: UserRow,
  access: GroupAccess,
  invitees: InviteeInput[],
): Promise<{ invitedUsers: number; invitedContacts: number }> {
  requirePermission(context, access, 'invite', 'Only members can invite people to this group.');
  if (invitees.length === 0) throw badUserInput('invitees', 'Pick at least one person to invite.');
  if (invitees.length > BATCH_MAX_KEYS)
    throw badUserInput('invitees', `Invite at most ${BATCH_MAX_KEYS} at once.`);
  const limit = await context.rateLimits.hit([
    {
      name: 'group-invite',
      subject: String(inviter.id),
      limit: GROUP_INVITES_PER_DAY,
      windowSeconds: 86_400,
    },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

  const resolved = await resolveInvitees(context, inviter, invitees);
  const userIds = resolved.userIds;
  const addresses: Array<{ channel: 'EMAIL' | 'PHONE'; target: string }> = [];
  for (const { email, phone } of resolved.addresses) {
    if (email) {
      addresses.push({ channel: 'EMAIL', target: email });
      continue;
    }
    requireSmsOptIn(inviter, 'invitees');
    if (await smsAllowed(context.store.db, phone!)) addresses.push({ channel: 'PHONE', target: phone! });
  }

  let invitedIds: number[] = [];
  const newAddresses: typeof addresses = [];
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (userIds.size > 0) {
      const inserted =
        await db.execute(sql`INSERT INTO ${groupMembers} (group_id, user_id, status, role, invited_by_id)
        SELECT ${access.group.id}, u.id, 'invited', 'member', ${inviter.id} FROM ${users} u
        WHERE u.id IN (${sql.join(
          [...userIds].map((id) => sql`${id}`),
          sql`, `,
        )}) AND u.onboarded_at IS NOT NULL AND NOT ${blockedBetween(inviter.id, sql`u.id`)}
        ON CONFLICT (group_id, user_id) DO NOTHING RETURNING user_id`);
      invitedIds = inserted.rows.map((row) => Number((row as { user_id: number }).user_id));
    }
    for (const address of addresses) {
      const [row] = await db
        .insert(groupInvitations)
        .values({ groupId: access.group.id, inviterId: inviter.id, ...address })
        .onConflictDoNothing()
        .returning({ id: groupInvitations.id });
      if (row) newAddresses.push(address);
    }
  });
  forgetGroup(context, access.group.id);
  await groupInviteActivities(context, access.group, inviter.id, invitedIds);

  const name = fullName(inviter.first, inviter.last, inviter.username);
  const title = access.group.title || 'a group';
  const link = groupLink(context, access.group);
  for (const address of newAddresses) {
    if (address.channel === 'EMAIL')
      await context.mail.send({
        to: address.target,
        subject: `${name} invited you to ${title} on Plaza`,
        text: `${name} invited you to join ${title} on Plaza.\n\nOpen the group: ${link}\n\nSign in with this address and the invitation is waiting for you.\n`,
      });
    else
      await context.sms.send({
        to: address.target,
        text: `${name} invited you to ${title} on Plaza: ${link} . Reply STOP to opt out.`,
      });
  }
  return { invitedUsers: invitedIds.length, invitedContacts: newAddresses.length };
}
