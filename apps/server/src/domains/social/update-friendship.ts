import { inArray, sql } from 'drizzle-orm';
import { applyFriendshipAction, statusFromTies } from '@plaza/core/friendship-transitions';
import type { FriendshipAction, FriendshipStatus } from '@plaza/core/friendship';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError, rateLimited } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { friendshipActivities } from '../activity/activity-triggers/social-triggers.ts';
import { readTiePair, writeTiePair } from './ties.ts';
import { forgetTies } from './social-loaders.ts';

/** Friendship actions a person may take in an hour: plenty for people, too few for a follow-spam script. */
export const FRIENDSHIP_ACTIONS_PER_HOUR = 300;

/**
 * Takes a friendship action of the viewer toward `target` (decision 0006) and answers the viewer's
 * new status. Both people are locked for the change, so two actions on one pair never interleave.
 */
export async function updateFriendship(
  context: RequestContext,
  viewerId: number,
  target: UserRow,
  action: FriendshipAction,
): Promise<FriendshipStatus> {
  const limit = await context.rateLimits.hit([
    {
      name: 'friendship-action',
      subject: String(viewerId),
      limit: FRIENDSHIP_ACTIONS_PER_HOUR,
      windowSeconds: 3600,
    },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
  const { before, after } = await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [viewerId, target.id]))
      .orderBy(users.id)
      .for('update');
    const [fresh] = await db
      .select({ isPublic: users.isPublic })
      .from(users)
      .where(sql`${users.id} = ${target.id}`);
    const before = await readTiePair(db, viewerId, target.id);
    const result = applyFriendshipAction(before, action, {
      targetIsPublic: fresh?.isPublic ?? target.isPublic,
      isSelf: viewerId === target.id,
    });
    if (!result.ok) throw plazaError(result.code, result.message);
    await writeTiePair(db, viewerId, target.id, result.pair);
    return { before, after: result.pair };
  });
  forgetTies(context, target.id);
  await friendshipActivities(context, viewerId, target.id, action, before, after);
  return statusFromTies(after);
}
