import { and, asc, eq, sql } from 'drizzle-orm';
import { places } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { rows } from '../social/social-sql.ts';
import { PLACE_KINDS, placeVisibleTo, type PlaceRow } from './place-rows.ts';
import { distanceKmSql } from './search-locations.ts';
import { searchNameOf } from './search-name.ts';

/** How far the nearest city may be from a plan's point to stand for the person's location. */
const NEAREST_CITY_KM = 100;

interface PlanPlace {
  location_name: string | null;
  address: string | null;
  city: string | null;
  latitude_e6: number | null;
  longitude_e6: number | null;
}

/**
 * Spec 7.2 myLocation. Plaza has no geo-IP lookup, so the person's location is the city of the
 * place of their latest plan: the most recent one they created, or answered attending or
 * interested. Its coordinates give the nearest city (within 100 km); a plan without coordinates
 * gives the largest city of its city's name; failing both, the remembered venue itself. Null when
 * no plan names a place.
 */
export async function myLocation(context: RequestContext, userId: number): Promise<PlaceRow | null> {
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

  const cityKind = eq(places.kind, PLACE_KINDS.city);
  if (plan.latitude_e6 !== null && plan.longitude_e6 !== null) {
    const near = { latitude: plan.latitude_e6 / 1e6, longitude: plan.longitude_e6 / 1e6 };
    const distance = distanceKmSql(near);
    // About 1.1 degrees of latitude is 120 km: a cheap box before the exact distance.
    const box = 1_100_000;
    const [nearest] = await db
      .select()
      .from(places)
      .where(
        and(
          cityKind,
          sql`${places.latitude} BETWEEN ${plan.latitude_e6 - box} AND ${plan.latitude_e6 + box}`,
          sql`${distance} <= ${NEAREST_CITY_KM}`,
        ),
      )
      .orderBy(asc(distance))
      .limit(1);
    if (nearest) return nearest;
  } else if (plan.city?.trim()) {
    const [named] = await db
      .select()
      .from(places)
      .where(and(cityKind, eq(places.searchName, searchNameOf(plan.city))))
      .orderBy(sql`${places.population} DESC`)
      .limit(1);
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
