import { and, eq, sql } from 'drizzle-orm';
import { BATCH_MAX_KEYS } from '@plaza/core/constants';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../db/client.ts';
import { contacts, groupInvitations, groupMembers, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError, rateLimited } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { parseEmail, parsePhone } from '../users/contact-inputs.ts';
import { findVisibleUser } from '../social/find-visible-user.ts';
import { blockedBetween } from '../social/social-sql.ts';
import { requirePermission, type GroupAccess } from './group-access.ts';
import { findGroup } from './find-group.ts';
import { forgetGroup } from './group-loaders.ts';

/** Spec 3 "Invitee". */
export interface InviteeInput {
  id?: string | number | null;
  key?: string | null;
  email?: string | null;
  phone?: string | null;
  isGroup?: boolean | null;
  isContact?: boolean | null;
}

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
 * and anyone a block separates from the inviter are left as they are.
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

  const userIds = new Set<number>();
  const addresses: Array<{ channel: 'EMAIL' | 'PHONE'; target: string }> = [];
  for (const invitee of invitees) {
    let email = invitee.email?.trim() ? parseEmail(invitee.email, 'invitees') : null;
    let phone = !email && invitee.phone?.trim() ? parsePhone(invitee.phone, 'invitees') : null;
    if (!email && !phone && invitee.isContact) {
      if (!invitee.key) throw badUserInput('invitees', 'A contact is picked by its key.');
      const [contact] = await context.store.db
        .select({ email: contacts.email, phone: contacts.phone })
        .from(contacts)
        .where(and(eq(contacts.key, invitee.key), eq(contacts.ownerId, inviter.id)));
      if (!contact) throw plazaError('NOT_FOUND', 'This contact could not be found.');
      email = contact.email;
      phone = email ? null : contact.phone;
    }
    if (email || phone) {
      const [account] = await context.store.db
        .select({ id: users.id })
        .from(users)
        .where(
          email
            ? and(sql`lower(${users.email}) = ${email}`, eq(users.emailVerified, true))
            : and(eq(users.phone, phone!), eq(users.phoneVerified, true)),
        );
      if (account) userIds.add(account.id);
      else addresses.push(email ? { channel: 'EMAIL', target: email } : { channel: 'PHONE', target: phone! });
    } else if (invitee.isGroup) {
      const other = await findGroup(context, { id: invitee.id, key: invitee.key });
      if (other.membership?.status !== 'member')
        throw plazaError('FORBIDDEN', 'You can only invite the members of your own groups.');
      const found = await context.store.db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, other.group.id), eq(groupMembers.status, 'member')))
        .limit(BATCH_MAX_KEYS);
      for (const row of found) userIds.add(row.id);
    } else {
      const id = invitee.id == null ? null : Number(invitee.id);
      const person = await findVisibleUser(
        context,
        { id: Number.isInteger(id) ? id : null, key: invitee.key },
        { hideBlocked: true },
      );
      userIds.add(person.id);
    }
  }
  userIds.delete(inviter.id);

  let invitedUsers = 0;
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
      invitedUsers = inserted.rows.length;
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
  return { invitedUsers, invitedContacts: newAddresses.length };
}
