import { and, eq, sql } from 'drizzle-orm';
import { ONE_TIME_CODE_MAX_ATTEMPTS } from '@plaza/core/one-time-code';
import { profileChangeCodes, type ProfileChangePurpose } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { changeCodeMatches, hashChangeCode } from './change-code-hash.ts';

export type ChangeCodeRow = typeof profileChangeCodes.$inferSelect;

export type CodeRefusal = 'NO_CODE' | 'EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'WRONG_CODE';

const MESSAGES: Record<CodeRefusal, string> = {
  NO_CODE: 'There is no code waiting for this change. Ask for a new one.',
  EXPIRED: 'This code has expired. Ask for a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong tries. Ask for a new code.',
  WRONG_CODE: 'That code is not right. Check it and try again.',
};

function refuse(reason: CodeRefusal) {
  return plazaError('BAD_USER_INPUT', MESSAGES[reason], { field: 'code', reason });
}

/**
 * Checks a code for a pending change and, when right, uses it up and returns the change. A code
 * works once, for ten minutes, and after five wrong tries it is refused even when right. A code
 * for another target (say, another address than the one it was sent to) counts as a wrong try.
 */
export async function consumeChangeCode(
  context: RequestContext,
  input: { userId: number; purpose: ProfileChangePurpose; code: string; target?: string },
): Promise<ChangeCodeRow> {
  const { db } = context.store;
  const where = and(
    eq(profileChangeCodes.userId, input.userId),
    eq(profileChangeCodes.purpose, input.purpose),
  );
  const [row] = await db.select().from(profileChangeCodes).where(where);
  if (!row) throw refuse('NO_CODE');
  if (row.expiresAt.getTime() <= Date.now()) {
    await db.delete(profileChangeCodes).where(eq(profileChangeCodes.id, row.id));
    throw refuse('EXPIRED');
  }
  if (row.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) {
    await db.delete(profileChangeCodes).where(eq(profileChangeCodes.id, row.id));
    throw refuse('TOO_MANY_ATTEMPTS');
  }
  const given = hashChangeCode(context.auth.secret, input.userId, input.purpose, input.code.trim());
  const right =
    changeCodeMatches(row.codeHash, given) && (input.target === undefined || input.target === row.target);
  if (!right) {
    await db
      .update(profileChangeCodes)
      .set({ attempts: sql`${profileChangeCodes.attempts} + 1` })
      .where(eq(profileChangeCodes.id, row.id));
    throw refuse('WRONG_CODE');
  }
  // Deleting the very row we checked is the single-use gate: a racing second use finds nothing.
  const [used] = await db
    .delete(profileChangeCodes)
    .where(and(eq(profileChangeCodes.id, row.id), eq(profileChangeCodes.attempts, row.attempts)))
    .returning();
  if (!used) throw refuse('NO_CODE');
  return used;
}
