import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { viewerIsAdmin } from '../moderation/site-admins.ts';
import type { UserRow } from '../users/find-user.ts';
import { readTiePair } from './ties.ts';

const INT4_MAX = 2_147_483_647;

export const notFound = () => plazaError('NOT_FOUND', 'This person could not be found.');

/**
 * A person by id or key (or username), as the viewer may see them: someone who blocked the viewer
 * does not exist for them. The viewer still finds someone they blocked, so they can unblock them,
 * unless `hideBlocked` says a block hides both ways (public profiles, lists).
 */
export async function findVisibleUser(
  context: RequestContext,
  by: { id?: number | null; key?: string | null; username?: string | null },
  options: { hideBlocked?: boolean } = {},
): Promise<UserRow> {
  const where =
    by.id != null
      ? eq(users.id, by.id)
      : by.key
        ? eq(users.key, by.key)
        : by.username
          ? sql`lower(${users.username}) = lower(${by.username})`
          : null;
  if (!where) throw badUserInput('id', 'Give the person’s id or key.');
  // An id no row can have (an ID argument beyond PostgreSQL's integer, 1e300) names no one; asked
  // as it is, the statement itself fails (found by fuzzing inviteToGroup).
  if (by.id != null && !(Number.isInteger(by.id) && Math.abs(by.id) <= INT4_MAX)) throw notFound();
  const [user] = await context.store.db.select().from(users).where(where);
  if (!user || user.onboardedAt === null) throw notFound();
  const viewerId = context.viewer?.id;
  // Hidden or suspended by a moderator (decision 0018): only the person and site administrators find them.
  const isHidden = user.hiddenAt !== null || user.suspendedAt !== null;
  if (isHidden && viewerId !== user.id && !(await viewerIsAdmin(context))) throw notFound();
  if (viewerId !== undefined && viewerId !== user.id) {
    const pair = await readTiePair(context.store.db, viewerId, user.id);
    if (pair.in === 'BLOCKED') throw notFound();
    if (options.hideBlocked && pair.out === 'BLOCKED') throw notFound();
  }
  return user;
}
