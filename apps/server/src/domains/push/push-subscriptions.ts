import { createPublicKey } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deviceTokens, pushSubscriptions } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError, rateLimited } from '../../graphql/errors.ts';
import { checkPushEndpoint, PushEndpointError, type Resolve } from './push-address.ts';

/** Browsers (subscriptions) and devices (native tokens) kept per person; older ones are dropped. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_PERSON = 10;
export const MAX_DEVICE_TOKENS_PER_PERSON = 10;
/** Registrations per person per hour (each may cost a DNS lookup); a browser or an app needs a few. */
export const PUSH_REGISTRATIONS_PER_HOUR = 60;
const MAX_USER_AGENT_LENGTH = 300;
const MAX_DEVICE_TOKEN_LENGTH = 4096;

export interface PushSubscriptionArgs {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  userAgent?: string | null;
}

/** base64url (padding tolerated) to bytes, or null when it is not base64url. */
function base64url(value: string): Buffer | null {
  const trimmed = value.trim().replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) return null;
  return Buffer.from(trimmed, 'base64url');
}

/** Whether `bytes` is an uncompressed P-256 point (0x04 ‖ x ‖ y) on the curve. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** The browser's keys, checked: p256dh a 65-byte uncompressed P-256 point, auth 16 bytes. Answers them as base64url. */
export function checkPushKeys(keys: { p256dh: string; auth: string }): { p256dh: string; auth: string } {
  const p256dh = base64url(keys.p256dh);
  if (!p256dh || !isP256Point(p256dh)) {
    throw badUserInput(
      'subscription.keys.p256dh',
      'keys.p256dh must be the browser’s P-256 public key: 65 bytes (uncompressed point), base64url.',
    );
  }
  const auth = base64url(keys.auth);
  if (!auth || auth.length !== 16) {
    throw badUserInput(
      'subscription.keys.auth',
      'keys.auth must be the 16-byte authentication secret, base64url.',
    );
  }
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

async function takeRegistration(
  context: Pick<RequestContext, 'rateLimits'>,
  name: string,
  userId: number,
): Promise<void> {
  const limit = await context.rateLimits.hit([
    { name, subject: String(userId), limit: PUSH_REGISTRATIONS_PER_HOUR, windowSeconds: 3600 },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
}

/**
 * Registers (or renews) a browser's Web Push subscription for the signed-in person. The endpoint
 * must be https on a public host; one registered by someone else is refused and left as it is
 * (a subscription belongs to the person who registered it); the same person again updates the keys.
 */
export async function subscribePush(
  context: Pick<RequestContext, 'store' | 'config' | 'rateLimits'>,
  userId: number,
  input: PushSubscriptionArgs,
  resolve?: Resolve,
): Promise<true> {
  await takeRegistration(context, 'push:subscribe', userId);
  const keys = checkPushKeys(input.keys);
  let endpoint: string;
  try {
    endpoint = (await checkPushEndpoint(input.endpoint.trim(), context.config.push.allowLoopback, resolve))
      .href;
  } catch (error) {
    if (error instanceof PushEndpointError) throw badUserInput('subscription.endpoint', error.message);
    throw error;
  }
  const userAgent = input.userAgent?.trim().slice(0, MAX_USER_AGENT_LENGTH) || null;
  const db = context.store.db;
  const saved = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: keys.p256dh, auth: keys.auth, userAgent, failures: 0 },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0) {
    throw plazaError('FORBIDDEN', 'This push endpoint is registered to someone else.');
  }
  await db.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC LIMIT ${MAX_PUSH_SUBSCRIPTIONS_PER_PERSON})`);
  return true;
}

/**
 * Removes the person's own subscription of this endpoint. Answers false when they have none of
 * that endpoint, whether nobody has it or someone else does (which stays as it was): the answer
 * does not tell whether another person registered an endpoint.
 */
export async function unsubscribePush(db: Database, userId: number, endpoint: string): Promise<boolean> {
  let key = endpoint.trim();
  try {
    key = new URL(key).href;
  } catch {
    return false;
  }
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, key), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

function checkDeviceToken(raw: string): string {
  const token = raw.trim();
  if (token.length === 0 || token.length > MAX_DEVICE_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token)) {
    throw badUserInput(
      'token',
      `token must be the device's push token: 1 to ${MAX_DEVICE_TOKEN_LENGTH} printable characters without spaces.`,
    );
  }
  return token;
}

/**
 * Registers a native app's push token for the signed-in person and the session asking (so
 * `myself.firebaseToken` answers it to that device, and signing out can drop it). A token held by
 * another person is refused while the session that registered it lasts; once that session ended
 * (signed out, expired, refreshed away) the device belongs to whoever signs in on it and the
 * token moves. The same person again updates the session.
 */
export async function registerDeviceToken(
  context: Pick<RequestContext, 'store' | 'rateLimits'>,
  userId: number,
  sessionId: number,
  rawToken: string,
): Promise<true> {
  await takeRegistration(context, 'push:token', userId);
  const token = checkDeviceToken(rawToken);
  const db = context.store.db;
  const saved = await db
    .insert(deviceTokens)
    .values({ token, userId, sessionId })
    .onConflictDoUpdate({
      target: deviceTokens.token,
      set: { userId, sessionId, createdAt: sql`now()` },
      setWhere: sql`${deviceTokens.userId} = ${userId} OR ${deviceTokens.sessionId} IS NULL OR NOT EXISTS (
        SELECT 1 FROM sessions s WHERE s.id = ${deviceTokens.sessionId} AND s.expires_at > now())`,
    })
    .returning({ token: deviceTokens.token });
  if (saved.length === 0) {
    throw plazaError('FORBIDDEN', 'This device token is registered to someone else.');
  }
  await db.execute(sql`DELETE FROM device_tokens WHERE user_id = ${userId} AND token NOT IN (
      SELECT token FROM device_tokens WHERE user_id = ${userId}
      ORDER BY created_at DESC LIMIT ${MAX_DEVICE_TOKENS_PER_PERSON})`);
  return true;
}

/** Removes the person's own device token; false when they have no such token (another's stays). */
export async function unregisterDeviceToken(db: Database, userId: number, token: string): Promise<boolean> {
  const removed = await db
    .delete(deviceTokens)
    .where(and(eq(deviceTokens.token, token.trim()), eq(deviceTokens.userId, userId)))
    .returning({ token: deviceTokens.token });
  return removed.length > 0;
}

/**
 * The native push token this session registered (spec 3 `myself.firebaseToken`, `Session.firebaseToken`),
 * or null. Only the asking device's own token: another device's token is not its business.
 */
export async function firebaseTokenOfSession(
  db: Database,
  userId: number,
  sessionId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.sessionId, sessionId)))
    .orderBy(desc(deviceTokens.createdAt))
    .limit(1);
  return row?.token ?? null;
}
