import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click answer links of a "still going?" reminder (decision 0011): a signed, expiring
 * token naming the person, the plan and the occurrence, and the moment their ATTENDING answer was
 * last written. The answer is taken only while that row is unchanged, and taking it changes the
 * row, so a token works once.
 */
export interface PlanReplyClaim {
  userId: number;
  planId: number;
  /** '' for a plan that does not repeat, else the occurrence key. */
  occurrence: string;
  /** updated_at of the person's response row when the link was made, in epoch milliseconds. */
  answeredAt: number;
  /** After this (epoch milliseconds) the link is refused. */
  expiresAt: number;
}

function keyOf(secret: string): Buffer {
  // A key of its own, so a reply token can never stand for anything else signed with the secret.
  return createHmac('sha256', secret).update('plaza:plan-reply:v1').digest();
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function createPlanReplyToken(secret: string, claim: PlanReplyClaim): string {
  const body = Buffer.from(
    JSON.stringify([claim.userId, claim.planId, claim.occurrence, claim.answeredAt, claim.expiresAt]),
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export type PlanReplyCheck =
  | { ok: true; claim: PlanReplyClaim }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; claim: PlanReplyClaim };

export function readPlanReplyToken(secret: string, token: string, now: Date): PlanReplyCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(parts) || parts.length !== 5) return { ok: false, reason: 'invalid' };
  const [userId, planId, occurrence, answeredAt, expiresAt] = parts as unknown[];
  if (
    !Number.isInteger(userId) ||
    !Number.isInteger(planId) ||
    typeof occurrence !== 'string' ||
    !Number.isInteger(answeredAt) ||
    !Number.isInteger(expiresAt)
  )
    return { ok: false, reason: 'invalid' };
  const claim = {
    userId: userId as number,
    planId: planId as number,
    occurrence,
    answeredAt: answeredAt as number,
    expiresAt: expiresAt as number,
  };
  if (now.getTime() > claim.expiresAt) return { ok: false, reason: 'expired', claim };
  return { ok: true, claim };
}
