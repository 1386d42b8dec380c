import { desc, sql, type SQL } from 'drizzle-orm';
import { places } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, rateLimited } from '../../graphql/errors.ts';
import type { RateLimitRule } from '../../platform/rate-limits/rate-limits.ts';
import { placeVisibleTo, type PlaceRow } from './place-rows.ts';
import { escapeLike, searchNameOf } from './search-name.ts';
import { haversineKmSql, type CenterParam } from './coordinate-box.ts';

export const SEARCH_LOCATIONS = { maxQuery: 100, results: 10 } as const;

/**
 * Typing a place name searches on every key press: generous, but not unlimited. Counted per person,
 * or per address for signed-out visitors.
 */
export function searchLocationsRateRule(subject: string): RateLimitRule {
  return { name: 'search-locations', subject, limit: 300, windowSeconds: 300 };
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Kilometres between a place and a point (haversineKmSql); null without coordinates. */
export function distanceKmSql(near: CenterParam): SQL<number | null> {
  return haversineKmSql(sql`${places.latitude}`, sql`${places.longitude}`, near);
}

/**
 * Spec 7.2 searchLocations: cities of the data set and venues people used, ranked by how well the
 * name matches (exact, then prefix, then word prefix, then trigram likeness, which forgives
 * misspellings), then by size (population, or how often a venue was used), then by distance to
 * `near`. Text after a comma ("Portland, ME") favours places whose state or country starts with it.
 */
export async function searchLocations(
  context: RequestContext,
  args: { q: string; near?: Coordinates | null },
): Promise<PlaceRow[]> {
  const q = args.q.trim();
  if (q.length < 1 || q.length > SEARCH_LOCATIONS.maxQuery)
    throw badUserInput('q', `Type 1 to ${SEARCH_LOCATIONS.maxQuery} characters.`);
  const near = args.near ?? null;
  if (near && (Math.abs(near.latitude) > 90 || Math.abs(near.longitude) > 180))
    throw badUserInput('near', 'Latitude is within ±90 and longitude within ±180.');

  const limit = await context.rateLimits.hit([
    searchLocationsRateRule(context.viewer ? `user:${context.viewer.id}` : `ip:${context.ip}`),
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

  const [namePart = '', ...rest] = q.split(',');
  const name = searchNameOf(namePart);
  const qualifier = searchNameOf(rest.join(' '));
  if (name === '') return [];

  const prefix = `${escapeLike(name)}%`;
  const wordPrefix = `% ${escapeLike(name)}%`;
  const searchName = places.searchName;
  const textScore = sql`(CASE
    WHEN ${searchName} = ${name} THEN 1.0
    WHEN ${searchName} LIKE ${prefix} THEN 0.8
    WHEN ${searchName} LIKE ${wordPrefix} THEN 0.7
    ELSE 0.6 * greatest(word_similarity(${name}, ${searchName}), similarity(${name}, ${searchName}))
  END)`;
  // A venue used once weighs like a town of 10,000 people.
  const sizeScore = sql`(0.3 * least(1.0, log(${places.population} + 10000 * ${places.useCount} + 1) / 7))`;
  const nearScore = near ? sql`coalesce(0.5 / (1 + ${distanceKmSql(near)} / 50), 0)` : sql`0`;
  const qualifierScore =
    qualifier === ''
      ? sql`0`
      : sql`(CASE WHEN lower(coalesce(${places.state}, '')) LIKE ${`${escapeLike(qualifier)}%`}
          OR lower(coalesce(${places.countryCode}, '')) = ${qualifier}
          OR lower(coalesce(${places.country}, '')) LIKE ${`${escapeLike(qualifier)}%`}
          OR lower(${places.city}) LIKE ${`${escapeLike(qualifier)}%`} THEN 0.3 ELSE 0 END)`;
  const score = sql<number>`(${textScore} + ${sizeScore} + ${nearScore} + ${qualifierScore})`;
  const visible = placeVisibleTo(context.viewer?.id ?? null);

  const ranked = (matches: SQL) =>
    context.store.db
      .select({ place: places, score: sql<number>`${score}::float8`.mapWith(Number) })
      .from(places)
      .where(sql`(${matches}) AND ${visible}`)
      .orderBy(desc(score), desc(places.population), places.id)
      .limit(SEARCH_LOCATIONS.results);
  // Names that start with q (or have a word that does) are cheap to find; the trigram likeness
  // that forgives misspellings is costly on short, common text, so it only fills a short list.
  const starts = await ranked(sql`${searchName} LIKE ${prefix} OR ${searchName} LIKE ${wordPrefix}`);
  if (starts.length >= SEARCH_LOCATIONS.results) return starts.map((r) => r.place);
  const seen = new Set(starts.map((r) => r.place.id));
  const alike = await ranked(sql`${name} <% ${searchName} OR ${searchName} % ${name}`);
  return [...starts, ...alike.filter((r) => !seen.has(r.place.id))]
    .sort((a, b) => b.score - a.score || b.place.population - a.place.population || a.place.id - b.place.id)
    .slice(0, SEARCH_LOCATIONS.results)
    .map((r) => r.place);
}
