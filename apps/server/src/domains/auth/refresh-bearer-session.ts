import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deviceTokens, refreshTokens, sessions } from '../../db/schema/index.ts';
import { addRefreshToken, type BearerSession } from './issue-bearer-session.ts';
import { hashRefreshToken, newSessionToken } from './refresh-token-crypto.ts';
import { revokeRefreshFamily } from './revoke-refresh-family.ts';
import { BEARER_SESSION_SECONDS } from './session-lifetimes.ts';

export type RefreshResult =
  { ok: true; userId: number; session: BearerSession } | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Trades a refresh token for a new bearer token and refresh token (rotation). The old bearer token
 * of the family stops working. A refresh token presented a second time was copied: the whole
 * family is revoked, so whoever holds any of its tokens is signed out.
 */
export async function refreshBearerSession(
  db: Database,
  refreshToken: string,
  device: { ipAddress: string | null; userAgent: string | null },
): Promise<RefreshResult> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'invalid' };
  // Claiming the token is one conditional update, so two racing refreshes cannot both win.
  const claimed = row.usedAt
    ? []
    : await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeRefreshFamily(db, row.family);
    return { ok: false, reason: 'reused' };
  }
  const replaced = await db
    .delete(sessions)
    .where(eq(sessions.refreshFamily, row.family))
    .returning({ id: sessions.id });
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + BEARER_SESSION_SECONDS * 1000);
  const [created] = await db
    .insert(sessions)
    .values({
      token,
      userId: row.userId,
      expiresAt,
      ipAddress: device.ipAddress,
      userAgent: device.userAgent,
      strategy: 'bearer',
      refreshFamily: row.family,
    })
    .returning({ id: sessions.id });
  // The app's native push token (decision 0014) belongs to the session it was registered with;
  // it follows the session into its renewal.
  if (created && replaced.length > 0) {
    await db
      .update(deviceTokens)
      .set({ sessionId: created.id })
      .where(
        inArray(
          deviceTokens.sessionId,
          replaced.map((r) => r.id),
        ),
      );
  }
  const session = await addRefreshToken(db, {
    family: row.family,
    userId: row.userId,
    sessionToken: token,
    sessionExpiresAt: expiresAt,
  });
  return { ok: true, userId: row.userId, session };
}
