import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { groupLoaders, type GroupRow } from '../groups/group-loaders.ts';
import { myLocation, nearestCity } from '../places/my-location.ts';
import type { PlaceRow } from '../places/place-rows.ts';
import { loadedRows, planCards } from '../plans/plan-cards.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import type { UserRow } from '../users/find-user.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idArrayValue, idsPlaceholder } from '../../db/id-array.ts';
import { shapedRows } from '../../db/shaped-statements.ts';
import { RankingCache, cacheOf } from '../search/ranking-cache.ts';
import { prefixQuery } from '../search/text-query.ts';
import {
  explorableGroupFor,
  explorablePerson,
  explorablePlan,
  matchesQuery,
  upcomingPlan,
} from './explore-sql.ts';
import { decodeExploreMarker, encodeExploreMarker } from './explore-marker.ts';
import {
  EXPLORE_KEPT,
  exploreGroupPage,
  explorePeopleIds,
  explorePlanPage,
  type ExploreSort,
  type ListQuery,
} from './explore-lists.ts';
import type { Center } from './explore-sql.ts';
import { resolvePlace } from './resolve-place.ts';

export type ExploreFilter = 'ALL' | 'EVENTS' | 'PEOPLE' | 'GROUPS';
export type { ExploreSort };

export const EXPLORE_RADIUS_KM = { default: 50, min: 1, max: 500 } as const;
/** A page of one kind; with filter ALL a few of each kind instead. */
export const EXPLORE_PAGE = { default: 24, max: 50, all: { plans: 12, groups: 6, people: 6 } } as const;
const MAX_TEXT = 200;

export interface ExploreInput {
  place?: string | null;
  near?: Center | null;
  filter?: ExploreFilter | null;
  sort?: ExploreSort | null;
  text?: string | null;
  radiusKm?: number | null;
  marker?: string | null;
  limit?: number | null;
}

export interface ExploreResults {
  place: PlaceRow | null;
  radiusKm: number;
  plans: PlanCard[];
  groups: GroupRow[];
  people: UserRow[];
  nextMarker: string | null;
}

export interface ExploreWhere {
  /** The place shown as "near": the one asked for, the city at `near`, or the viewer's location. */
  place: PlaceRow | null;
  /** Where distances are measured from; null: anywhere. */
  center: Center | null;
  radiusKm: number;
}

export function checkRadius(radiusKm: number | null | undefined): number {
  const radius = radiusKm ?? EXPLORE_RADIUS_KM.default;
  if (!Number.isInteger(radius) || radius < EXPLORE_RADIUS_KM.min || radius > EXPLORE_RADIUS_KM.max)
    throw badUserInput('radiusKm', `The radius is ${EXPLORE_RADIUS_KM.min} to ${EXPLORE_RADIUS_KM.max} km.`);
  return radius;
}

export function checkLimit(limit: number | null | undefined, fallback: number): number {
  if (limit == null) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > EXPLORE_PAGE.max)
    throw badUserInput('limit', `Ask for 1 to ${EXPLORE_PAGE.max} results.`);
  return limit;
}

const centerOf = (place: PlaceRow | null): Center | null =>
  place && place.latitude !== null && place.longitude !== null
    ? { latitude: place.latitude / 1e6, longitude: place.longitude / 1e6 }
    : null;

/**
 * The city shown as "near" for coordinates, kept a minute per store and point (then served up to 5
 * minutes while read again): explore near the same coordinates (a city's own, or a link shared)
 * asks it again and again, and cities change only when the city data set is loaded.
 */
const nearestCities = (db: Database) =>
  cacheOf(db, 'explore-nearest-city', () => new RankingCache({ ...EXPLORE_KEPT, maxEntries: 2_000 }));

function keptNearestCity(db: Database, latitudeE6: number, longitudeE6: number): Promise<PlaceRow | null> {
  return nearestCities(db).get(`${latitudeE6}:${longitudeE6}`, () =>
    nearestCity(db, latitudeE6, longitudeE6),
  );
}

/**
 * Where explore looks (decision 0016): the named place; else the coordinates given (shown as the
 * city there, when one is within 100 km); else the signed-in viewer's myLocation; else anywhere.
 */
export async function exploreWhere(
  context: RequestContext,
  input: { place?: string | null; near?: Center | null; radiusKm?: number | null },
): Promise<ExploreWhere> {
  const radiusKm = checkRadius(input.radiusKm);
  const viewerId = context.viewer?.id ?? null;
  const db = context.store.db;
  if (input.place != null) {
    const place = await resolvePlace(db, input.place, viewerId);
    return { place, center: centerOf(place), radiusKm };
  }
  if (input.near) {
    const { latitude, longitude } = input.near;
    if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180))
      throw badUserInput('near', 'Latitude is within ±90 and longitude within ±180.');
    const place = await keptNearestCity(db, Math.round(latitude * 1e6), Math.round(longitude * 1e6));
    return { place, center: { latitude, longitude }, radiusKm };
  }
  if (viewerId !== null) {
    const place = await myLocation(context, viewerId);
    return { place, center: centerOf(place), radiusKm };
  }
  return { place: null, center: null, radiusKm };
}

/** A page of each explore list: the plans with their creators, the groups with their member counts, the people. */
type Pages = [Array<{ id: number; creatorId: number }>, Array<{ id: number; memberCount: number }>, number[]];

/**
 * A signed-out visitor's explore anywhere (no place, no location of their own: the public /explore
 * page) is the same for every visitor, and its lists read every upcoming public plan, group and person
 * to order them (in the generated world ~50 ms of PostgreSQL's CPU a request). Its pages are kept a
 * minute per store (served up to 5 while read again, decision 0048's second note); each visitor's
 * request checks in one statement that every row kept may still be shown (public, explorable, not
 * hidden, upcoming, matching the text) and reads the pages afresh when one may not. A plan made
 * since shows within the minute.
 */
const anywherePages = (db: Database) =>
  cacheOf(db, 'explore-anywhere', () => new RankingCache({ ...EXPLORE_KEPT, maxEntries: 500 }));

async function anywhere(
  db: Database,
  key: string,
  text: string | null,
  read: () => Promise<Pages>,
): Promise<Pages> {
  const cache = anywherePages(db);
  const pages = await cache.get(key, read);
  const [planPage, groupPage, peopleIds] = pages;
  const plans = planPage.map((plan) => plan.id);
  const groups = groupPage.map((group) => group.id);
  const words = text ? prefixQuery(text) : null;
  // Built once per store for each shape (with words or without) and named, so PostgreSQL plans it
  // once a connection rather than at every visit (0.38 ms of planning a request, unnamed).
  const matching = (alias: string) =>
    words ? sql`AND ${matchesQuery(alias, sql.placeholder('words'))}` : sql``;
  const [shown] = await shapedRows<{
    plans: number | string;
    groups: number | string;
    people: number | string;
  }>(
    db,
    `explore:anywhere-check:${words ? 'words' : 'all'}`,
    () => sql`SELECT
      (SELECT count(*) FROM plans p WHERE p.id = ANY(${idsPlaceholder('plans')})
        AND ${explorablePlan('p', null)} AND ${upcomingPlan('p')} ${matching('p')}) AS plans,
      (SELECT count(*) FROM groups g WHERE g.id = ANY(${idsPlaceholder('groups')})
        AND ${explorableGroupFor('g', null)} ${matching('g')}) AS groups,
      (SELECT count(*) FROM users u WHERE u.id = ANY(${idsPlaceholder('people')})
        AND ${explorablePerson('u', null)} ${matching('u')}) AS people`,
    {
      plans: idArrayValue(plans),
      groups: idArrayValue(groups),
      people: idArrayValue(peopleIds),
      ...(words ? { words } : {}),
    },
  );
  if (
    Number(shown?.plans) === plans.length &&
    Number(shown?.groups) === groups.length &&
    Number(shown?.people) === peopleIds.length
  )
    return pages;
  cache.drop(key);
  return cache.get(key, read);
}

/**
 * explore: upcoming public plans, public groups and public people near a place, as anyone may see
 * them (decision 0016). With filter ALL a few of each; else one page of that kind.
 */
export async function explore(context: RequestContext, input: ExploreInput): Promise<ExploreResults> {
  const filter = input.filter ?? 'ALL';
  const sort = input.sort ?? 'NEAREST';
  const limit = checkLimit(input.limit, filter === 'ALL' ? EXPLORE_PAGE.all.plans : EXPLORE_PAGE.default);
  const sizes =
    filter === 'ALL'
      ? input.limit == null
        ? EXPLORE_PAGE.all
        : { plans: limit, groups: Math.ceil(limit / 2), people: Math.ceil(limit / 2) }
      : {
          plans: filter === 'EVENTS' ? limit : 0,
          groups: filter === 'GROUPS' ? limit : 0,
          people: filter === 'PEOPLE' ? limit : 0,
        };
  const list = `explore:${filter}:${sort}`;
  const [plansAt = 0, groupsAt = 0, peopleAt = 0] = decodeExploreMarker(input.marker, list, 3);
  const where = await exploreWhere(context, input);
  const db = context.store.db;
  const base = {
    viewerId: context.viewer?.id ?? null,
    center: where.center,
    radiusKm: where.radiusKm,
    sort,
    text: input.text?.trim().slice(0, MAX_TEXT) || null,
  };
  const query = (offset: number, size: number): ListQuery => ({ ...base, offset, limit: size + 1 });
  // One row more than asked tells whether another page follows.
  const read = (): Promise<Pages> =>
    Promise.all([
      sizes.plans > 0 ? explorePlanPage(context.store, query(plansAt, sizes.plans)) : [],
      sizes.groups > 0 ? exploreGroupPage(context.store, query(groupsAt, sizes.groups)) : [],
      sizes.people > 0 ? explorePeopleIds(context.store, query(peopleAt, sizes.people)) : [],
    ]);
  const [planPage, groupPage, peopleIds] =
    base.viewerId === null && base.center === null
      ? await anywhere(
          db,
          JSON.stringify([filter, sort, base.text, sizes, plansAt, groupsAt, peopleAt]),
          base.text,
          read,
        )
      : await read();
  const more =
    planPage.length > sizes.plans || groupPage.length > sizes.groups || peopleIds.length > sizes.people;
  const shownPlans = planPage.slice(0, sizes.plans);
  // Every row at once, through the request's loaders: the people in one statement, the groups with
  // the viewer's membership of each, the plans with their facts and their creators' pictures.
  const loaders = groupLoaders(context);
  const shownGroups = groupPage.slice(0, sizes.groups);
  // The cards' member counts, read with the page's order.
  for (const group of shownGroups) loaders.memberCount.prime(group.id, group.memberCount);
  const [plans, groups, people] = await Promise.all([
    planCards(
      context,
      shownPlans.map((plan) => plan.id),
    ),
    loaders.row.loadMany(shownGroups.map((group) => group.id)),
    loaders.user.loadMany(peopleIds.slice(0, sizes.people)),
  ]);
  return {
    place: where.place,
    radiusKm: where.radiusKm,
    plans,
    groups: loadedRows(groups),
    people: loadedRows(people),
    nextMarker: more
      ? encodeExploreMarker(list, [plansAt + sizes.plans, groupsAt + sizes.groups, peopleAt + sizes.people])
      : null,
  };
}
