import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { sessions, siteAdmins, users } from '../../db/schema/index.ts';
import type { UserRow } from '../users/find-user.ts';

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

/** How many verified cookie values a process keeps per secret (verifiedTokenKept). */
export const VERIFIED_KEPT = 10_000;
const verifiedBySecret = new Map<string, Map<string, string>>();

/**
 * verifiedToken, with the values that verified kept (the newest VERIFIED_KEPT per secret): a
 * signed-in person sends the same cookie with every request, and its HMAC took ~4% of the server's
 * time for a request that asks nothing else (a CPU profile; bench/README.md, seventh 2026-12-07
 * session). Only a value that verified is kept,
 * under the secret it verified with, so a kept answer is the one verifiedToken would give again.
 */
export function verifiedTokenKept(value: string, secret: string): string | null {
  let kept = verifiedBySecret.get(secret);
  if (!kept) {
    kept = new Map();
    verifiedBySecret.set(secret, kept);
  }
  const known = kept.get(value);
  if (known !== undefined) return known;
  const token = verifiedToken(value, secret);
  if (token !== null) {
    if (kept.size >= VERIFIED_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(value, token);
  }
  return token;
}

/** How many verified values are kept for `secret` (for tests). */
export function keptVerifications(secret: string): number {
  return verifiedBySecret.get(secret)?.size ?? 0;
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

/**
 * The live session of a token, read with its person's row and whether the app granted them the
 * site administrator role: a signed-in query then reads neither again (one statement fewer for
 * every signed-in request; the viewer's row: require-viewer-user.ts, the role: site-admins.ts).
 */
const liveSession = preparedStatement((db) =>
  db
    .select({
      sessionId: sessions.id,
      user: users,
      siteAdminGranted: sql<boolean>`EXISTS (SELECT 1 FROM ${siteAdmins} WHERE ${siteAdmins.userId} = ${users.id})`,
      inOrganization: sql<boolean>`EXISTS (SELECT 1 FROM organization_accounts oa WHERE oa.user_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        sql`${sessions.expiresAt} >= ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .limit(1)
    .prepare('plaza_live_session'),
);

/** What a request's session read tells (see liveSession). */
export interface LiveSession {
  /** The person's id. */
  id: number;
  sessionId: number;
  /** Their row as it was when the session was read. */
  user: UserRow;
  /** Whether the app granted them the site administrator role (PLAZA_ADMINS not considered). */
  siteAdminGranted: boolean;
  /** Whether they have an account with an organization (which verifies them, decision 0019). */
  inOrganization: boolean;
}

/** The live session of a token, or null. */
export async function findLiveSession(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<LiveSession | null> {
  const [row] = await liveSession(db).execute({ token, now: now.toISOString() });
  return row
    ? {
        id: row.user.id,
        sessionId: row.sessionId,
        user: row.user,
        siteAdminGranted: row.siteAdminGranted,
        inOrganization: row.inOrganization,
      }
    : null;
}
