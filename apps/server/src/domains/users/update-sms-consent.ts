import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { UserRow } from './find-user.ts';

/** Whether Plaza may text the person's contacts an invitation for them; null leaves it as it is. */
export async function updateSmsConsent(
  context: RequestContext,
  user: UserRow,
  optInSms: boolean | null | undefined,
): Promise<UserRow> {
  if (optInSms === null || optInSms === undefined) return user;
  const [updated] = await context.store.db
    .update(users)
    .set({ smsContactsOptin: optInSms, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
