import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { places, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { rows } from '../social/social-sql.ts';
import { PLACE_KINDS, findPlace, placeVisibleTo, type PlaceRow } from './place-rows.ts';
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

/** The city nearest to a point (micro-degrees), within 100 km; null when none is that close. */
export async function nearestCity(
  db: Database,
  latitudeE6: number,
  longitudeE6: number,
): Promise<PlaceRow | null> {
  const distance = distanceKmSql({ latitude: latitudeE6 / 1e6, longitude: longitudeE6 / 1e6 });
  // About 1.1 degrees of latitude is 120 km: a cheap box before the exact distance.
  const box = 1_100_000;
  const [nearest] = await db
    .select()
    .from(places)
    .where(
      and(
        eq(places.kind, PLACE_KINDS.city),
        sql`${places.latitude} BETWEEN ${latitudeE6 - box} AND ${latitudeE6 + box}`,
        sql`${distance} <= ${NEAREST_CITY_KM}`,
      ),
    )
    .orderBy(asc(distance))
    .limit(1);
  return nearest ?? null;
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
