import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, sessions, users } from '../../db/schema/index.ts';

/** Shown when a suspended account tries to sign in (better-auth's session hook, create-auth.ts). */
export function suspendedSignInMessage(contactEmail: string): string {
  return `This account is suspended. If you think this is a mistake, write to ${contactEmail}.`;
}

/**
 * Suspends an account (decision 0018): marks it, ends every session it has (cookies and bearer
 * tokens) and makes its refresh tokens worthless, so it is signed out everywhere at once. Call it
 * inside the moderation transaction.
 */
export async function suspendAccount(tx: Database, userId: number, at: Date): Promise<void> {
  await tx.update(users).set({ suspendedAt: at, updatedAt: at }).where(eq(users.id, userId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function liftSuspension(tx: Database, userId: number): Promise<void> {
  await tx.update(users).set({ suspendedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Whether the account may sign in: not suspended. */
export async function isSuspended(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return row?.at != null;
}
