import { and, eq, or, sql } from 'drizzle-orm';
import { BATCH_MAX_KEYS } from '@plaza/core/constants';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../db/client.ts';
import {
  WHOLE_PLAN,
  contacts,
  groupMembers,
  planContactInvites,
  planResponses,
  users,
} from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError, rateLimited } from '../../graphql/errors.ts';
import { findGroup } from '../groups/find-group.ts';
import type { InviteeInput } from '../groups/invite-to-group.ts';
import { findVisibleUser } from '../social/find-visible-user.ts';
import { blockedBetween } from '../social/social-sql.ts';
import { parseEmail, parsePhone } from '../users/contact-inputs.ts';
import type { UserRow } from '../users/find-user.ts';
import { planDenied, type PlanAccess } from './plan-access.ts';
import { forgetPlan } from './plan-loaders.ts';

export const PLAN_INVITES_PER_DAY = 500;

export interface PlanInviteResult {
  invitedUsers: number;
  invitedContacts: number;
}

/** The plan page link with the share secret: whoever opens it counts as invited. */
export function planInviteLink(
  context: RequestContext,
  plan: { slug: string; key: string; inviteKey: string },
) {
  const url = new URL(`${context.config.publicUrl}/${plan.slug}/${plan.key}`);
  url.searchParams.set('invite_key', plan.inviteKey);
  return url.toString();
}

/**
 * Invites to a whole plan (every occurrence of a repeating one), for those its share mask admits.
 * Each invitee is a person (id or key), the members of one of the inviter's groups (isGroup), an
 * imported contact (isContact with its key), or an e-mail address or phone number; spec 5: an
 * address or number wins over id and key. An address of an account invites the account; any other
 * gets the invite link. People a block separates from the inviter are left out.
 */
export async function inviteToPlan(
  context: RequestContext,
  inviter: UserRow,
  access: PlanAccess,
  invitees: InviteeInput[],
): Promise<PlanInviteResult> {
  if (!access.permissions.invite) throw planDenied(context, 'You cannot invite people to this plan.');
  if (invitees.length === 0) throw badUserInput('invitees', 'Pick at least one person to invite.');
  if (invitees.length > BATCH_MAX_KEYS)
    throw badUserInput('invitees', `Invite at most ${BATCH_MAX_KEYS} at once.`);
  const limit = await context.rateLimits.hit([
    { name: 'plan-invite', subject: String(inviter.id), limit: PLAN_INVITES_PER_DAY, windowSeconds: 86_400 },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

  const userIds = new Set<number>();
  const addresses: Array<{ email: string | null; phone: string | null }> = [];
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
      else addresses.push({ email, phone });
    } else if (invitee.isGroup) {
      const group = await findGroup(context, { id: invitee.id, key: invitee.key });
      if (group.membership?.status !== 'member')
        throw plazaError('FORBIDDEN', 'You can only invite the members of your own groups.');
      const found = await context.store.db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.group.id), eq(groupMembers.status, 'member')))
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
  userIds.delete(access.plan.creatorId);

  const plan = access.plan;
  let invitedUsers = 0;
  const newAddresses: typeof addresses = [];
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (userIds.size > 0) {
      const inserted =
        await db.execute(sql`INSERT INTO ${planResponses} (plan_id, occurrence, user_id, invited, invited_by_id)
        SELECT ${plan.id}, ${WHOLE_PLAN}, u.id, true, ${inviter.id} FROM ${users} u
        WHERE u.id IN (${sql.join(
          [...userIds].map((id) => sql`${id}`),
          sql`, `,
        )}) AND u.onboarded_at IS NOT NULL AND NOT ${blockedBetween(inviter.id, sql`u.id`)}
        ON CONFLICT (plan_id, occurrence, user_id) DO UPDATE SET invited = true,
          invited_by_id = COALESCE(plan_responses.invited_by_id, excluded.invited_by_id)
        WHERE NOT plan_responses.invited RETURNING user_id`);
      invitedUsers = inserted.rows.length;
    }
    for (const address of addresses) {
      const [already] = await db
        .select({ id: planContactInvites.id })
        .from(planContactInvites)
        .where(
          and(
            eq(planContactInvites.planId, plan.id),
            or(
              address.email ? eq(planContactInvites.email, address.email) : sql`false`,
              address.phone ? eq(planContactInvites.phone, address.phone) : sql`false`,
            ),
          ),
        );
      if (already) continue;
      await db.insert(planContactInvites).values({ planId: plan.id, invitedById: inviter.id, ...address });
      newAddresses.push(address);
    }
  });
  forgetPlan(context, plan.id);

  const name = fullName(inviter.first, inviter.last, inviter.username);
  const link = planInviteLink(context, plan);
  for (const address of newAddresses) {
    if (address.email)
      await context.mail.send({
        to: address.email,
        subject: `${name} invited you to ${plan.title} on Plaza`,
        text: `${name} invited you to ${plan.title} on Plaza.\n\nOpen the plan: ${link}\n`,
      });
    else
      await context.sms.send({
        to: address.phone!,
        text: `${name} invited you to ${plan.title} on Plaza: ${link} . Reply STOP to opt out.`,
      });
  }
  return { invitedUsers, invitedContacts: newAddresses.length };
}
