import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** Methods that change nothing; every other method is a state-changing request. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Content-Security-Policy of every answer (decision 0020). Scripts come from Plaza itself or
 * carry this request's nonce (React Router's inline hydration scripts); styles may be inline (the
 * server-rendered stylesheet and React `style` attributes); pictures may come from elsewhere (link
 * previews show a site's own picture); nothing may frame a Plaza page.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // A form may lead elsewhere by a redirect (a paid group's checkout page).
    "form-action 'self' https:",
    "frame-ancestors 'none'",
  ].join('; ');
}

const NONCE_BYTES = 16;
const NONCES_AT_ONCE = 256;

/**
 * A new nonce (16 random bytes, base64) at each call, cut from random bytes drawn 256 nonces at a
 * time: one call to the random source a request took ~0.03 ms of the server's time (~3.5% of a
 * request that asks nothing, a CPU profile); each nonce is still its own 16 bytes of the system's
 * random source, used once.
 */
export function nonceSource(): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * NONCES_AT_ONCE);
  let at = pool.length;
  return () => {
    if (at === pool.length) {
      randomFillSync(pool);
      at = 0;
    }
    const nonce = pool.toString('base64', at, at + NONCE_BYTES);
    at += NONCE_BYTES;
    return nonce;
  };
}

export interface SecurityOptions {
  /** NODE_ENV=development: no HSTS (http://localhost) and no script policy (Vite's inline scripts). */
  isDevelopment: boolean;
}

/**
 * Headers every answer carries, and `res.locals.cspNonce` for the page renderer (web.ts) to put on
 * its inline scripts.
 */
export function securityHeaders(options: SecurityOptions) {
  const nonces = nonceSource();
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = nonces();
    res.locals.cspNonce = nonce;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    if (options.isDevelopment) {
      res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    } else {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    next();
  };
}

/**
 * Why a request may not change anything, or null when it may (decision 0020). A browser sends
 * `Origin` with every cross-origin POST (and `Sec-Fetch-Site`), so a state-changing request that
 * names an origin other than Plaza's own, or that the browser marks as coming from another site,
 * is refused whatever it carries. A request with a bearer token and no cookie carries no ambient
 * credential, so it is not a forgery risk (API clients, native apps). Servers and command-line
 * clients send neither header and pass, as the webhook of the payment provider does.
 */
export function foreignStateChange(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  trustedOrigins: readonly string[],
): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && /^bearer\s/i.test(authorization) && !headers.cookie) return null;
  const origin = headers.origin;
  if (typeof origin === 'string') {
    return trustedOrigins.includes(origin) ? null : `a request from ${origin.slice(0, 100)}`;
  }
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `a ${site} request`;
  return null;
}

/** Express middleware refusing state-changing requests from pages elsewhere with a 403. */
export function csrfProtection(trustedOrigins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const reason = foreignStateChange(req.method, req.headers, trustedOrigins);
    if (reason) {
      res.status(403).json({
        code: 'FORBIDDEN',
        message: `Plaza does not take changes from another site (${reason}).`,
      });
      return;
    }
    next();
  };
}
