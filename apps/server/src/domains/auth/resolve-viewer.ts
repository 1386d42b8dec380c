import type { Viewer } from '../../graphql/context.ts';
import type { PlazaAuth } from './plaza-auth.ts';

/**
 * The signed-in person of a request, from `Authorization: Bearer <token>` or the session cookie.
 * A cookie counts only without an Origin header (same-origin navigation, server rendering) or
 * with one of Plaza's own origins: a page elsewhere cannot act with the visitor's cookie, over
 * HTTP or over a WebSocket. Reading the session never extends it.
 */
export async function resolveViewer(auth: PlazaAuth, headers: Headers): Promise<Viewer | null> {
  const sent = new Headers(headers);
  if (/^bearer\s/i.test(sent.get('authorization') ?? '')) {
    // A bearer token stands alone: a bad token must not fall back to a cookie the browser added.
    sent.delete('cookie');
  } else {
    sent.delete('authorization');
    if (!sent.has('cookie')) return null;
    const origin = sent.get('origin');
    if (origin !== null && !auth.trustedOrigins.includes(origin)) return null;
  }
  const found = await auth.betterAuth.api.getSession({ headers: sent, query: { disableRefresh: true } });
  if (!found) return null;
  return { id: Number(found.user.id), sessionId: Number(found.session.id) };
}
