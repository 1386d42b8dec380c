import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';

/** Ends every session of a refresh-token family and makes its tokens worthless. */
export async function revokeRefreshFamily(db: Database, family: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
  await db.delete(sessions).where(eq(sessions.refreshFamily, family));
}
