import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSubscriptions } from '../../db/schema/index.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';
import {
  previewNotificationUnsubscribe,
  unsubscribeFromNotifications,
} from '../notification-email/unsubscribe-from-notifications.ts';
import {
  isNotificationUnsubscribeToken,
  unsubscribeScopeLabel,
  type UnsubscribeScope,
} from '../notification-email/unsubscribe-token.ts';

const emailSchema = z.email().max(254);

function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw badUserInput('email', 'Enter a valid e-mail address.');
  return email;
}

export function unsubscribeLink(publicUrl: string, email: string, token: string): string {
  const query = new URLSearchParams({ email, token });
  return `${publicUrl}/unsubscribe?${query.toString()}`;
}

/** Subscribes an address to Plaza news; says hello once, with a one-click way out. */
export async function subscribeEmail(context: RequestContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const { db } = context.store;
  const [existing] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.email, email));
  // Already subscribed: say nothing again, so the form cannot be used to flood an inbox.
  if (existing?.isSubscribed) return;
  const token = existing?.unsubscribeToken ?? randomBytes(24).toString('base64url');
  await db
    .insert(emailSubscriptions)
    .values({ email, unsubscribeToken: token })
    .onConflictDoUpdate({
      target: emailSubscriptions.email,
      set: { isSubscribed: true, updatedAt: sql`now()` },
    });
  const link = unsubscribeLink(context.config.publicUrl, email, token);
  await context.mail.send({
    to: email,
    subject: 'You are subscribed to Plaza news',
    text: `Thanks for subscribing. We write rarely: new features and plans near you.\n\nTo unsubscribe at any time, open ${link}\n`,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

export const NEWSLETTER_INVALID_MESSAGE =
  'This unsubscribe link is not valid. Open the newest link from your e-mail.';

/** What an unsubscribe link stops: Plaza news, or a kind of notification e-mail (decision 0014). */
export interface EmailUnsubscribe {
  email: string;
  scope: UnsubscribeScope | 'NEWS';
  label: string;
}

/** The newsletter row of the address when the token is its stored one; refused otherwise. */
async function checkNewsletterToken(context: RequestContext, email: string, token: string) {
  const [row] = await context.store.db
    .select()
    .from(emailSubscriptions)
    .where(eq(emailSubscriptions.email, email));
  const expected = Buffer.from(row?.unsubscribeToken ?? '');
  const given = Buffer.from(token);
  if (!row || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw plazaError('BAD_USER_INPUT', NEWSLETTER_INVALID_MESSAGE, { field: 'token', reason: 'INVALID' });
}

const NEWS: Omit<EmailUnsubscribe, 'email'> = { scope: 'NEWS', label: unsubscribeScopeLabel('NEWS') };

/** What the link would stop, without using it: the /unsubscribe page asks before it acts. */
export async function checkEmailUnsubscribe(
  context: RequestContext,
  rawEmail: string,
  token: string,
): Promise<EmailUnsubscribe> {
  const email = normalizeEmail(rawEmail);
  if (isNotificationUnsubscribeToken(token))
    return previewNotificationUnsubscribe(context.store.db, context.auth.secret, email, token);
  await checkNewsletterToken(context, email, token);
  return { email, ...NEWS };
}

/**
 * One-click unsubscribe. A newsletter link (its stored token) stops Plaza news and may be used
 * again; a notification link (signed, decision 0014) turns off the e-mails it names, once. A
 * wrong, altered or used link changes nothing and says so (BAD_USER_INPUT on `token`).
 */
export async function unsubscribeEmail(
  context: RequestContext,
  rawEmail: string,
  token: string,
): Promise<EmailUnsubscribe> {
  const email = normalizeEmail(rawEmail);
  if (isNotificationUnsubscribeToken(token))
    return unsubscribeFromNotifications(context.store.db, context.auth.secret, email, token);
  await checkNewsletterToken(context, email, token);
  await context.store.db
    .update(emailSubscriptions)
    .set({ isSubscribed: false, updatedAt: sql`now()` })
    .where(eq(emailSubscriptions.email, email));
  return { email, ...NEWS };
}
