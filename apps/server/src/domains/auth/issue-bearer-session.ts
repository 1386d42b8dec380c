import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { hashRefreshToken, newOpaqueToken } from './refresh-token-crypto.ts';
import { BEARER_SESSION_SECONDS, REFRESH_TOKEN_SECONDS } from './session-lifetimes.ts';

/** What an API client keeps after signing in or refreshing (spec 3 "Session"). */
export interface BearerSession {
  strategy: 'bearer';
  /** Send as `Authorization: Bearer <token>`. */
  token: string;
  expiresAt: string;
  /** Trade for a new token at `POST /api/auth/token/refresh`; works once. */
  refreshToken: string;
  refreshTokenExpiresAt: string;
}

/** Stores a new refresh token of `family` and describes the bearer session it goes with. */
export async function addRefreshToken(
  db: Database,
  input: { family: string; userId: number; sessionToken: string; sessionExpiresAt: Date },
): Promise<BearerSession> {
  const refreshToken = newOpaqueToken();
  const refreshTokenExpiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
  await db.insert(refreshTokens).values({
    family: input.family,
    userId: input.userId,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: refreshTokenExpiresAt,
  });
  return {
    strategy: 'bearer',
    token: input.sessionToken,
    expiresAt: input.sessionExpiresAt.toISOString(),
    refreshToken,
    refreshTokenExpiresAt: refreshTokenExpiresAt.toISOString(),
  };
}

/**
 * Turns the session a sign-in just created into an API client's: it lasts an hour and starts a
 * new refresh-token family.
 */
export async function issueBearerSession(
  db: Database,
  session: { id: number; token: string; userId: number },
): Promise<BearerSession> {
  const family = newOpaqueToken();
  const expiresAt = new Date(Date.now() + BEARER_SESSION_SECONDS * 1000);
  await db
    .update(sessions)
    .set({ strategy: 'bearer', refreshFamily: family, expiresAt, updatedAt: new Date() })
    .where(eq(sessions.id, session.id));
  return addRefreshToken(db, {
    family,
    userId: session.userId,
    sessionToken: session.token,
    sessionExpiresAt: expiresAt,
  });
}
