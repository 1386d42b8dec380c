import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The session cookie read without better-auth's endpoint machinery (decision 0015's finding: a
 * signed-in request spent ~4.6 ms of server CPU in `getSession`, most of it building the endpoint's
 * context). Same rules as `getSession({ disableRefresh: true })` with no cookie cache: the cookie
 * `<token>.<base64 HMAC-SHA256 of the token>` (better-call's signed cookie, URL-encoded), the first
 * cookie of that name, then one row of a session that has not expired and whose person exists.
 * Reading never extends the session; better-auth still issues, refreshes and ends sessions.
 */

/** The first cookie called `name` in a Cookie header, decoded as better-call decodes it. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.codePointAt(0) === 34) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a signed cookie value, or null when it is not signed with `secret`. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session token of an `Authorization: Bearer` value, by the rules of better-auth's bearer
 * plugin (without requireSignature): a signed cookie value, URL-encoded or not, whose signature
 * holds; or a bare token, which the plugin signs itself and so takes as it is.
 */
export function bearerToken(value: string, secret: string): string | null {
  const given = value.trim();
  if (!given) return null;
  if (!given.includes('.')) return given;
  let decoded = given;
  if (given.includes('%')) {
    try {
      decoded = decodeURIComponent(given);
    } catch {
      decoded = given;
    }
  }
  return verifiedToken(decoded, secret);
}

/** The live session of a token: its id and its person's, or null. */
export async function findLiveSession(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ id: number; sessionId: number } | null> {
  const result = await db.execute<{ session_id: number; user_id: number }>(sql`
    SELECT s.id AS session_id, s.user_id
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token = ${token} AND s.expires_at >= ${now.toISOString()}::timestamptz
    LIMIT 1`);
  const row = result.rows[0];
  return row ? { id: Number(row.user_id), sessionId: Number(row.session_id) } : null;
}
