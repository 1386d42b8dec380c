import { eq, sql } from 'drizzle-orm';
import { oneTimeCodeFromNumber } from '@plaza/core/one-time-code';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { consumeChangeCode } from './consume-change-code.ts';
import type { UserRow } from './find-user.ts';
import { privacyChangeTarget, type PrivacyInput } from './request-privacy-change.ts';

/**
 * Applies a privacy change with the numeric code sent by updateProfilePrivate. The change given
 * must be the one the code was made for; another change counts as a wrong try.
 */
export async function confirmPrivacyChange(
  context: RequestContext,
  user: UserRow,
  input: PrivacyInput,
  code: number,
): Promise<UserRow> {
  const digits = oneTimeCodeFromNumber(code);
  if (!digits) {
    throw plazaError('BAD_USER_INPUT', 'Enter the six-digit code.', { field: 'code', reason: 'WRONG_CODE' });
  }
  await consumeChangeCode(context, {
    userId: user.id,
    purpose: 'privacy',
    code: digits,
    target: privacyChangeTarget(input),
  });
  const [updated] = await context.store.db
    .update(users)
    .set({ isPublic: input.isPublic, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
