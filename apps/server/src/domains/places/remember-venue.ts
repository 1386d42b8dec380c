import { sql } from 'drizzle-orm';
import { slugify } from '@plaza/core/slug';
import type { Database } from '../../db/client.ts';
import { PLACE_KINDS } from './place-rows.ts';
import { searchNameOf } from './search-name.ts';
import { timeZoneAt } from './time-zone-at.ts';

/** A plan's place as saved (coordinates in micro-degrees). */
export interface SavedLocation {
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The venue a plan names, worth remembering for later searches: a name with an address or with
 * coordinates, and not a bare city (a name that is only its city, as when a city is picked).
 */
export function venueOf(location: SavedLocation): SavedLocation | null {
  const name = location.name?.trim();
  if (!name) return null;
  const hasAddress = Boolean(location.address?.trim());
  const hasCoordinates = location.latitude !== null && location.longitude !== null;
  if (!hasAddress && !hasCoordinates) return null;
  if (!hasAddress && searchNameOf(name) === searchNameOf(location.city ?? '')) return null;
  return location;
}

/**
 * Remembers the venue of a saved plan in `places`, or counts one more use of it. A public plan's
 * venue is shared with everyone's searches; a private plan's stays the saver's own (decision 0010).
 */
export async function rememberVenue(
  db: Database,
  userId: number,
  venue: SavedLocation,
  options: { isPublic: boolean },
): Promise<void> {
  const name = venue.name!.trim();
  const searchName = searchNameOf(name);
  const address = venue.address?.trim() ?? '';
  const city = venue.city?.trim() ?? '';
  const timezone =
    venue.latitude !== null && venue.longitude !== null
      ? timeZoneAt(venue.latitude / 1e6, venue.longitude / 1e6)
      : null;
  const slug = slugify([name, city].filter(Boolean).join(' '), 'place');
  const kind = options.isPublic ? PLACE_KINDS.venue : PLACE_KINDS.privateVenue;
  const sourceId = options.isPublic
    ? null
    : `private:${userId}:${searchName}|${address.toLowerCase()}|${city.toLowerCase()}`;
  const conflict = options.isPublic
    ? sql`("kind", "search_name", lower("address"), lower("city")) WHERE "kind" = 'venue'`
    : sql`("source_id")`;
  await db.execute(sql`
    INSERT INTO places (kind, source_id, name, search_name, slug, address, city, state,
      latitude_e6, longitude_e6, timezone, use_count, created_by_id)
    VALUES (${kind}, ${sourceId}, ${name}, ${searchName}, ${slug}, ${address}, ${city}, ${venue.state},
      ${venue.latitude}, ${venue.longitude}, ${timezone}, 1, ${userId})
    ON CONFLICT ${conflict} DO UPDATE SET
      use_count = places.use_count + 1,
      state = coalesce(places.state, excluded.state),
      latitude_e6 = coalesce(places.latitude_e6, excluded.latitude_e6),
      longitude_e6 = coalesce(places.longitude_e6, excluded.longitude_e6),
      timezone = coalesce(places.timezone, excluded.timezone)`);
}

/** After a plan is saved with a place: remember its venue when it names one (see venueOf). */
export async function rememberPlanVenue(
  db: Database,
  userId: number,
  plan: {
    locationName: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    latitude: number | null;
    longitude: number | null;
  },
  options: { isPublic: boolean },
): Promise<void> {
  const venue = venueOf({
    name: plan.locationName,
    address: plan.address,
    city: plan.city,
    state: plan.state,
    latitude: plan.latitude,
    longitude: plan.longitude,
  });
  if (venue) await rememberVenue(db, userId, venue, options);
}
