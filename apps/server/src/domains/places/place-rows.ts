import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { places } from '../../db/schema/index.ts';
import { plazaError } from '../../graphql/errors.ts';

export type PlaceRow = typeof places.$inferSelect;

/**
 * Kinds of place (decision 0010): cities of the data set and venues of public plans are seen by
 * everyone; a venue of a private plan only by the person who saved it (it may be their home).
 */
export const PLACE_KINDS = { city: 'city', venue: 'venue', privateVenue: 'private_venue' } as const;

export function placeVisibleTo(viewerId: number | null): SQL {
  return viewerId === null
    ? sql`${places.kind} IN ('city', 'venue')`
    : sql`(${places.kind} IN ('city', 'venue') OR (${places.kind} = 'private_venue' AND ${places.createdById} = ${viewerId}))`;
}

export const locationNotFound = () => plazaError('NOT_FOUND', 'This place could not be found.');

/** A place the viewer may see, by its id (a number as text); null for anything else. */
export async function findPlace(db: Database, id: string | number, viewerId: number | null) {
  const text = String(id).trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const [row] = await db
    .select()
    .from(places)
    .where(and(eq(places.id, Number(text)), placeVisibleTo(viewerId)));
  return row ?? null;
}

/** The line under a place's name: "Oregon, United States", or a venue's address and city. */
export function placeDescription(place: PlaceRow): string {
  const parts =
    place.kind === PLACE_KINDS.city
      ? [place.state, place.country]
      : [place.address, place.city, place.state, place.country ?? place.countryCode];
  return parts.filter((part): part is string => Boolean(part?.trim())).join(', ');
}
