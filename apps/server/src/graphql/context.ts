import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import type { Store } from '../db/client.ts';
import type { PlazaAuth } from '../domains/auth/plaza-auth.ts';
import { resolveViewer } from '../domains/auth/resolve-viewer.ts';
import type { Logger } from '../logger.ts';
import type { Blobs } from '../platform/blobs/blobs.ts';
import type { Bus } from '../platform/bus/bus.ts';
import type { Mail } from '../platform/mail/mail.ts';
import type { RateLimits } from '../platform/rate-limits/rate-limits.ts';
import type { Sms } from '../platform/sms/sms.ts';
import type { UserRow } from '../domains/users/find-user.ts';

/** Everything long-lived that a request may use. */
export interface Platform {
  config: Config;
  logger: Logger;
  store: Store;
  bus: Bus;
  blobs: Blobs;
  mail: Mail;
  sms: Sms;
  rateLimits: RateLimits;
  auth: PlazaAuth;
}

/** The signed-in person; null for a signed-out visitor. */
export interface Viewer {
  id: number;
  sessionId: number;
  /**
   * Read with the session at the request's start (cookie-session.ts): the person's row, whether
   * the app granted them the administrator role and whether an organization verifies them. A query uses them rather than reading again; a
   * mutation, whose later resolvers must see what it changed, and a subscription, whose context
   * lives as long as its socket, read afresh. Absent for a viewer made up inside Plaza.
   */
  user?: UserRow;
  siteAdminGranted?: boolean;
  /** Whether they have an account with an organization, read with the session likewise. */
  inOrganization?: boolean;
}

export interface RequestContext extends Platform {
  request: Request;
  viewer: Viewer | null;
  /** The address Plaza treats as the caller's (the proxy's forwarded address when TRUST_PROXY is on). */
  ip: string;
  /** The first address named by X-Forwarded-For or X-Real-IP, as the client or proxy claims it. */
  clientIp: string | null;
  /** The address of the socket the request arrived on. */
  remoteIp: string | null;
}

/**
 * Node's request when Yoga runs inside the HTTP server; a page's own request when the server renders
 * it (web.ts hands it over for the caller's address); absent for other in-process `yoga.fetch` calls.
 */
export interface ServerContext {
  req?: IncomingMessage;
  /**
   * Node's request whose body is this GraphQL request's: set only where `/graphql` is served over
   * HTTP (create-http-app.ts), so limits.ts reads the body from it and never from a page's request.
   */
  bodyFrom?: IncomingMessage;
}

function firstForwarded(request: Request): string | null {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip')?.trim() || null;
}

export async function buildRequestContext(
  platform: Platform,
  request: Request,
  serverContext: ServerContext,
): Promise<RequestContext> {
  const remoteIp = serverContext.req?.socket.remoteAddress ?? null;
  const clientIp = firstForwarded(request);
  const ip = (platform.config.trustProxy ? clientIp : null) ?? remoteIp ?? 'unknown';
  const viewer = await resolveViewer(platform.auth, request.headers, platform);
  return { ...platform, request, viewer, ip, clientIp, remoteIp };
}
