import { and, eq, or, sql } from 'drizzle-orm';
import { BATCH_MAX_KEYS } from '@plaza/core/constants';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../db/client.ts';
import { WHOLE_PLAN, planContactInvites, planResponses, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, rateLimited } from '../../graphql/errors.ts';
import { resolveInvitees, type InviteeInput } from '../groups/resolve-invitees.ts';
import { blockedBetween } from '../social/social-sql.ts';
import type { UserRow } from '../users/find-user.ts';
import { planInviteActivities } from '../activity/activity-triggers/plan-triggers.ts';
import { requireSmsOptIn } from '../contacts/sms-consent.ts';
import { smsAllowed } from '../system/sms-opt-outs.ts';
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
 * gets the invite link. People a block separates from the inviter are left out. A number is texted
 * only when the inviter opted in to texting invitations (else the whole call is BAD_USER_INPUT,
 * nothing stored) and the number has not opted out (else it is left out and not counted).
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

  const { userIds, addresses: named } = await resolveInvitees(context, inviter, invitees);
  userIds.delete(access.plan.creatorId);
  const addresses: typeof named = [];
  for (const address of named) {
    if (address.phone) {
      requireSmsOptIn(inviter, 'invitees');
      if (!(await smsAllowed(context.store.db, address.phone))) continue;
    }
    addresses.push(address);
  }

  const plan = access.plan;
  let invitedIds: number[] = [];
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
      invitedIds = inserted.rows.map((row) => Number((row as { user_id: number }).user_id));
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
  await planInviteActivities(context, plan, inviter.id, invitedIds);

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
  return { invitedUsers: invitedIds.length, invitedContacts: newAddresses.length };
}
