import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { APIError, type BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { normalizePhone } from '@plaza/core/phone';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { RateLimitRule, RateLimits } from '../../platform/rate-limits/rate-limits.ts';
import { codeCheckRules, codeRequestRules, providerSignInRules, refreshRules } from './auth-limits.ts';
import { issueBearerSession } from './issue-bearer-session.ts';
import { refreshBearerSession } from './refresh-bearer-session.ts';
import { revokeRefreshFamily } from './revoke-refresh-family.ts';
import { countryNotSupported } from './sign-up-country.ts';

/** Set by the HTTP layer from the connection (or the trusted proxy), replacing anything a client sent. */
export const CLIENT_IP_HEADER = 'x-plaza-client-ip';

/** An API client asks for a bearer token and refresh token instead of a cookie with this header. */
export const SESSION_STRATEGY_HEADER = 'plaza-session-strategy';

/** The sign-in endpoints that create a session from a one-time code. */
const CODE_SIGN_IN_PATHS = new Set(['/sign-in/email-otp', '/phone-number/verify']);

const emailSchema = z.email().max(254);

export interface PlazaAuthPluginOptions {
  config: Config;
  db: Database;
  rateLimits: RateLimits;
  /** Which of the wanted OpenID scopes the provider offers (empty when there is no provider). */
  extraOidcScopes: () => Promise<string[]>;
}

interface HookContext {
  request?: Request | undefined;
  headers?: Headers | undefined;
}

function headerOf(ctx: HookContext, name: string): string | null {
  return ctx.request?.headers.get(name) ?? ctx.headers?.get(name) ?? null;
}

function clientIpOf(ctx: HookContext): string {
  return headerOf(ctx, CLIENT_IP_HEADER) ?? 'unknown';
}

function badRequest(code: string, message: string) {
  return new APIError('BAD_REQUEST', { code, message });
}

/** The user as the sign-in endpoints describe it: enough for a client to decide where to go next. */
export function signedInUser(user: {
  id: number | string;
  key: string;
  username: string;
  onboardedAt?: Date | string | null;
}) {
  return {
    id: Number(user.id),
    key: user.key,
    username: user.username,
    needsOnboarding: user.onboardedAt === null || user.onboardedAt === undefined,
  };
}

/** The raw session token a request carries, from `Authorization: Bearer` or the signed cookie. */
async function sessionTokenOf(ctx: {
  request?: Request | undefined;
  headers?: Headers | undefined;
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
  context: { secret: string; authCookies: { sessionToken: { name: string } } };
}): Promise<string | null> {
  const authorization = headerOf(ctx, 'authorization') ?? '';
  if (/^bearer /i.test(authorization)) {
    const token = decodeURIComponent(authorization.slice(7).trim()).split('.')[0];
    if (token) return token;
  }
  const cookie = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  return cookie || null;
}

/**
 * Plaza's rules around better-auth's endpoints: rate limits on codes, phone numbers in E.164,
 * the scopes asked of the OpenID provider, bearer tokens with rotating refresh tokens for API
 * clients, and no session token in a response a web page can read.
 */
export function plazaAuthPlugin(options: PlazaAuthPluginOptions) {
  const { config, db, rateLimits } = options;

  async function enforce(rules: RateLimitRule[]): Promise<void> {
    const result = await rateLimits.hit(rules);
    if (!result.allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        {
          code: 'RATE_LIMITED',
          message: 'Too many requests. Please wait a little and try again.',
          retryAfterSeconds: result.retryAfterSeconds,
        },
        { 'Retry-After': String(result.retryAfterSeconds) },
      );
    }
  }

  function e164Of(raw: unknown): string {
    const phone = typeof raw === 'string' ? normalizePhone(raw) : null;
    if (!phone) {
      throw badRequest(
        'INVALID_PHONE_NUMBER',
        'Enter a valid phone number, with its country code if outside the US.',
      );
    }
    if (config.blockedCountryCodes.includes(phone.country)) throw countryNotSupported();
    return phone.e164;
  }

  return {
    id: 'plaza',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/email-otp/send-verification-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { email?: unknown; type?: unknown };
            if (body.type !== 'sign-in')
              throw badRequest('INVALID_OTP_TYPE', 'Only sign-in codes are sent here.');
            const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
            if (!emailSchema.safeParse(email).success) {
              throw badRequest('INVALID_EMAIL', 'Enter a valid e-mail address.');
            }
            await enforce(codeRequestRules(`email:${email}`, clientIpOf(ctx)));
            return { context: { body: { ...body, email } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/phone-number/send-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { phoneNumber?: unknown };
            const phoneNumber = e164Of(body.phoneNumber);
            await enforce(codeRequestRules(`phone:${phoneNumber}`, clientIpOf(ctx)));
            return { context: { body: { ...body, phoneNumber } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/sign-in/email-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { email?: unknown };
            await enforce(codeCheckRules(clientIpOf(ctx)));
            const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
            return { context: { body: { ...body, email } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/phone-number/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            // Changing a number goes through updateProfile and verifyPhoneChange.
            if (body.updatePhoneNumber || body.disableSession) {
              throw badRequest('UNSUPPORTED_OPTION', 'This endpoint only signs in.');
            }
            await enforce(codeCheckRules(clientIpOf(ctx)));
            return { context: { body: { ...body, phoneNumber: e164Of(body.phoneNumber) } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/sign-in/social',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            if (body.idToken) {
              throw badRequest('UNSUPPORTED_OPTION', 'Sign in through the authorization code flow.');
            }
            await enforce(providerSignInRules(clientIpOf(ctx)));
            // The scopes are Plaza's choice, never the client's.
            return { context: { body: { ...body, scopes: await options.extraOidcScopes() } } };
          }),
        },
        {
          // A bearer token is renewed with its refresh token, never by reading the session.
          matcher: (ctx) =>
            ctx.path === '/get-session' && /^bearer /i.test(headerOf(ctx, 'authorization') ?? ''),
          handler: createAuthMiddleware(async (ctx) => ({
            context: { query: { ...(ctx.query ?? {}), disableRefresh: true } },
          })),
        },
        {
          matcher: (ctx) => ctx.path === '/sign-out',
          handler: createAuthMiddleware(async (ctx) => {
            const token = await sessionTokenOf(ctx);
            if (!token) return;
            const [session] = await db
              .select({ family: sessions.refreshFamily })
              .from(sessions)
              .where(eq(sessions.token, token));
            if (session?.family) await revokeRefreshFamily(db, session.family);
          }),
        },
      ],
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            // The bearer plugin offers the token in a header; web pages must never see it.
            ctx.context.responseHeaders?.delete('set-auth-token');
            ctx.context.responseHeaders?.delete('access-control-expose-headers');
            if (ctx.path === '/get-session') {
              // The session token stays in its httpOnly cookie (or the client's own store).
              const found = ctx.context.returned as { session?: Record<string, unknown> } | null | undefined;
              if (!found?.session || typeof found !== 'object' || !('user' in found)) return;
              const { token: _token, ...session } = found.session;
              return ctx.json({ ...found, session });
            }
            if (!CODE_SIGN_IN_PATHS.has(ctx.path ?? '')) return;
            const created = ctx.context.newSession;
            if (!created) return;
            const user = signedInUser(created.user as unknown as Parameters<typeof signedInUser>[0]);
            if (headerOf(ctx, SESSION_STRATEGY_HEADER)?.toLowerCase() !== 'bearer') {
              return ctx.json({ strategy: 'cookie', loggedIn: true, user });
            }
            ctx.context.responseHeaders?.delete('set-cookie');
            const bearer = await issueBearerSession(db, {
              id: Number(created.session.id),
              token: created.session.token,
              userId: Number(created.session.userId),
            });
            return ctx.json({ ...bearer, loggedIn: true, user });
          }),
        },
      ],
    },
    endpoints: {
      refreshPlazaToken: createAuthEndpoint(
        '/token/refresh',
        { method: 'POST', body: z.object({ refreshToken: z.string().min(1).max(512) }) },
        async (ctx) => {
          const ip = clientIpOf(ctx);
          await enforce(refreshRules(ip));
          const result = await refreshBearerSession(db, ctx.body.refreshToken, {
            ipAddress: ip,
            userAgent: headerOf(ctx, 'user-agent'),
          });
          if (!result.ok) {
            throw new APIError('UNAUTHORIZED', {
              code: result.reason === 'reused' ? 'REFRESH_TOKEN_REUSED' : 'INVALID_REFRESH_TOKEN',
              message:
                result.reason === 'reused'
                  ? 'This refresh token was already used. Every session of it is signed out; sign in again.'
                  : 'This refresh token is not valid. Sign in again.',
            });
          }
          const [user] = await db.select().from(users).where(eq(users.id, result.userId));
          if (!user)
            throw new APIError('UNAUTHORIZED', { code: 'INVALID_REFRESH_TOKEN', message: 'Sign in again.' });
          return ctx.json({ ...result.session, loggedIn: true, user: signedInUser(user) });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
