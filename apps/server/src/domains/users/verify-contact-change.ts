import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { assertContactFree } from './contact-inputs.ts';
import { consumeChangeCode } from './consume-change-code.ts';
import type { UserRow } from './find-user.ts';

/** Applies a new e-mail address or phone number once the code sent to it is confirmed. */
export async function verifyContactChange(
  context: RequestContext,
  userId: number,
  kind: 'email' | 'phone',
  value: string,
  code: string,
): Promise<UserRow> {
  const change = await consumeChangeCode(context, { userId, purpose: kind, code, target: value });
  // Someone may have taken the address while the code travelled.
  await assertContactFree(context.store.db, userId, kind, change.target);
  const set =
    kind === 'email'
      ? { email: change.target, emailVerified: true, updatedAt: new Date() }
      : { phone: change.target, phoneVerified: true, updatedAt: new Date() };
  try {
    const [user] = await context.store.db.update(users).set(set).where(eq(users.id, userId)).returning();
    if (!user) throw badUserInput(kind, 'Your account is gone.');
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw badUserInput(
        kind,
        `That ${kind === 'email' ? 'e-mail address' : 'phone number'} belongs to another account.`,
      );
    }
    throw error;
  }
}
