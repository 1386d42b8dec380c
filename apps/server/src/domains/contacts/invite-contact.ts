import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactInvitations, emailSubscriptions } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError, rateLimited } from '../../graphql/errors.ts';
import { parseEmail, parsePhone } from '../users/contact-inputs.ts';
import type { UserRow } from '../users/find-user.ts';
import { fullName } from '@plaza/core/profile';
import { requireSmsOptIn } from './sms-consent.ts';
import { smsAllowed } from '../system/sms-opt-outs.ts';

export const INVITE_LIMITS = { sameContactDays: 7, perInviterPerDay: 50 } as const;

/**
 * Sends one invitation to join Plaza, by e-mail or text, to the contact the person picked (the call
 * is the pick). Never to an address that unsubscribed from Plaza e-mail; the same address or number
 * is invited at most once a week, by anyone (CONFLICT); a person sends at most 50 a day (RATE_LIMITED).
 * A number is texted only when the inviter opted in to texting invitations (else BAD_USER_INPUT)
 * and the number has not opted out of Plaza's texts (else CONFLICT), see sms-consent.ts.
 */
export async function inviteContact(
  context: RequestContext,
  inviter: UserRow,
  input: { email?: string | null; phone?: string | null },
): Promise<void> {
  const hasEmail = Boolean(input.email?.trim());
  const hasPhone = Boolean(input.phone?.trim());
  if (hasEmail === hasPhone)
    throw badUserInput('email', 'Give an e-mail address or a phone number, not both.');
  const channel = hasEmail ? ('EMAIL' as const) : ('PHONE' as const);
  const target = hasEmail ? parseEmail(input.email!) : parsePhone(input.phone!);

  if (channel === 'EMAIL') {
    const [subscription] = await context.store.db
      .select({ isSubscribed: emailSubscriptions.isSubscribed })
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.email, target));
    if (subscription && !subscription.isSubscribed)
      throw plazaError('CONFLICT', 'This address asked not to receive e-mail from Plaza.');
  } else {
    requireSmsOptIn(inviter, 'phone');
    if (!(await smsAllowed(context.store.db, target)))
      throw plazaError('CONFLICT', 'This number asked not to receive texts from Plaza.');
  }

  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    // One invitation at a time per address, across every server process.
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invite:${target}`}))`);
    const weekAgo = new Date(Date.now() - INVITE_LIMITS.sameContactDays * 86_400_000);
    const [recent] = await db
      .select({ n: count() })
      .from(contactInvitations)
      .where(and(eq(contactInvitations.target, target), gt(contactInvitations.createdAt, weekAgo)));
    if ((recent?.n ?? 0) > 0)
      throw plazaError(
        'CONFLICT',
        'This contact was already invited in the last week. Please try again later.',
      );
    const dayAgo = new Date(Date.now() - 86_400_000);
    const [mine] = await db
      .select({ n: count() })
      .from(contactInvitations)
      .where(and(eq(contactInvitations.inviterId, inviter.id), gt(contactInvitations.createdAt, dayAgo)));
    if ((mine?.n ?? 0) >= INVITE_LIMITS.perInviterPerDay) throw rateLimited(24 * 60 * 60);
    await db.insert(contactInvitations).values({ inviterId: inviter.id, channel, target });
  });

  const name = fullName(inviter.first, inviter.last, inviter.username);
  const link = `${context.config.publicUrl}/login?redirect-to=${encodeURIComponent(`/${inviter.username}`)}`;
  if (channel === 'EMAIL') {
    await context.mail.send({
      to: target,
      subject: `${name} invited you to Plaza`,
      text: `${name} would like to meet up with you on Plaza, where friends make plans and meet in real life.\n\nJoin here: ${link}\n\nYou got this e-mail because ${name} picked your address. We will not write again unless someone invites you.\n`,
    });
  } else {
    await context.sms.send({
      to: target,
      text: `${name} invited you to Plaza: ${link} . Reply STOP to opt out.`,
    });
  }
}
