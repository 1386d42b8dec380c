import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ACTIVITY_TYPE_INFO, isActivityType, type ActivityType } from '@plaza/core/notifications';

/**
 * The one-click unsubscribe links of notification e-mails (decision 0014): a signed token naming
 * the person, the address the mail went to, what to stop (one kind of activity, the daily digest,
 * or every notification e-mail) and when the link was made. Each link works once.
 */
export type UnsubscribeScope = ActivityType | 'DIGEST' | 'ALL';

export interface UnsubscribeClaim {
  userId: number;
  email: string;
  scope: UnsubscribeScope;
  /** Epoch milliseconds. */
  issuedAt: number;
}

export function isUnsubscribeScope(value: unknown): value is UnsubscribeScope {
  return value === 'DIGEST' || value === 'ALL' || isActivityType(value);
}

/** What a link stops, as a page or a footer says it: "friend requests", "the daily digest". */
export function unsubscribeScopeLabel(scope: UnsubscribeScope | 'NEWS'): string {
  if (scope === 'NEWS') return 'Plaza news';
  if (scope === 'DIGEST') return 'the daily digest';
  if (scope === 'ALL') return 'all notification e-mails';
  const label = ACTIVITY_TYPE_INFO[scope].label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function keyOf(secret: string): Buffer {
  // A key of its own, so an unsubscribe token can never stand for anything else signed with the secret.
  return createHmac('sha256', secret).update('plaza:email-unsubscribe:v1').digest();
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function createUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = Buffer.from(JSON.stringify([claim.userId, claim.email, claim.scope, claim.issuedAt])).toString(
    'base64url',
  );
  return `${body}.${sign(secret, body)}`;
}

/** Notification tokens are `body.signature`; the newsletter's stored tokens have no dot. */
export function isNotificationUnsubscribeToken(token: string): boolean {
  return token.includes('.');
}

/** The claim of a token signed with `secret`, or null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 4) return null;
  const [userId, email, scope, issuedAt] = parts as unknown[];
  if (
    !Number.isInteger(userId) ||
    typeof email !== 'string' ||
    !isUnsubscribeScope(scope) ||
    !Number.isInteger(issuedAt)
  )
    return null;
  return { userId: userId as number, email, scope, issuedAt: issuedAt as number };
}

/** What `email_unsubscribe_uses` keeps of a used token: its SHA-256, never the token itself. */
export function unsubscribeTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
