import type { Platform, Viewer } from '../../graphql/context.ts';
import { touchLastSeen } from '../notification-email/touch-last-seen.ts';
import { bearerToken, cookieValue, findLiveSession, verifiedTokenKept } from './cookie-session.ts';
import type { PlazaAuth } from './plaza-auth.ts';

/**
 * The signed-in person of a request, from `Authorization: Bearer <token>` or the session cookie.
 * A cookie counts only without an Origin header (same-origin navigation, server rendering) or
 * with one of Plaza's own origins: a page elsewhere cannot act with the visitor's cookie, over
 * HTTP or over a WebSocket. Reading the session never extends it. With `seen`, the person's
 * last_seen_at is kept current (every few minutes at most), for the daily digest of decision 0014.
 */
export async function resolveViewer(
  auth: PlazaAuth,
  headers: Headers,
  seen?: Pick<Platform, 'store' | 'logger'>,
): Promise<Viewer | null> {
  // The headers are read in place, not copied (a copy of them all cost more than this function's
  // rest). The session is read by the same rules as getSession without its endpoint
  // (cookie-session.ts): a bearer token as better-auth's bearer plugin reads it, or the session cookie.
  const authorization = headers.get('authorization');
  let token: string | null;
  if (authorization !== null && /^bearer\s/i.test(authorization)) {
    // A bearer token stands alone: a bad token must not fall back to a cookie the browser added.
    token = bearerToken(authorization.slice(7), auth.secret);
  } else {
    const cookie = headers.get('cookie');
    if (cookie === null) return null;
    const origin = headers.get('origin');
    if (origin !== null && !auth.trustedOrigins.includes(origin)) return null;
    const value = cookieValue(cookie, auth.sessionCookie.name);
    token = value === null ? null : verifiedTokenKept(value, auth.secret);
  }
  const viewer = token === null ? null : await findLiveSession(auth.sessionCookie.db, token);
  if (!viewer) return null;
  if (seen) await touchLastSeen({ db: seen.store.db, logger: seen.logger }, viewer.id);
  return viewer;
}
