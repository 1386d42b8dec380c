import { and, ne, sql } from 'drizzle-orm';
import { checkUsername } from '@plaza/core/username';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';

export interface UsernameAvailability {
  username: string;
  isAvailable: boolean;
  /** Why not, in words for the person; null when available. */
  message: string | null;
}

export const USERNAME_TAKEN_MESSAGE = 'That username is taken. Try another.';

/** Whether a username has the allowed form and is free (case-insensitively), ignoring the asker's own. */
export async function checkUsernameAvailability(
  context: RequestContext,
  input: string,
): Promise<UsernameAvailability> {
  const check = checkUsername(input);
  if (!check.valid) return { username: input.trim(), isAvailable: false, message: check.message };
  const [taken] = await context.store.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${check.username.toLowerCase()}`,
        context.viewer ? ne(users.id, context.viewer.id) : undefined,
      ),
    )
    .limit(1);
  return taken
    ? { username: check.username, isAvailable: false, message: USERNAME_TAKEN_MESSAGE }
    : { username: check.username, isAvailable: true, message: null };
}
