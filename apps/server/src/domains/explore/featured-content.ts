import { sql } from 'drizzle-orm';
import { isKnownTimeZone, suggestedInvites, type SuggestedInvite } from '@plaza/core/suggested-invites';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { rows } from '../social/social-sql.ts';
import type { UserRow } from '../users/find-user.ts';
import { exploreWhere } from './explore.ts';
import { planCards } from '../plans/plan-cards.ts';
import { explorePlanIds, rowsInOrder } from './explore-lists.ts';
import {
  distanceKm,
  explorablePerson,
  followerCount,
  friendsWithPersonOnce,
  type Center,
} from './explore-sql.ts';

export const FEATURED = { plans: 6, users: 8 } as const;

/**
 * The plans and the people are read only when asked for (each once): the explore page asks for the
 * plan ideas alone, and the popular plans near the viewer cost 95 ms of PostgreSQL on bench:seed's
 * world, the people to follow (peopleToFollow) more.
 */
export interface FeaturedContentSuggestions {
  plans(): Promise<PlanCard[]>;
  users(): Promise<UserRow[]>;
  suggestedInvites: SuggestedInvite[];
}

/** `read` once, when first called. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let read$: Promise<T> | null = null;
  return () => (read$ ??= read());
}

/**
 * People to follow: public profiles the viewer has no tie with yet (not followed, asked or
 * blocked, nor blocking them), most friends in common first, then nearer, then verified and
 * followed by more. The friends in common are counted once for all (friendsWithPersonOnce), not
 * per person: counting them, and each person's followers, for every public person of the generated
 * world took PostgreSQL 1.5-1.7 s a request (decision 0051); the followers are users.follower_count.
 */
async function peopleToFollow(
  context: RequestContext,
  viewerId: number | null,
  center: Center | null,
): Promise<UserRow[]> {
  const db = context.store.db;
  const noTie =
    viewerId === null
      ? sql`true`
      : sql`NOT EXISTS (SELECT 1 FROM follows t WHERE t.user_id = ${viewerId} AND t.target_id = u.id)`;
  const nearer = center ? [sql`${distanceKm('u', center)} ASC NULLS LAST`] : [];
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
      WHERE ${explorablePerson('u', viewerId)} AND ${noTie}
      ORDER BY ${sql.join(
        [
          sql`${friendsWithPersonOnce('u', viewerId)} DESC`,
          ...nearer,
          sql`u.is_verified DESC`,
          sql`${followerCount('u')} DESC`,
          sql`u.id ASC`,
        ],
        sql`, `,
      )}
      LIMIT ${FEATURED.users}`,
  );
  return rowsInOrder(db, users, found);
}

/**
 * featuredContentSuggestions (spec 3): popular upcoming public plans near the viewer's location
 * (anywhere when it is unknown, signed out, or nothing is near), people to follow, and plan ideas
 * dated in `timezone` (else the zone of the viewer's location, else UTC); the first two read when
 * asked (FeaturedContentSuggestions).
 */
export async function featuredContentSuggestions(
  context: RequestContext,
  input: { timezone?: string | null } = {},
): Promise<FeaturedContentSuggestions> {
  if (input.timezone != null && !isKnownTimeZone(input.timezone))
    throw badUserInput('timezone', 'Give an IANA time zone, such as Europe/Lisbon.');
  const viewerId = context.viewer?.id ?? null;
  const where = await exploreWhere(context, {});
  const popular = (center: Center | null) =>
    explorePlanIds(context.store, {
      viewerId,
      center,
      radiusKm: where.radiusKm,
      sort: 'POPULAR',
      offset: 0,
      limit: FEATURED.plans,
    });
  return {
    plans: once(async () => {
      let planIds = where.center ? await popular(where.center) : [];
      if (planIds.length === 0) planIds = await popular(null);
      return planCards(context, planIds);
    }),
    users: once(() => peopleToFollow(context, viewerId, where.center)),
    suggestedInvites: suggestedInvites(new Date(), input.timezone ?? where.place?.timezone ?? 'UTC'),
  };
}
