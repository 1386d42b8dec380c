import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSubscriptions } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';

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

/** One-click unsubscribe: the token must match the address; a wrong token changes nothing. */
export async function unsubscribeEmail(
  context: RequestContext,
  rawEmail: string,
  token: string,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const { db } = context.store;
  const [row] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.email, email));
  const expected = Buffer.from(row?.unsubscribeToken ?? '');
  const given = Buffer.from(token);
  if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw badUserInput('token', 'This unsubscribe link is not valid. Open the newest link from your e-mail.');
  }
  await db
    .update(emailSubscriptions)
    .set({ isSubscribed: false, updatedAt: sql`now()` })
    .where(eq(emailSubscriptions.email, email));
}
