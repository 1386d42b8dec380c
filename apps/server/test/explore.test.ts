import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlanPreset } from '@plaza/core/plan-preset';
import type { Database } from '../src/db/client.ts';
import { groups, hashtagCategories, places, plans, users } from '../src/db/schema/index.ts';
import { hashtagCategoryCache } from '../src/domains/explore/hashtag-categories.ts';
import {
  exploreGroupPage,
  explorePeopleIds,
  explorePlanPage,
  type ListQuery,
} from '../src/domains/explore/explore-lists.ts';
import { countStatements } from '../src/db/client.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
let db: () => Database;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  db = () => t.plaza.platform.store.db;
});
afterAll(() => t.close());

const DAY = 86_400_000;
let counter = 0;
/** A word no other test uses, for titles that `text` then finds alone. */
const uniqueWord = () => `qz${(++counter).toString(36)}x${Date.now().toString(36)}`;

interface Point {
  latitude: number;
  longitude: number;
  city: string;
}
// The demo world's spots: Lisbon's centre, the beach at Carcavelos (Cascais), Sintra's station.
const LISBON_CENTRE: Point = { latitude: 38.7119, longitude: -9.1285, city: 'Lisbon' };
const CARCAVELOS: Point = { latitude: 38.6785, longitude: -9.3358, city: 'Cascais' };
const SINTRA: Point = { latitude: 38.7992, longitude: -9.3836, city: 'Sintra' };
const BERLIN: Point = { latitude: 52.5212, longitude: 13.3966, city: 'Berlin' };

async function city(
  name: string,
  latitude: number,
  longitude: number,
  extra: Partial<typeof places.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(places)
    .values({
      kind: 'city',
      sourceId: `test:${uniqueWord()}`,
      name,
      searchName: name.toLowerCase(),
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${extra.countryCode?.toLowerCase() ?? 'pt'}`,
      city: name,
      country: 'Portugal',
      countryCode: 'PT',
      latitude: Math.round(latitude * 1e6),
      longitude: Math.round(longitude * 1e6),
      timezone: 'Europe/Lisbon',
      population: 100_000,
      ...extra,
    })
    .returning();
  return row!;
}

let lisbon: typeof places.$inferSelect;
let berlin: typeof places.$inferSelect;
beforeAll(async () => {
  lisbon = await city('Lisbon', 38.7167, -9.1333, { population: 517_802 });
  berlin = await city('Berlin', 52.5244, 13.4105, {
    population: 3_426_354,
    country: 'Germany',
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
  });
  await city('New York', 40.7143, -74.006, {
    population: 8_175_133,
    countryCode: 'US',
    slug: 'new-york-ny-us',
  });
  await city('Portland', 45.5234, -122.6762, {
    population: 632_309,
    countryCode: 'US',
    state: 'OR',
    slug: 'portland-or-us',
  });
  await city('Portland', 43.6615, -70.2553, {
    population: 66_194,
    countryCode: 'US',
    state: 'ME',
    slug: 'portland-me-us',
  });
});

interface PlanOptions {
  title?: string;
  at?: Point;
  startsAt?: Date;
  minutes?: number;
  isPublic?: boolean;
  exploreStatus?: string;
  hashtags?: string[];
  responses?: Parameters<typeof buildPlan>[2];
}

async function plan(creator: { userId: number }, options: PlanOptions = {}) {
  const { plan: row } = await buildPlan(db(), creator.userId, options.responses ?? [], {
    isPublic: options.isPublic ?? true,
    startsAt: options.startsAt,
    minutes: options.minutes,
  });
  const at = options.at ?? LISBON_CENTRE;
  await db()
    .update(plans)
    .set({
      title: options.title ?? 'Explore plan',
      latitude: Math.round(at.latitude * 1e6),
      longitude: Math.round(at.longitude * 1e6),
      city: at.city,
      exploreStatus: options.exploreStatus ?? 'ENABLED',
      hashtags: options.hashtags ?? [],
    })
    .where(eq(plans.id, row.id));
  return row.id;
}

interface GroupOptions {
  title?: string;
  at?: Point;
  isPublic?: boolean;
  exploreStatus?: string;
  hashtags?: string[];
  members?: Parameters<typeof buildGroup>[2];
}

async function group(creator: { userId: number }, options: GroupOptions = {}) {
  const members = (options.members ?? []).filter((member) => member.userId !== creator.userId);
  const { group: row } = await buildGroup(db(), creator.userId, members, {
    isPublic: options.isPublic ?? true,
  });
  const at = options.at ?? LISBON_CENTRE;
  await db()
    .update(groups)
    .set({
      title: options.title ?? 'Explore group',
      latitude: Math.round(at.latitude * 1e6),
      longitude: Math.round(at.longitude * 1e6),
      city: at.city,
      exploreStatus: options.exploreStatus ?? 'ENABLED',
      hashtags: options.hashtags ?? [],
    })
    .where(eq(groups.id, row.id));
  return row.id;
}

async function befriend(a: { userId: number }, b: { userId: number }) {
  await db().execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
    (${a.userId}, ${b.userId}, 'FOLLOWING'), (${b.userId}, ${a.userId}, 'FOLLOWING')`);
}

async function block(blocker: { userId: number }, blocked: { userId: number }) {
  await db().execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
    (${blocker.userId}, ${blocked.userId}, 'BLOCKED')`);
}

async function liveAt(person: Person, place: { id: number }) {
  const res = await t.gql(
    'mutation ($id: ID) { updateProfile(user: { placeId: $id }) { id city } }',
    { id: String(place.id) },
    person.headers,
  );
  expect(res.errors).toBeUndefined();
}

interface Results {
  place: { id: string; name: string } | null;
  radiusKm: number;
  plans: Array<{ id: number; title: string; startsAt: string }>;
  groups: Array<{ id: number; title: string }>;
  people: Array<{ id: number; username: string }>;
  nextMarker: string | null;
}

interface ExploreArgs {
  place?: string;
  near?: { latitude: number; longitude: number };
  filter?: 'ALL' | 'EVENTS' | 'PEOPLE' | 'GROUPS';
  sort?: 'NEAREST' | 'SOONEST' | 'POPULAR';
  text?: string;
  radiusKm?: number;
  marker?: string;
  limit?: number;
}

function exploreCall(
  person: Person | null,
  args: ExploreArgs,
): Promise<GraphQLResponse<{ explore: Results }>> {
  return t.gql<{ explore: Results }>(
    `query ($place: String, $near: CoordinatesInput, $filter: ExploreFilter, $sort: ExploreSort, $text: String,
        $radiusKm: Int, $marker: String, $limit: Int) {
      explore(place: $place, near: $near, filter: $filter, sort: $sort, text: $text, radiusKm: $radiusKm,
          marker: $marker, limit: $limit) {
        place { id name } radiusKm nextMarker
        plans { id title startsAt } groups { id title } people { id username }
      }
    }`,
    { ...args },
    person?.headers ?? {},
  );
}

async function explored(person: Person | null, args: ExploreArgs): Promise<Results> {
  const res = await exploreCall(person, args);
  expect(res.errors).toBeUndefined();
  return res.data!.explore;
}

const ids = (list: Array<{ id: number }>) => list.map((item) => item.id);

describe('explore near a place', () => {
  it('lists upcoming public plans near a city for a signed-out visitor, strictly nearest first', async () => {
    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    const soon = new Date(Date.now() + DAY);
    // Sintra's plan starts first and Lisbon's last: distance, not time, decides.
    const sintra = await plan(ana, { title: `${word} Sintra`, at: SINTRA, startsAt: soon });
    const carcavelos = await plan(ana, {
      title: `${word} Carcavelos`,
      at: CARCAVELOS,
      startsAt: new Date(Date.now() + 2 * DAY),
    });
    const centre = await plan(ana, {
      title: `${word} centre`,
      at: LISBON_CENTRE,
      startsAt: new Date(Date.now() + 3 * DAY),
    });
    const inBerlin = await plan(ana, { title: `${word} Berlin`, at: BERLIN });
    const ended = await plan(ana, { title: `${word} ended`, startsAt: new Date(Date.now() - 3 * DAY) });

    const result = await explored(null, { place: 'lisbon', filter: 'EVENTS', text: word });
    expect(result.place).toEqual({ id: String(lisbon.id), name: 'Lisbon' });
    expect(result.radiusKm).toBe(50);
    expect(ids(result.plans)).toEqual([centre, carcavelos, sintra]);
    expect(ids(result.plans)).not.toContain(inBerlin);
    expect(ids(result.plans)).not.toContain(ended);

    // Sintra is 24 km from Lisbon's centre point, Carcavelos 18 km.
    expect(
      ids((await explored(null, { place: 'lisbon', filter: 'EVENTS', text: word, radiusKm: 20 })).plans),
    ).toEqual([centre, carcavelos]);
    expect(ids((await explored(null, { place: 'Berlin', filter: 'EVENTS', text: word })).plans)).toEqual([
      inBerlin,
    ]);
    // Coordinates work as a place too, and name the city there.
    const near = await explored(null, {
      near: { latitude: 38.8, longitude: -9.38 },
      filter: 'EVENTS',
      text: word,
    });
    expect(ids(near.plans)).toEqual([sintra, carcavelos, centre]);
    expect(near.place?.name).toBe('Lisbon');
  });

  it('finds the place by id, slug or city name (the largest city of the name wins)', async () => {
    const byId = await explored(null, { place: String(berlin.id), filter: 'EVENTS' });
    expect(byId.place?.id).toBe(String(berlin.id));
    expect((await explored(null, { place: 'lisbon-pt' })).place?.name).toBe('Lisbon');
    expect((await explored(null, { place: 'LISBON' })).place?.name).toBe('Lisbon');
    expect((await explored(null, { place: 'new-york' })).place?.name).toBe('New York');
    const portland = await t.gql<{ explore: { place: { coordinates: { latitude: number } } } }>(
      '{ explore(place: "portland") { place { coordinates { latitude } } } }',
    );
    expect(portland.data?.explore.place.coordinates.latitude).toBeCloseTo(45.5234, 3);
    const maine = await t.gql<{ explore: { place: { state: string } } }>(
      '{ explore(place: "portland-me-us") { place { state } } }',
    );
    expect(maine.data?.explore.place.state).toBe('ME');
  });

  it('shows the city near the coordinates asked, read once for those coordinates', async () => {
    const near = { latitude: 52.5, longitude: 13.37 };
    const first = await countStatements(() => explored(null, { near, filter: 'GROUPS' }));
    expect(first.result.place?.name).toBe('Berlin');
    expect(first.texts.some((text) => /from "places"/.test(text))).toBe(true);
    const again = await countStatements(() => explored(null, { near, filter: 'GROUPS' }));
    expect(again.result.place?.name).toBe('Berlin');
    expect(again.texts.some((text) => /from "places"/.test(text))).toBe(false);
    // Far from every city: none, and none again.
    for (let round = 0; round < 2; round++)
      expect((await explored(null, { near: { latitude: -60, longitude: -140 } })).place).toBeNull();
  });

  it('refuses an unknown place, a radius out of range, a bad limit and a foreign marker', async () => {
    const unknown = await exploreCall(null, { place: 'atlantis-under-the-sea' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(unknown.errors?.[0]?.message).toBe('No place called “atlantis-under-the-sea” was found.');
    for (const radiusKm of [0, 501, -5]) {
      const res = await exploreCall(null, { place: 'lisbon', radiusKm });
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'radiusKm' });
      expect(res.errors?.[0]?.message).toBe('The radius is 1 to 500 km.');
    }
    expect((await explored(null, { place: 'lisbon', radiusKm: 500 })).radiusKm).toBe(500);
    for (const limit of [0, 51]) {
      const res = await exploreCall(null, { filter: 'EVENTS', limit });
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
    }
    const near = await exploreCall(null, { near: { latitude: 91, longitude: 0 } });
    expect(near.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'near' });
    const garbage = await exploreCall(null, { marker: 'not-a-marker' });
    expect(garbage.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'marker' });

    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    for (let i = 0; i < 3; i++) await plan(ana, { title: word });
    const page = await explored(null, { filter: 'EVENTS', text: word, limit: 2 });
    expect(page.nextMarker).not.toBeNull();
    const foreign = await exploreCall(null, { filter: 'GROUPS', text: word, marker: page.nextMarker! });
    expect(foreign.errors?.[0]?.message).toBe('This paging marker belongs to another list.');
  });

  it('pages through a kind with nextMarker, each plan once, in order', async () => {
    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await plan(ana, { title: word, startsAt: new Date(Date.now() + (i + 1) * DAY) }));
    const seen: number[] = [];
    let marker: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await explored(null, { place: 'lisbon', filter: 'EVENTS', text: word, limit: 2, marker });
      seen.push(...ids(page.plans));
      if (!page.nextMarker) break;
      marker = page.nextMarker;
    }
    // Same place, so the start decides.
    expect(seen).toEqual(made);
  });

  it('without a place (signed out) looks everywhere, soonest first; SOONEST and POPULAR order as they say', async () => {
    const ana = await newPerson(t, 'Ana');
    const fans = await Promise.all([newPerson(t, 'Fan'), newPerson(t, 'Fan'), newPerson(t, 'Fan')]);
    const word = uniqueWord();
    const later = await plan(ana, {
      title: word,
      at: LISBON_CENTRE,
      startsAt: new Date(Date.now() + 5 * DAY),
      responses: fans.map((fan) => ({ userId: fan.userId, response: 'ATTENDING' })),
    });
    const sooner = await plan(ana, { title: word, at: BERLIN, startsAt: new Date(Date.now() + 2 * DAY) });
    const nearest = await explored(null, { filter: 'EVENTS', text: word });
    expect(nearest.place).toBeNull();
    expect(ids(nearest.plans)).toEqual([sooner, later]);
    expect(ids((await explored(null, { filter: 'EVENTS', text: word, sort: 'SOONEST' })).plans)).toEqual([
      sooner,
      later,
    ]);
    expect(ids((await explored(null, { filter: 'EVENTS', text: word, sort: 'POPULAR' })).plans)).toEqual([
      later,
      sooner,
    ]);
  });

  /** A list's own statement (explore-lists.ts): a nearest or soonest page, or a list by order alone. */
  const LIST_STATEMENT =
    /^(WITH candidates AS|SELECT p\.id, p\.creator_id FROM plans p|SELECT g\.id|SELECT u\.id FROM users u)/;

  it("keeps a signed-out visitor's pages anywhere a minute, and leaves out at once what may no longer show", async () => {
    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    const made: number[] = [];
    for (const days of [1, 2, 3])
      made.push(await plan(ana, { title: word, startsAt: new Date(Date.now() + days * DAY) }));
    const groupId = await group(ana, { title: word });
    const anywhere = () => countStatements(() => explored(null, { text: word }));
    const first = await anywhere();
    expect(ids(first.result.plans)).toEqual(made);
    expect(ids(first.result.groups)).toEqual([groupId]);
    // Kept: no list read again, one check that every kept row may still show.
    const again = await anywhere();
    expect(again.result).toEqual(first.result);
    expect(again.texts.filter((text) => LIST_STATEMENT.test(text.trim()))).toEqual([]);
    expect(
      again.texts.filter((text) => /count\(\*\) FROM plans p WHERE p\.id = ANY/.test(text)),
    ).toHaveLength(1);
    // Hidden by a moderator and made private since: gone at once, the lists read afresh.
    await db().update(plans).set({ hiddenAt: new Date() }).where(eq(plans.id, made[0]!));
    await db().update(groups).set({ isPublic: false }).where(eq(groups.id, groupId));
    const after = await anywhere();
    expect(ids(after.result.plans)).toEqual(made.slice(1));
    expect(after.result.groups).toEqual([]);
    expect(after.texts.some((text) => LIST_STATEMENT.test(text.trim()))).toBe(true);
    // Kept again; one renamed since so that the words no longer find it: gone at once too.
    await anywhere();
    await db().update(plans).set({ title: uniqueWord() }).where(eq(plans.id, made[1]!));
    const renamed = await anywhere();
    expect(ids(renamed.result.plans)).toEqual(made.slice(2));
    expect(renamed.texts.some((text) => LIST_STATEMENT.test(text.trim()))).toBe(true);
  });

  it('breaks ties by friends involved: the plan a friend goes to first', async () => {
    const ana = await newPerson(t, 'Ana');
    const viewer = await newPerson(t, 'Vic');
    const friend = await newPerson(t, 'Fay');
    await befriend(viewer, friend);
    const word = uniqueWord();
    const startsAt = new Date(Date.now() + 4 * DAY);
    const plain = await plan(ana, { title: word, startsAt });
    const withFriend = await plan(ana, {
      title: word,
      startsAt,
      responses: [{ userId: friend.userId, response: 'INTERESTED' }],
    });
    expect(plain).toBeLessThan(withFriend);
    for (const sort of ['NEAREST', 'SOONEST', 'POPULAR'] as const) {
      const mine = await explored(viewer, { place: 'lisbon', filter: 'EVENTS', text: word, sort });
      expect(ids(mine.plans)).toEqual([withFriend, plain]);
      // A page of one ends inside the tie: the friends' key still decides who is on it.
      const first = await explored(viewer, { place: 'lisbon', filter: 'EVENTS', text: word, sort, limit: 1 });
      expect(ids(first.plans)).toEqual([withFriend]);
    }
    // Signed out there are no friends: the older plan first.
    expect(ids((await explored(null, { place: 'lisbon', filter: 'EVENTS', text: word })).plans)).toEqual([
      plain,
      withFriend,
    ]);
  });

  it('breaks ties by friends for groups and people too: friends inside, then members; a friend and friends in common', async () => {
    const word = uniqueWord();
    const viewer = await newPerson(t, 'Vic');
    const friend = await newPerson(t, 'Fay');
    await befriend(viewer, friend);
    const owner = await newPerson(t, 'Ana');
    const strangers = [await newPerson(t, 'Sam'), await newPerson(t, 'Sol')];
    // More members, but none of them the viewer's friend: the friends' key comes before the members'.
    const crowded = await group(owner, {
      title: word,
      members: strangers.map((person) => ({ userId: person.userId })),
    });
    const withFriend = await group(owner, { title: word, members: [{ userId: friend.userId }] });
    // Three people at one spot, made in this order (ids ascending): the viewer's friend, who shares
    // a second friend with the viewer (1 + 1); a stranger (0); someone with one friend in common (1).
    const second = await newPerson(t, 'Gil');
    await befriend(viewer, second);
    await befriend(friend, second);
    const spot = {
      latitude: Math.round(LISBON_CENTRE.latitude * 1e6),
      longitude: Math.round(LISBON_CENTRE.longitude * 1e6),
    };
    const stranger = await newPerson(t, word);
    const mutual = await newPerson(t, word);
    await befriend(mutual, friend);
    for (const person of [friend, stranger, mutual])
      await db().update(users).set(spot).where(eq(users.id, person.userId));
    await db().update(users).set({ first: word }).where(eq(users.id, friend.userId));
    const groupsFound = await explored(viewer, { place: 'lisbon', filter: 'GROUPS', text: word });
    expect(ids(groupsFound.groups)).toEqual([withFriend, crowded]);
    // A page of one ends inside the tie: the friends' key still decides who is on it.
    const firstGroup = await explored(viewer, { place: 'lisbon', filter: 'GROUPS', text: word, limit: 1 });
    expect(ids(firstGroup.groups)).toEqual([withFriend]);
    // Signed out: members decide.
    expect(ids((await explored(null, { place: 'lisbon', filter: 'GROUPS', text: word })).groups)).toEqual([
      crowded,
      withFriend,
    ]);
    const people = await explored(viewer, { place: 'lisbon', filter: 'PEOPLE', text: word });
    expect(ids(people.people)).toEqual([friend.userId, mutual.userId, stranger.userId]);
    const firstPerson = await explored(viewer, { place: 'lisbon', filter: 'PEOPLE', text: word, limit: 1 });
    expect(ids(firstPerson.people)).toEqual([friend.userId]);
  });

  it('ranks POPULAR people by followers plus friends in common, and anywhere by friends in common (decision 0051)', async () => {
    const word = uniqueWord();
    const viewer = await newPerson(t, 'Vic');
    // Made in this order, ids ascending: the viewer's friend, a stranger, a friend of the friend.
    const friend = await newPerson(t, word);
    const stranger = await newPerson(t, word);
    const mutual = await newPerson(t, word);
    await befriend(viewer, friend);
    await befriend(mutual, friend);
    // The stranger has one follower (one way), nobody in common with the viewer.
    const fan = await newPerson(t, 'Xa');
    await db().execute(
      sql`INSERT INTO follows (user_id, target_id, status) VALUES (${fan.userId}, ${stranger.userId}, 'FOLLOWING')`,
    );
    const spot = {
      latitude: Math.round(LISBON_CENTRE.latitude * 1e6),
      longitude: Math.round(LISBON_CENTRE.longitude * 1e6),
    };
    for (const person of [friend, stranger, mutual])
      await db().update(users).set(spot).where(eq(users.id, person.userId));
    // Signed in: the friend 2 followers + 1 (a friend) = 3, the friend's friend 1 + 1 in common =
    // 2, the stranger 1 + 0 (without the friend in common, the friend's friend would tie with the
    // stranger and come after: the lower id wins a tie at one spot).
    for (const place of ['lisbon', undefined]) {
      const popular = await explored(viewer, { place, filter: 'PEOPLE', text: word, sort: 'POPULAR' });
      expect(ids(popular.people)).toEqual([friend.userId, mutual.userId, stranger.userId]);
      // Signed out, followers alone: 2, then 1 and 1 by id.
      const out = await explored(null, { place, filter: 'PEOPLE', text: word, sort: 'POPULAR' });
      expect(ids(out.people)).toEqual([friend.userId, stranger.userId, mutual.userId]);
    }
    // Without a place (the viewer has none): friends in common first (the friend 1, the friend's
    // friend 1, the stranger 0), then the lower id.
    const anywhere = await explored(viewer, { filter: 'PEOPLE', text: word });
    expect(ids(anywhere.people)).toEqual([friend.userId, mutual.userId, stranger.userId]);
    // The followers as the profile counts them are the ones the ranking read.
    const counted = await t.gql<{ userProfile: { followerCount: number } }>(
      'query ($id: Int) { userProfile(id: $id) { followerCount } }',
      { id: stranger.userId },
      viewer.headers,
    );
    expect(counted.errors).toBeUndefined();
    expect(counted.data!.userProfile.followerCount).toBe(1);
  });

  it('pages a crowded place nearest first by 100 m, also across the smaller circles read first', async () => {
    // Everything due north of Lisbon's centre, at these distances (km); explore reads circles of
    // 50/16 = 3.125 km and 12.5 km before the whole 50 km. 3.14, 3.10 and 3.11 km round to the
    // same 3.1 km, and only the last two are inside the first circle: the plan at 3.14 starts
    // earliest and the person there was made first, so each comes first in its tie. A page that
    // ends at 3.11 km holds enough rows inside the first circle, yet it must not skip 3.14.
    const north = (km: number): Point => ({
      latitude: LISBON_CENTRE.latitude + km / ((2 * Math.PI * 6371) / 360),
      longitude: LISBON_CENTRE.longitude,
      city: 'Lisbon',
    });
    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    const startsIn = (days: number) => new Date(Date.now() + days * DAY);
    const spots: Array<[km: number, days: number]> = [
      [3.14, 1],
      [0.2, 2],
      [0.2, 1],
      [1, 3],
      [2.5, 3],
      [3, 3],
      [3.1, 5],
      [3.11, 6],
      [5, 3],
      [12.4, 3],
      [12.6, 3],
      [30, 3],
      [45, 3],
      [55, 3],
    ];
    const planAt = new Map<number, [number, number]>();
    const peopleAt = new Map<number, number>();
    for (const [km, days] of spots) {
      planAt.set(await plan(ana, { title: word, at: north(km), startsAt: startsIn(days) }), [km, days]);
      const person = await newPerson(t, word);
      const spot = north(km);
      await db()
        .update(users)
        .set({ latitude: Math.round(spot.latitude * 1e6), longitude: Math.round(spot.longitude * 1e6) })
        .where(eq(users.id, person.userId));
      peopleAt.set(person.userId, km);
    }
    const tenths = (km: number) => Math.round(km * 10);
    // The order explore promises, worked out here: 100 m steps, then the start (plans) or the id.
    const planOrder = [...planAt]
      .filter(([, [km]]) => km <= 50)
      .sort(([a, [kmA, daysA]], [b, [kmB, daysB]]) => tenths(kmA) - tenths(kmB) || daysA - daysB || a - b)
      .map(([id]) => id);
    const peopleOrder = [...peopleAt]
      .filter(([, km]) => km <= 50)
      .sort(([a, kmA], [b, kmB]) => tenths(kmA) - tenths(kmB) || a - b)
      .map(([id]) => id);
    expect(planOrder).toHaveLength(13);
    const near = { latitude: LISBON_CENTRE.latitude, longitude: LISBON_CENTRE.longitude };
    for (const [filter, expected] of [
      ['EVENTS', planOrder],
      ['PEOPLE', peopleOrder],
    ] as const) {
      // Pages of one (each read with one more row, to know whether another follows).
      const seen: number[] = [];
      let marker: string | undefined;
      for (let pages = 0; pages < 20; pages++) {
        const page = await explored(null, { near, filter, text: word, limit: 1, marker });
        seen.push(...ids(filter === 'EVENTS' ? page.plans : page.people));
        if (!page.nextMarker) break;
        marker = page.nextMarker;
      }
      expect(seen).toEqual(expected);
      // One page of all of them: the whole circle at once.
      const all = await explored(null, { near, filter, text: word, limit: 20 });
      expect(ids(filter === 'EVENTS' ? all.plans : all.people)).toEqual(expected);
    }
  });

  it('looks across the 180th meridian and near a pole', async () => {
    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    // Taveuni (Fiji) lies on both sides of the meridian: 16 km apart across it.
    const east = await plan(ana, {
      title: word,
      at: { latitude: -16.8, longitude: 179.92, city: 'Taveuni' },
    });
    const fromWest = await explored(null, {
      near: { latitude: -16.8, longitude: -179.93 },
      filter: 'EVENTS',
      text: word,
    });
    expect(ids(fromWest.plans)).toEqual([east]);
    // Near the North Pole a few km apart means many degrees of longitude.
    const polar = await plan(ana, {
      title: word,
      at: { latitude: 89.95, longitude: 10, city: 'North Pole' },
    });
    const nearPole = await explored(null, {
      near: { latitude: 89.95, longitude: 100 },
      filter: 'EVENTS',
      text: word,
    });
    expect(ids(nearPole.plans)).toEqual([polar]);
  });

  it('shows a repeating series once, at its next occurrence', async () => {
    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    const { plan: series } = await buildPlan(db(), ana.userId, [], {
      startsAt: new Date(Date.now() - 15 * DAY),
      recurrence: { frequency: 'WEEKLY' },
    });
    await db()
      .update(plans)
      .set({ title: word, viewMask: 1 | 64, latitude: 38_711_900, longitude: -9_128_500, city: 'Lisbon' })
      .where(eq(plans.id, series.id));
    const result = await explored(null, { place: 'lisbon', filter: 'EVENTS', text: word });
    expect(ids(result.plans)).toEqual([series.id]);
    const start = new Date(result.plans[0]!.startsAt).getTime();
    expect(start).toBeGreaterThan(Date.now() - 3_600_000);
    expect(start).toBeLessThan(Date.now() + 7 * DAY);
  });

  it('with ALL gives a few of each kind: plans, groups and people near the place', async () => {
    const word = uniqueWord();
    const host = await newPerson(t, word);
    await liveAt(host, lisbon);
    const planIds = [];
    for (let i = 0; i < 14; i++) planIds.push(await plan(host, { title: word }));
    const groupIds = [];
    for (let i = 0; i < 7; i++) groupIds.push(await group(host, { title: word }));
    const all = await explored(null, { place: 'lisbon', text: word });
    expect(all.plans).toHaveLength(12);
    expect(all.groups).toHaveLength(6);
    expect(ids(all.people)).toEqual([host.userId]);
    expect(all.nextMarker).not.toBeNull();
    const next = await explored(null, { place: 'lisbon', text: word, marker: all.nextMarker! });
    expect([...ids(all.plans), ...ids(next.plans)].sort()).toEqual([...planIds].sort());
    expect([...ids(all.groups), ...ids(next.groups)].sort()).toEqual([...groupIds].sort());
    expect(next.people).toEqual([]);
    expect(next.nextMarker).toBeNull();
    const groupsOnly = await explored(null, { place: 'lisbon', text: word, filter: 'GROUPS' });
    expect(groupsOnly.plans).toEqual([]);
    expect(groupsOnly.groups).toHaveLength(7);
  });
});

describe("a place's shared cut (decision 0048)", () => {
  // Far from every other test's rows: Hobart, Tasmania.
  const HOBART: Point = { latitude: -42.8821, longitude: 147.3272, city: 'Hobart' };
  const near = { latitude: HOBART.latitude, longitude: HOBART.longitude };
  const east = (km: number): Point => ({
    latitude: HOBART.latitude,
    longitude:
      HOBART.longitude + km / (((2 * Math.PI * 6371) / 360) * Math.cos((HOBART.latitude * Math.PI) / 180)),
    city: 'Hobart',
  });
  const placeAt = async (table: typeof users | typeof plans | typeof groups, id: number, at: Point) => {
    await db()
      .update(table)
      .set({ latitude: Math.round(at.latitude * 1e6), longitude: Math.round(at.longitude * 1e6) })
      .where(eq(table.id, id));
  };
  /**
   * Plans, groups and people within half a degree of `point` as if they had not changed for an hour:
   * rows changed since a cut was read are read with it (as new), so the rows a test makes are aged
   * for the cut alone to stand for them.
   */
  const ageAround = async (point: Point) => {
    const lat = Math.round(point.latitude * 1e6);
    for (const table of ['plans', 'groups', 'users'])
      await db().execute(sql`UPDATE ${sql.raw(table)} SET updated_at = updated_at - interval '1 hour'
        WHERE latitude_e6 BETWEEN ${lat - 500_000} AND ${lat + 500_000}`);
  };
  const listQuery = (viewer: Person | null, limit: number): ListQuery => ({
    viewerId: viewer?.userId ?? null,
    center: near,
    radiusKm: 50,
    sort: 'NEAREST',
    text: null,
    offset: 0,
    limit,
  });
  /** The three lists for `viewer`: as served (shared cuts), and read for them alone (a condition of their own). */
  const lists = async (viewer: Person | null, limit: number) => {
    const query = listQuery(viewer, limit);
    const alone = { ...query, where: () => sql`true` };
    return {
      served: [
        await explorePlanPage(t.plaza.platform.store, query),
        await exploreGroupPage(t.plaza.platform.store, query),
        await explorePeopleIds(t.plaza.platform.store, query),
      ],
      alone: [
        await explorePlanPage(t.plaza.platform.store, alone),
        await exploreGroupPage(t.plaza.platform.store, alone),
        await explorePeopleIds(t.plaza.platform.store, alone),
      ],
    };
  };

  it('gives every viewer the page read for them alone, from the shared rows once they are kept', async () => {
    const host = await newPerson(t, 'Host');
    const ana = await newPerson(t, 'Ana');
    const bob = await newPerson(t, 'Bob');
    const cy = await newPerson(t, 'Cy');
    const friends = [await newPerson(t, 'Dee'), await newPerson(t, 'Eli')];
    for (const friend of friends) await befriend(ana, friend);
    // Ties at every distance (100 m steps), which the viewer's friends break.
    const kms = [0.5, 0.5, 0.52, 1, 1.04, 2, 2, 3, 4.5, 7, 9, 12];
    const planIds: number[] = [];
    for (const [index, km] of kms.entries()) {
      const creator = index % 3 === 0 ? friends[0]! : host;
      const responses =
        index % 4 === 1 ? [{ userId: friends[1]!.userId, response: 'ATTENDING' as const }] : [];
      planIds.push(
        await plan(creator, {
          at: east(km),
          startsAt: new Date(Date.now() + (1 + (index % 2)) * DAY),
          responses,
        }),
      );
      const groupId = await group(host, {
        at: east(km),
        members: index % 3 === 1 ? [{ userId: friends[0]!.userId }] : [],
      });
      await placeAt(groups, groupId, east(km));
      const person = await newPerson(t, `Local${index}`);
      await placeAt(users, person.userId, east(km));
      if (index % 2 === 0) await befriend(person, friends[1]!);
    }
    // Cy lives among them; Bob blocked the friend who made every third plan.
    await placeAt(users, cy.userId, east(0.5));
    await block(bob, friends[0]!);
    await ageAround(HOBART);
    for (const limit of [4, 8, 13]) {
      for (const viewer of [null, ana, bob, cy, host]) {
        const first = await lists(viewer, limit);
        expect(first.served).toEqual(first.alone);
        // Once kept: the same again, read from the shared rows.
        const { result: again } = await countStatements(() => lists(viewer, limit));
        expect(again.served).toEqual(again.alone);
        // Anyone sees the 12 plans, the 12 groups and the 13 people (the locals and Cy).
        if (viewer === null)
          expect(again.served.map((list) => list.length)).toEqual(
            [12, 12, 13].map((n) => Math.min(n, limit)),
          );
      }
    }
    // Anyone's cut is read once: a later viewer's lists read only the kept rows and those changed since.
    const { texts } = await countStatements(() =>
      explorePeopleIds(t.plaza.platform.store, listQuery(ana, 8)),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/FROM users WHERE id = ANY\(ARRAY\(SELECT id FROM \(SELECT unnest\(/);
    // A place asked once (someone's own coordinates) is read for its viewer alone, no cut (here an
    // empty place: each of the circles, then the whole radius); asked again, it is cut for everyone.
    const once = {
      ...listQuery(ana, 8),
      center: { latitude: HOBART.latitude - 3, longitude: HOBART.longitude },
    };
    const first = await countStatements(() => explorePeopleIds(t.plaza.platform.store, once));
    expect(first.texts).toHaveLength(4);
    for (const text of first.texts)
      expect(text).toMatch(/^WITH candidates AS \(\s+SELECT u.id[^]*FROM users u\s/);
    expect(first.texts.some((text) => /array_agg/.test(text))).toBe(false);
    const second = await countStatements(() => explorePeopleIds(t.plaza.platform.store, once));
    expect(second.texts.some((text) => /array_agg/.test(text))).toBe(true);
  });

  it('shows at once a plan made, moved, hidden or blocked since the rows were kept', async () => {
    const host = await newPerson(t, 'Host');
    const other = await newPerson(t, 'Other');
    const viewer = await newPerson(t, 'Viewer');
    /**
     * Six plans 1-6 km east of a spot `degrees` north of the last test's rows (each case its own
     * place, so its own kept rows), the first two made by Other; aged, and their first page of
     * three kept (with the row after it, which tells whether another page follows: four rows). A
     * kept row changed only tells when two of the four leave the page.
     */
    const sixPlans = async (degrees: number) => {
      const spot = (km: number): Point => ({ ...east(km), latitude: HOBART.latitude + degrees });
      const made: number[] = [];
      for (const km of [1, 2, 3, 4, 5, 6]) made.push(await plan(km <= 2 ? other : host, { at: spot(km) }));
      await ageAround(spot(0));
      const near = { latitude: spot(0).latitude, longitude: spot(0).longitude };
      const shown = async (person: Person | null) =>
        ids((await explored(person, { near, filter: 'EVENTS', limit: 3, radiusKm: 20 })).plans);
      expect(await shown(viewer)).toEqual(made.slice(0, 3));
      expect(await shown(null)).toEqual(made.slice(0, 3));
      return { made, spot, shown };
    };
    // Made since: nearer than all of them.
    const made = await sixPlans(2);
    const nearest = await plan(host, { at: made.spot(0.2) });
    expect(await made.shown(viewer)).toEqual([nearest, ...made.made.slice(0, 2)]);
    // Two moved 5.6 km north, inside the radius but past the page, their time of change left as it was.
    const moved = await sixPlans(3);
    await db().execute(sql`UPDATE plans SET latitude_e6 = latitude_e6 + 50000,
      updated_at = updated_at - interval '1 hour' WHERE id IN (${moved.made[0]!}, ${moved.made[1]!})`);
    expect(await moved.shown(viewer)).toEqual(moved.made.slice(2, 5));
    expect(await moved.shown(null)).toEqual(moved.made.slice(2, 5));
    // Two hidden by a moderator, likewise.
    const hidden = await sixPlans(4);
    await db().execute(sql`UPDATE plans SET hidden_at = now(), updated_at = updated_at - interval '1 hour'
      WHERE id IN (${hidden.made[1]!}, ${hidden.made[2]!})`);
    expect(await hidden.shown(viewer)).toEqual([hidden.made[0], ...hidden.made.slice(3, 5)]);
    // Their creator blocked by the viewer: gone for them, not for others.
    const blocked = await sixPlans(5);
    await block(viewer, other);
    expect(await blocked.shown(viewer)).toEqual(blocked.made.slice(2, 5));
    expect(await blocked.shown(null)).toEqual(blocked.made.slice(0, 3));
  });
});

describe('where explore looks from for a signed-in person', () => {
  it('uses setMyLocation, else the profile’s city, else the latest plan’s city', async () => {
    const ana = await newPerson(t, 'Ana');
    const word = uniqueWord();
    const inLisbon = await plan(ana, { title: word, at: LISBON_CENTRE });
    const inBerlin = await plan(ana, { title: word, at: BERLIN });
    const me = await newPerson(t, 'Mo');
    const where = async () => {
      const r = await explored(me, { filter: 'EVENTS', text: word });
      return { place: r.place?.name ?? null, plans: ids(r.plans) };
    };
    expect(await where()).toEqual({ place: null, plans: [inLisbon, inBerlin] });

    // A plan they go to in Berlin names Berlin.
    await plan(ana, { at: BERLIN, responses: [{ userId: me.userId, response: 'ATTENDING' }] });
    expect(await where()).toEqual({ place: 'Berlin', plans: [inBerlin] });

    await liveAt(me, lisbon);
    expect(await where()).toEqual({ place: 'Lisbon', plans: [inLisbon] });

    const set = await t.gql<{ setMyLocation: { name: string } }>(
      'mutation ($id: ID) { setMyLocation(placeId: $id) { name } }',
      { id: String(berlin.id) },
      me.headers,
    );
    expect(set.data?.setMyLocation.name).toBe('Berlin');
    expect(await where()).toEqual({ place: 'Berlin', plans: [inBerlin] });
    const myLocation = await t.gql<{ myLocation: { name: string } }>(
      '{ myLocation { name } }',
      {},
      me.headers,
    );
    expect(myLocation.data?.myLocation.name).toBe('Berlin');

    // Clearing answers what myLocation falls back to: the profile's city.
    const cleared = await t.gql<{ setMyLocation: { name: string } }>(
      'mutation { setMyLocation(placeId: null) { name } }',
      {},
      me.headers,
    );
    expect(cleared.data?.setMyLocation.name).toBe('Lisbon');
    expect(await where()).toEqual({ place: 'Lisbon', plans: [inLisbon] });
  });

  it('matches a profile without a place id (the demo world’s) by its coordinates, else its city name', async () => {
    const nearBerlin = await newPerson(t, 'Nb');
    await db()
      .update(users)
      .set({ locationCity: 'Berlin', latitude: 52_500_000, longitude: 13_400_000 })
      .where(eq(users.id, nearBerlin.userId));
    const named = await newPerson(t, 'Ny');
    await db().update(users).set({ locationCity: 'New York' }).where(eq(users.id, named.userId));
    const locationOf = async (person: Person) =>
      (await t.gql<{ myLocation: { name: string } | null }>('{ myLocation { name } }', {}, person.headers))
        .data?.myLocation?.name;
    expect(await locationOf(nearBerlin)).toBe('Berlin');
    expect(await locationOf(named)).toBe('New York');
  });

  it('refuses an unknown place for setMyLocation, and a venue or unknown place for the profile', async () => {
    const me = await newPerson(t, 'Mo');
    const unknown = await t.gql('mutation { setMyLocation(placeId: "999999") { name } }', {}, me.headers);
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const [venue] = await db()
      .insert(places)
      .values({ kind: 'venue', name: 'My flat', searchName: 'my flat', slug: 'my-flat', city: 'Lisbon' })
      .returning();
    for (const id of [String(venue!.id), '999999']) {
      const res = await t.gql(
        'mutation ($id: ID) { updateProfile(user: { placeId: $id }) { id } }',
        { id },
        me.headers,
      );
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'placeId' });
    }
  });

  it('shows the profile’s city to those who may see the profile, and clears it with null', async () => {
    const me = await newPerson(t, 'Mo');
    const stranger = await newPerson(t, 'Sam');
    await liveAt(me, lisbon);
    const cityOf = async (viewer: Person | null) =>
      (
        await t.gql<{ publicUser: { city: string | null } }>(
          'query ($u: String!) { publicUser(username: $u) { city } }',
          { u: me.username },
          viewer?.headers ?? {},
        )
      ).data?.publicUser.city;
    expect(await cityOf(stranger)).toBe('Lisbon');
    expect(await cityOf(null)).toBe('Lisbon');
    const mine = await t.gql<{ myself: { user: { city: string; place: { id: string } } } }>(
      '{ myself { user { city place { id } } } }',
      {},
      me.headers,
    );
    expect(mine.data?.myself.user).toEqual({ city: 'Lisbon', place: { id: String(lisbon.id) } });
    await db().update(users).set({ isPublic: false }).where(eq(users.id, me.userId));
    expect(await cityOf(stranger)).toBeNull();
    await db().update(users).set({ isPublic: true }).where(eq(users.id, me.userId));
    await t.gql('mutation { updateProfile(user: { placeId: null }) { id } }', {}, me.headers);
    const [row] = await db().select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({ placeId: null, locationCity: null, latitude: null, longitude: null });
  });
});

/**
 * Everything explore must never show, around a place of its own: a private profile, a private
 * group and plan, someone who blocked the viewer and someone the viewer blocked (their profiles,
 * plans and groups), plans and groups with explore DISABLED or BLOCKED, a plan, a group and two
 * people a moderator hid or suspended, and a group whose public flag stands but whose view mask
 * lost the public bit. The viewer and their friend take part in
 * each of them (going, or a member), and the viewer created some, so the scopes that look at the
 * viewer's and friends' things would include them if privacy did not hold.
 */
describe('privacy of every explore query', () => {
  let viewer: Person;
  let friend: Person;
  let open: Person;
  let hidden: Person;
  let blocker: Person;
  let blockedOne: Person;
  let outsider: Person;
  let silenced: Person;
  let suspended: Person;
  let privacyville: typeof places.$inferSelect;
  const tag = `privtag${Date.now().toString(36)}`;
  const HERE: Point = { latitude: 10.5, longitude: 20.5, city: 'Privacyville' };
  const allowed = { plans: [] as number[], past: [] as number[], groups: [] as number[] };
  const forbidden = { plans: [] as number[], past: [] as number[], groups: [] as number[] };
  const viewerOwn = { plan: 0, group: 0 };

  beforeAll(async () => {
    privacyville = await city('Privacyville', HERE.latitude, HERE.longitude);
    [viewer, friend, open, hidden, blocker, blockedOne, outsider, silenced, suspended] = [
      await newPerson(t, 'Viewer'),
      await newPerson(t, 'Friend'),
      await newPerson(t, 'Open'),
      await newPerson(t, 'Hidden', { isPublic: false }),
      await newPerson(t, 'Blocker'),
      await newPerson(t, 'Blocked'),
      await newPerson(t, 'Outsider'),
      await newPerson(t, 'Silenced'),
      await newPerson(t, 'Suspended'),
    ];
    for (const person of [viewer, friend, open, hidden, blocker, blockedOne, outsider, silenced, suspended])
      await liveAt(person, privacyville);
    await db().update(users).set({ isPublic: false }).where(eq(users.id, hidden.userId));
    await db().update(users).set({ hiddenAt: new Date() }).where(eq(users.id, silenced.userId));
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId));
    await befriend(viewer, friend);
    await block(blocker, viewer);
    await block(viewer, blockedOne);

    const crowd = [friend, open, outsider, viewer].map((p) => ({ userId: p.userId, response: 'ATTENDING' }));
    const common = { at: HERE, hashtags: [tag], responses: crowd };
    const past = { startsAt: new Date(Date.now() - 5 * DAY) };
    // The viewer's friend is in every group; the viewer is in their own only (exploreGroups leaves those out).
    const members = [friend, open].map((p) => ({ userId: p.userId }));
    for (const when of [{}, past]) {
      const into = 'startsAt' in when ? 'past' : 'plans';
      allowed[into].push(await plan(open, { ...common, ...when, title: 'Allowed plan' }));
      forbidden[into].push(
        await plan(open, { ...common, ...when, title: 'Private plan', isPublic: false }),
        await plan(open, { ...common, ...when, title: 'Disabled plan', exploreStatus: 'DISABLED' }),
        await plan(open, { ...common, ...when, title: 'Blocked plan', exploreStatus: 'BLOCKED' }),
        await plan(blocker, { ...common, ...when, title: 'Plan of the blocker' }),
        await plan(blockedOne, { ...common, ...when, title: 'Plan of the blocked' }),
        await plan(viewer, { ...common, ...when, title: 'My private plan', isPublic: false }),
        await plan(viewer, { ...common, ...when, title: 'My disabled plan', exploreStatus: 'DISABLED' }),
        await plan(viewer, { ...common, ...when, title: 'My blocked plan', exploreStatus: 'BLOCKED' }),
      );
      const moderated = await plan(open, { ...common, ...when, title: 'Hidden plan' });
      await db().update(plans).set({ hiddenAt: new Date() }).where(eq(plans.id, moderated));
      forbidden[into].push(moderated);
    }
    viewerOwn.plan = await plan(viewer, { ...common, title: 'My open plan' });
    allowed.plans.push(viewerOwn.plan);

    const groupCommon = { at: HERE, hashtags: [tag], members };
    allowed.groups.push(await group(open, { ...groupCommon, title: 'Allowed group' }));
    viewerOwn.group = await group(viewer, { ...groupCommon, title: 'My open group' });
    allowed.groups.push(viewerOwn.group);
    const noViewBit = await group(open, { ...groupCommon, title: 'Public flag, no public view' });
    await db().update(groups).set({ viewMask: 128 }).where(eq(groups.id, noViewBit));
    const moderated = await group(open, { ...groupCommon, title: 'Hidden group' });
    await db().update(groups).set({ hiddenAt: new Date() }).where(eq(groups.id, moderated));
    forbidden.groups.push(
      noViewBit,
      moderated,
      await group(open, { ...groupCommon, title: 'Private group', isPublic: false }),
      await group(open, { ...groupCommon, title: 'Disabled group', exploreStatus: 'DISABLED' }),
      await group(open, { ...groupCommon, title: 'Blocked group', exploreStatus: 'BLOCKED' }),
      await group(blocker, { ...groupCommon, title: 'Group of the blocker' }),
      await group(blockedOne, { ...groupCommon, title: 'Group of the blocked' }),
      await group(viewer, { ...groupCommon, title: 'My private group', isPublic: false }),
      await group(viewer, { ...groupCommon, title: 'My disabled group', exploreStatus: 'DISABLED' }),
    );
  });

  /** Ids the viewer may never see, and those only the block hides (a signed-out visitor sees them). */
  const neverPlans = () => [...forbidden.plans, ...forbidden.past];
  const blockedPlansTitles = ['Plan of the blocker', 'Plan of the blocked'];

  it('explore shows only public, explorable things and people, for each filter', async () => {
    for (const filter of ['ALL', 'EVENTS', 'GROUPS', 'PEOPLE'] as const) {
      const mine = await explored(viewer, { place: String(privacyville.id), filter, limit: 50, radiusKm: 5 });
      if (filter === 'ALL' || filter === 'EVENTS')
        expect(ids(mine.plans).sort()).toEqual([...allowed.plans].sort());
      if (filter === 'ALL' || filter === 'GROUPS')
        expect(ids(mine.groups).sort()).toEqual([...allowed.groups].sort());
      if (filter === 'ALL' || filter === 'PEOPLE')
        expect(ids(mine.people).sort()).toEqual([friend.userId, open.userId, outsider.userId].sort());

      const visitor = await explored(null, {
        place: String(privacyville.id),
        filter,
        limit: 50,
        radiusKm: 5,
      });
      if (filter === 'ALL' || filter === 'EVENTS') {
        const titles = visitor.plans.map((p) => p.title).sort();
        expect(titles).toEqual(['Allowed plan', 'My open plan', ...blockedPlansTitles].sort());
      }
      if (filter === 'ALL' || filter === 'GROUPS')
        expect(visitor.groups.map((g) => g.title).sort()).toEqual(
          ['Allowed group', 'My open group', 'Group of the blocker', 'Group of the blocked'].sort(),
        );
      if (filter === 'ALL' || filter === 'PEOPLE')
        expect(ids(visitor.people).sort()).toEqual(
          [viewer, friend, open, blocker, blockedOne, outsider].map((p) => p.userId).sort(),
        );
    }
  });

  it('explore text and sorts do not let anything private through', async () => {
    for (const sort of ['NEAREST', 'SOONEST', 'POPULAR'] as const) {
      for (const text of [undefined, 'plan', 'group', 'hidden']) {
        const r = await explored(viewer, { filter: 'ALL', sort, text, limit: 50 });
        expect(ids(r.plans).filter((id) => neverPlans().includes(id))).toEqual([]);
        expect(ids(r.groups).filter((id) => forbidden.groups.includes(id))).toEqual([]);
        expect(ids(r.people)).not.toContain(hidden.userId);
        expect(ids(r.people)).not.toContain(silenced.userId);
        expect(ids(r.people)).not.toContain(suspended.userId);
        expect(ids(r.people)).not.toContain(blocker.userId);
        expect(ids(r.people)).not.toContain(blockedOne.userId);
        expect(ids(r.people)).not.toContain(viewer.userId);
      }
    }
  });

  it('hashtagExplore keeps to the rules in every scope and type', async () => {
    const call = (person: Person | null, type: string, scope: string) =>
      t.gql<{ hashtagExplore: { plans: Array<{ id: number }>; groups: Array<{ id: number }> } }>(
        `query ($name: String!, $type: HashtagFilterType, $scope: HashtagScope) {
          hashtagExplore(name: $name, type: $type, scope: $scope, limit: 50) { plans { id } groups { id } }
        }`,
        { name: tag, type, scope },
        person?.headers ?? {},
      );
    const expected = {
      UPCOMING: { PUBLIC: allowed.plans, COMMON: allowed.plans, PUBLIC_CREATED: [viewerOwn.plan] },
      PAST: { PUBLIC: allowed.past, COMMON: allowed.past, PUBLIC_CREATED: [] },
    } as const;
    for (const type of ['UPCOMING', 'PAST'] as const) {
      for (const scope of ['PUBLIC', 'COMMON', 'PUBLIC_CREATED'] as const) {
        const res = await call(viewer, type, scope);
        expect(res.errors).toBeUndefined();
        expect(ids(res.data!.hashtagExplore.plans).sort()).toEqual([...expected[type][scope]].sort());
        expect(ids(res.data!.hashtagExplore.groups).sort()).toEqual(
          scope === 'PUBLIC_CREATED' ? [viewerOwn.group] : [...allowed.groups].sort(),
        );
      }
      const visitor = await call(null, type, 'PUBLIC');
      expect(visitor.errors).toBeUndefined();
      const seen = ids(visitor.data!.hashtagExplore.plans);
      expect(seen.filter((id) => neverPlans().includes(id))).toHaveLength(2); // the blocker's and the blocked's
      for (const scope of ['COMMON', 'PUBLIC_CREATED']) {
        const refused = await call(null, type, scope);
        expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('featuredContentSuggestions suggests neither private nor blocked things or people', async () => {
    const query = `{ featuredContentSuggestions { plans { id } users { id } suggestedInvites { name } } }`;
    const mine = await t.gql<{
      featuredContentSuggestions: { plans: Array<{ id: number }>; users: Array<{ id: number }> };
    }>(query, {}, viewer.headers);
    expect(mine.errors).toBeUndefined();
    const featured = mine.data!.featuredContentSuggestions;
    // The viewer lives in Privacyville, so its plans are the ones near them.
    expect(ids(featured.plans).sort()).toEqual([...allowed.plans].sort());
    const people = ids(featured.users);
    for (const never of [viewer, friend, hidden, blocker, blockedOne, silenced, suspended])
      expect(people).not.toContain(never.userId);
    expect(people).toEqual(expect.arrayContaining([open.userId, outsider.userId]));

    const visitor = await t.gql<{
      featuredContentSuggestions: { plans: Array<{ id: number }>; users: Array<{ id: number }> };
    }>(query);
    expect(visitor.errors).toBeUndefined();
    expect(
      ids(visitor.data!.featuredContentSuggestions.plans).filter((id) => neverPlans().includes(id)),
    ).toEqual(
      ids(visitor.data!.featuredContentSuggestions.plans).filter((id) =>
        [...forbidden.plans].slice(3, 5).includes(id),
      ),
    );
    expect(ids(visitor.data!.featuredContentSuggestions.users)).not.toContain(hidden.userId);
  });

  it('exploreGroups lists none of the forbidden groups, nor the viewer’s own, on any page', async () => {
    const seen: number[] = [];
    let marker: string | null = null;
    do {
      const page: GraphQLResponse<{
        exploreGroups: { nextMarker: string | null; groups: Array<{ id: number }> };
      }> = await t.gql(
        'query ($m: String) { exploreGroups(marker: $m) { nextMarker groups { id } } }',
        { m: marker },
        viewer.headers,
      );
      expect(page.errors).toBeUndefined();
      seen.push(...ids(page.data!.exploreGroups.groups));
      marker = page.data!.exploreGroups.nextMarker;
    } while (marker);
    expect(seen).toContain(allowed.groups[0]);
    expect(seen).not.toContain(viewerOwn.group);
    expect(seen.filter((id) => forbidden.groups.includes(id))).toEqual([]);
    const visitor: GraphQLResponse<{ exploreGroups: { groups: Array<{ id: number; title: string }> } }> =
      await t.gql('{ exploreGroups { groups { id title } } }');
    const titles = visitor
      .data!.exploreGroups.groups.filter((g) => forbidden.groups.includes(g.id))
      .map((g) => g.title);
    expect(titles.sort()).toEqual(['Group of the blocked', 'Group of the blocker']);
  });
});

describe('hashtag categories', () => {
  it('lists the built-in categories by position, with their hashtags only when asked', async () => {
    const bare = await t.gql<{
      hashtagCategories: Array<{ key: string; name: string; hashtags: unknown[] }>;
    }>('{ hashtagCategories { id key slug name image variant hashtags { name } } }');
    const list = bare.data!.hashtagCategories;
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.slice(0, 3).map((c) => c.name)).toEqual(['Outdoors', 'Sports', 'Food & drink']);
    expect(list.every((c) => c.hashtags.length === 0)).toBe(true);
    const full = await t.gql<{
      hashtagCategories: Array<{
        key: string;
        slug: string;
        hashtags: Array<{ id: number; name: string; emoji: string }>;
      }>;
    }>('{ hashtagCategories(withHashtags: true) { key slug hashtags { id name emoji } } }');
    const outdoors = full.data!.hashtagCategories.find((c) => c.key === 'outdoors')!;
    expect(outdoors.hashtags.slice(0, 3).map((h) => h.name)).toEqual(['hiking', 'outdoors', 'nature']);
    expect(outdoors.hashtags[0]!.emoji).toBe('🥾');
    expect(full.data!.hashtagCategories.find((c) => c.key === 'food_drink')?.slug).toBe('food-and-drink');
    for (const category of full.data!.hashtagCategories) {
      expect(category.hashtags.length).toBeGreaterThanOrEqual(6);
      expect(category.hashtags.length).toBeLessThanOrEqual(10);
    }
  });

  it('answers from its cache for 300 seconds, then reads the table again', async () => {
    const cache = hashtagCategoryCache(t.plaza.platform.store);
    const start = Date.now();
    cache.now = () => start;
    cache.entries.clear();
    const names = async () =>
      (
        await t.gql<{ hashtagCategories: Array<{ name: string }> }>('{ hashtagCategories { name } }')
      ).data!.hashtagCategories.map((c) => c.name);
    expect((await names())[0]).toBe('Outdoors');
    await db()
      .update(hashtagCategories)
      .set({ name: 'Out & about' })
      .where(eq(hashtagCategories.key, 'outdoors'));
    try {
      expect((await names())[0]).toBe('Outdoors');
      cache.now = () => start + 299_000;
      expect((await names())[0]).toBe('Outdoors');
      cache.now = () => start + 300_000;
      expect((await names())[0]).toBe('Out & about');
    } finally {
      await db()
        .update(hashtagCategories)
        .set({ name: 'Outdoors' })
        .where(eq(hashtagCategories.key, 'outdoors'));
      cache.entries.clear();
      cache.now = () => Date.now();
    }
  });
});

describe('hashtagExplore', () => {
  type HashtagResults = {
    hashtag: { id: number | null; name: string; emoji: string | null };
    category: { key: string; hashtags: Array<{ name: string }> } | null;
    plans: Array<{ id: number }>;
    groups: Array<{ id: number }>;
    nextMarker: string | null;
  };
  const call = (variables: Record<string, unknown>, person: Person | null = null) =>
    t.gql<{ hashtagExplore: HashtagResults }>(
      `query ($name: String!, $type: HashtagFilterType, $scope: HashtagScope, $place: String, $near: CoordinatesInput,
          $marker: String, $limit: Int) {
        hashtagExplore(name: $name, type: $type, scope: $scope, place: $place, near: $near, marker: $marker, limit: $limit) {
          hashtag { id name emoji } category { key hashtags { name } } plans { id } groups { id } nextMarker
        }
      }`,
      variables,
      person?.headers ?? {},
    );

  it('matches the name with or without # in any case, with its category; upcoming soonest first, past latest first', async () => {
    const ana = await newPerson(t, 'Ana');
    const word = `Boardgames`;
    const later = await plan(ana, { hashtags: [word], startsAt: new Date(Date.now() + 3 * DAY) });
    const sooner = await plan(ana, { hashtags: ['boardgames'], startsAt: new Date(Date.now() + DAY) });
    const longAgo = await plan(ana, { hashtags: ['BOARDGAMES'], startsAt: new Date(Date.now() - 9 * DAY) });
    const lately = await plan(ana, { hashtags: ['boardgames'], startsAt: new Date(Date.now() - 2 * DAY) });
    const club = await group(ana, { hashtags: ['BoardGames'] });
    for (const name of ['#BoardGames', 'boardgames', '  #boardgames ']) {
      const res = await call({ name });
      expect(res.errors).toBeUndefined();
      const found = res.data!.hashtagExplore;
      expect(found.hashtag).toMatchObject({ name: 'boardgames', emoji: '🎲' });
      expect(found.hashtag.id).toEqual(expect.any(Number));
      expect(found.category?.key).toBe('games');
      expect(found.category?.hashtags.map((h) => h.name)).toContain('boardgames');
      const planIds = ids(found.plans);
      expect(planIds.indexOf(sooner)).toBeLessThan(planIds.indexOf(later));
      expect(planIds).not.toContain(lately);
      expect(ids(found.groups)).toContain(club);
    }
    const past = ids((await call({ name: 'boardgames', type: 'PAST' })).data!.hashtagExplore.plans);
    expect(past.indexOf(lately)).toBeGreaterThanOrEqual(0);
    expect(past.indexOf(lately)).toBeLessThan(past.indexOf(longAgo));
    expect(past).not.toContain(sooner);
  });

  it('answers empty lists for a valid tag nobody uses, and refuses a blank or invalid name', async () => {
    const res = await call({ name: '#nobodyuses_this_tag' });
    expect(res.data?.hashtagExplore).toEqual({
      hashtag: { id: null, name: 'nobodyuses_this_tag', emoji: null },
      category: null,
      plans: [],
      groups: [],
      nextMarker: null,
    });
    for (const name of ['', '   ', '#', 'two words', 'semi;colon', 'x'.repeat(41)]) {
      const bad = await call({ name });
      expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    }
  });

  it('keeps near a place when one is given, and pages', async () => {
    const ana = await newPerson(t, 'Ana');
    const tag = uniqueWord();
    const here = await plan(ana, { hashtags: [tag], at: LISBON_CENTRE });
    const there = await plan(ana, { hashtags: [tag], at: BERLIN });
    expect(ids((await call({ name: tag, place: 'lisbon' })).data!.hashtagExplore.plans)).toEqual([here]);
    expect(
      ids((await call({ name: tag, near: { latitude: 52.5, longitude: 13.4 } })).data!.hashtagExplore.plans),
    ).toEqual([there]);
    const first = (await call({ name: tag, limit: 1 })).data!.hashtagExplore;
    expect(first.nextMarker).not.toBeNull();
    const second = (await call({ name: tag, limit: 1, marker: first.nextMarker })).data!.hashtagExplore;
    expect([...ids(first.plans), ...ids(second.plans)].sort()).toEqual([here, there].sort());
    expect(second.nextMarker).toBeNull();
    const unknown = await call({ name: tag, place: 'nowhere-at-all' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('featuredContentSuggestions', () => {
  it('offers plan ideas dated in the asked zone, each with a preset the plan form reads', async () => {
    const res = await t.gql<{
      featuredContentSuggestions: {
        suggestedInvites: Array<{
          name: string;
          priority: number;
          date: string;
          color: string;
          preset: string;
          presetHash: string;
        }>;
      };
    }>(
      '{ featuredContentSuggestions(timezone: "America/New_York") { suggestedInvites { name priority date color contentImage preset presetHash } } }',
    );
    expect(res.errors).toBeUndefined();
    const invites = res.data!.featuredContentSuggestions.suggestedInvites;
    expect(invites[0]?.name).toBe('Board game night');
    for (const invite of invites) {
      const preset = JSON.parse(invite.preset) as { title: string; start: string };
      expect(parsePlanPreset(invite.presetHash)).toEqual(preset);
      expect(preset.title).toBe(invite.name);
      expect(new Date(invite.date).getTime()).toBeGreaterThan(Date.now());
      // The preset's wall-clock start is the date seen in New York.
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'America/New_York',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(invite.date));
      expect(preset.start).toBe(local.replace(' ', 'T'));
    }
    const bad = await t.gql('{ featuredContentSuggestions(timezone: "Mars/Base") { plans { id } } }');
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'timezone' });
  });

  it('reads no plans nor people for the plan ideas alone, as the explore page asks them', async () => {
    const viewer = await newPerson(t, 'Ida');
    const ask = (fields: string) =>
      countStatements(() => t.gql(`{ featuredContentSuggestions { ${fields} } }`, {}, viewer.headers));
    const touches = (texts: string[], table: string) =>
      texts.filter((text) => new RegExp(`FROM "?${table}"? [pu]\\b`).test(text));
    const ideas = await ask('suggestedInvites { name }');
    expect(ideas.result.errors).toBeUndefined();
    expect(touches(ideas.texts, 'users')).toEqual([]);
    expect(touches(ideas.texts, 'plans')).toEqual([]);
    // Asked for, each is read (once).
    const all = await ask('plans { id } users { id } suggestedInvites { name }');
    expect(all.result.errors).toBeUndefined();
    expect(touches(all.texts, 'users')).toHaveLength(1);
    expect(touches(all.texts, 'plans').length).toBeGreaterThan(0);
  });

  it('suggests first the people with the most friends in common with the viewer, none already followed', async () => {
    const viewer = await newPerson(t, 'Vi');
    const [f1, f2] = [await newPerson(t, 'Fa'), await newPerson(t, 'Fb')];
    await befriend(viewer, f1);
    await befriend(viewer, f2);
    // Two friends in common, one in common, and one already followed despite two in common.
    const [two, one, followed] = [
      await newPerson(t, 'Ta'),
      await newPerson(t, 'Oa'),
      await newPerson(t, 'Fo'),
    ];
    for (const [person, friends] of [
      [two, [f1, f2]],
      [one, [f1]],
      [followed, [f1, f2]],
    ] as const)
      for (const each of friends) await befriend(person, each);
    await db().execute(
      sql`INSERT INTO follows (user_id, target_id, status) VALUES (${viewer.userId}, ${followed.userId}, 'FOLLOWING')`,
    );
    const res = await t.gql<{ featuredContentSuggestions: { users: Array<{ id: number }> } }>(
      '{ featuredContentSuggestions { users { id } } }',
      {},
      viewer.headers,
    );
    expect(res.errors).toBeUndefined();
    const people = ids(res.data!.featuredContentSuggestions.users);
    expect(people.slice(0, 2)).toEqual([two.userId, one.userId]);
    for (const never of [viewer, f1, f2, followed]) expect(people).not.toContain(never.userId);
  });

  it('suggests popular plans near the person and people they do not follow yet', async () => {
    const word = uniqueWord();
    const ana = await newPerson(t, 'Ana');
    const me = await newPerson(t, 'Mo');
    const followed = await newPerson(t, word);
    const stranger = await newPerson(t, word);
    await db().execute(
      sql`INSERT INTO follows (user_id, target_id, status) VALUES (${me.userId}, ${followed.userId}, 'FOLLOWING')`,
    );
    const far = await city(`Farville${word}`, -40, -70);
    await liveAt(me, far);
    const nearby = await plan(ana, { at: { latitude: -40.01, longitude: -70.01, city: 'Farville' } });
    const res = await t.gql<{
      featuredContentSuggestions: { plans: Array<{ id: number }>; users: Array<{ id: number }> };
    }>('{ featuredContentSuggestions { plans { id } users { id } } }', {}, me.headers);
    expect(ids(res.data!.featuredContentSuggestions.plans)).toEqual([nearby]);
    const people = ids(res.data!.featuredContentSuggestions.users);
    expect(people).not.toContain(followed.userId);
    expect(people).not.toContain(me.userId);
    expect(people.length).toBeGreaterThan(0);
    void stranger;
  });
});
