import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { myLocation } from '../places/my-location.ts';
import { findPlace, locationNotFound, type PlaceRow } from '../places/place-rows.ts';

/**
 * setMyLocation: remembers the place the person explores from (myLocation answers it first);
 * null clears it. Answers myLocation after the change: the place, or after clearing what
 * myLocation falls back to (the profile's city...). NOT_FOUND for a place the person may not see.
 */
export async function setMyLocation(
  context: RequestContext,
  userId: number,
  placeId: string | null | undefined,
): Promise<PlaceRow | null> {
  const db = context.store.db;
  const place = placeId == null ? null : await findPlace(db, placeId, userId);
  if (placeId != null && !place) throw locationNotFound();
  await db
    .update(users)
    .set({ myLocationPlaceId: place?.id ?? null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return place ?? myLocation(context, userId);
}
