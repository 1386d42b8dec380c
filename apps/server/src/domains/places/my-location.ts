import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { places, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { rows } from '../social/social-sql.ts';
import { PLACE_KINDS, findPlace, placeVisibleTo, type PlaceRow } from './place-rows.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { boxAround } from './coordinate-box.ts';
import { distanceKmSql } from './search-locations.ts';
import { searchNameOf } from './search-name.ts';

/** How far the nearest city may be from a point (a plan's, a profile's) to stand for it. */
const NEAREST_CITY_KM = 100;

interface PlanPlace {
  location_name: string | null;
  address: string | null;
  city: string | null;
  latitude_e6: number | null;
  longitude_e6: number | null;
}

/**
 * The city nearest to a point within `radiusKm`: the cities in a box of coordinates around the
 * circle (a band of latitudes where the box would reach a pole or cross the 180th meridian),
 * measured from the places_city_coordinates index alone, and the nearest one's row read. Built
 * once per store with placeholders: explore near a point asks it on every request.
 */
const nearestCityStatement = preparedStatement((db) => {
  const center = { latitude: sql.placeholder('latitude'), longitude: sql.placeholder('longitude') };
  const distance = distanceKmSql(center);
  const nearest = db
    .select({ id: places.id })
    .from(places)
    .where(
      and(
        // Written into the text, as the partial index's predicate says it (a parameter would not match).
        sql`${places.kind} = 'city'`,
        sql`${places.latitude} BETWEEN ${sql.placeholder('latitudeMin')} AND ${sql.placeholder('latitudeMax')}`,
        sql`${places.longitude} BETWEEN ${sql.placeholder('longitudeMin')} AND ${sql.placeholder('longitudeMax')}`,
        sql`${distance} <= ${sql.placeholder('radiusKm')}`,
      ),
    )
    // Ties by id: the same city whichever circle finds it.
    .orderBy(asc(distance), asc(places.id))
    .limit(literalLimit(1));
  return db
    .select()
    .from(places)
    .where(sql`${places.id} = (${nearest})`)
    .prepare('plaza_nearest_city');
});

/**
 * The circles nearestCity reads, smaller first: a city found within the first is the nearest of
 * all (any nearer one is inside it too), and near a town the first holds a few cities where the
 * whole radius holds hundreds (192 within 100 km of Lisbon, each measured).
 */
const NEAREST_CITY_CIRCLES_KM = [10, NEAREST_CITY_KM];

/** The city nearest to a point (micro-degrees), within 100 km; null when none is that close. */
export async function nearestCity(
  db: Database,
  latitudeE6: number,
  longitudeE6: number,
): Promise<PlaceRow | null> {
  const center = { latitude: latitudeE6 / 1e6, longitude: longitudeE6 / 1e6 };
  for (const radiusKm of NEAREST_CITY_CIRCLES_KM) {
    const box = boxAround(center, radiusKm);
    const [nearest] = await nearestCityStatement(db).execute({
      ...center,
      radiusKm,
      latitudeMin: box.latitudes[0],
      latitudeMax: box.latitudes[1],
      // Every longitude, where the box would cross the 180th meridian or reach a pole.
      longitudeMin: box.longitudes?.[0] ?? -180_000_000,
      longitudeMax: box.longitudes?.[1] ?? 180_000_000,
    });
    if (nearest) return nearest;
  }
  return null;
}

/** The largest city called `name` (compared as searches compare names); null when none is. */
export async function largestCityNamed(db: Database, name: string): Promise<PlaceRow | null> {
  const searchName = searchNameOf(name);
  if (searchName === '') return null;
  const [named] = await db
    .select()
    .from(places)
    .where(and(eq(places.kind, PLACE_KINDS.city), eq(places.searchName, searchName)))
    .orderBy(sql`${places.population} DESC`, asc(places.id))
    .limit(1);
  return named ?? null;
}

/**
 * The place of the person's profile (decision 0016): the city chosen with updateProfile(placeId),
 * else the city nearest to the profile's coordinates or, without them, the largest city of its city
 * name (the demo world and older profiles have those but no place id).
 */
async function profilePlace(context: RequestContext, me: ProfileFacts): Promise<PlaceRow | null> {
  const db = context.store.db;
  if (me.placeId !== null) {
    const place = await findPlace(db, me.placeId, me.id);
    if (place) return place;
  }
  if (me.latitude !== null && me.longitude !== null) {
    const nearest = await nearestCity(db, me.latitude, me.longitude);
    if (nearest) return nearest;
  }
  return me.locationCity?.trim() ? largestCityNamed(db, me.locationCity) : null;
}

interface ProfileFacts {
  id: number;
  placeId: number | null;
  myLocationPlaceId: number | null;
  locationCity: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Spec 7.2 myLocation. Plaza has no geo-IP lookup, so the person's location is, in this order: the
 * place they chose with setMyLocation; the place of their profile; the city of the place of their
 * latest plan (the most recent one they created, or answered attending or interested: its
 * coordinates give the nearest city within 100 km, a plan without coordinates the largest city of
 * its city's name, failing both the remembered venue itself). Null when none of these names a place.
 */
export async function myLocation(context: RequestContext, userId: number): Promise<PlaceRow | null> {
  const db = context.store.db;
  const [me] = await db
    .select({
      id: users.id,
      placeId: users.placeId,
      myLocationPlaceId: users.myLocationPlaceId,
      locationCity: users.locationCity,
      latitude: users.latitude,
      longitude: users.longitude,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (me?.myLocationPlaceId != null) {
    const chosen = await findPlace(db, me.myLocationPlaceId, userId);
    if (chosen) return chosen;
  }
  if (me) {
    const profile = await profilePlace(context, me);
    if (profile) return profile;
  }
  return latestPlanPlace(context, userId);
}

async function latestPlanPlace(context: RequestContext, userId: number): Promise<PlaceRow | null> {
  const db = context.store.db;
  const [plan] = await rows<PlanPlace>(
    db,
    sql`SELECT p.location_name, p.address, p.city, p.latitude_e6, p.longitude_e6
      FROM (
        SELECT id AS plan_id, created_at AS at FROM plans WHERE creator_id = ${userId}
        UNION ALL
        SELECT plan_id, updated_at AS at FROM plan_responses
        WHERE user_id = ${userId} AND response IN ('ATTENDING', 'INTERESTED')
      ) mine
      JOIN plans p ON p.id = mine.plan_id
      WHERE p.latitude_e6 IS NOT NULL OR coalesce(p.city, '') <> ''
      ORDER BY mine.at DESC, p.id DESC
      LIMIT 1`,
  );
  if (!plan) return null;

  if (plan.latitude_e6 !== null && plan.longitude_e6 !== null) {
    const nearest = await nearestCity(db, plan.latitude_e6, plan.longitude_e6);
    if (nearest) return nearest;
  } else if (plan.city?.trim()) {
    const named = await largestCityNamed(db, plan.city);
    if (named) return named;
  }
  if (!plan.location_name?.trim()) return null;
  const [venue] = await db
    .select()
    .from(places)
    .where(
      and(
        sql`${places.kind} <> 'city'`,
        eq(places.searchName, searchNameOf(plan.location_name)),
        sql`lower(${places.address}) = ${(plan.address ?? '').trim().toLowerCase()}`,
        sql`lower(${places.city}) = ${(plan.city ?? '').trim().toLowerCase()}`,
        placeVisibleTo(userId),
      ),
    )
    .orderBy(sql`${places.useCount} DESC`)
    .limit(1);
  return venue ?? null;
}
