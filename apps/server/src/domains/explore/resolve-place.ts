import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { places } from '../../db/schema/index.ts';
import { plazaError } from '../../graphql/errors.ts';
import { largestCityNamed } from '../places/my-location.ts';
import { findPlace, placeVisibleTo, type PlaceRow } from '../places/place-rows.ts';

const MAX_PLACE_TEXT = 100;

/**
 * The place an explore path names (decision 0016): a place id, a place slug ("lisbon-pt"), or a
 * city name in plain or slug form ("new york", "new-york"), where the largest city of that name
 * wins. NOT_FOUND when nothing matches.
 */
export async function resolvePlace(db: Database, text: string, viewerId: number | null): Promise<PlaceRow> {
  const wanted = text.trim();
  const notFound = () =>
    plazaError('NOT_FOUND', `No place called “${wanted.slice(0, MAX_PLACE_TEXT)}” was found.`);
  if (wanted === '' || wanted.length > MAX_PLACE_TEXT) throw notFound();
  if (/^\d+$/.test(wanted)) {
    const byId = await findPlace(db, wanted, viewerId);
    if (byId) return byId;
  }
  const [bySlug] = await db
    .select()
    .from(places)
    .where(and(eq(places.slug, wanted.toLowerCase()), placeVisibleTo(viewerId)))
    .orderBy(sql`${places.population} DESC`, sql`${places.useCount} DESC`, asc(places.id))
    .limit(1);
  if (bySlug) return bySlug;
  const byName = await largestCityNamed(db, wanted);
  if (byName) return byName;
  throw notFound();
}
