import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataLoads, places } from '../src/db/schema/index.ts';
import { CITY_DATA_SET, loadCities } from '../src/domains/places/load-cities.ts';
import { nearestCity } from '../src/domains/places/my-location.ts';
import { searchLocationsRateRule } from '../src/domains/places/search-locations.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';

/** Cities of 50,000+ people: about 9,000 rows, enough for two Portlands and quick to load. */
const MIN_POPULATION = 50_000;

let t: TestPlaza;
let ana: Person;
let ben: Person;
let firstLoad: Awaited<ReturnType<typeof loadCities>>;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1', PLAZA_CITIES_MIN_POPULATION: String(MIN_POPULATION) });
  firstLoad = await loadCities(t.plaza.platform.store, {
    minPopulation: t.plaza.platform.config.citiesMinPopulation,
  });
  [ana, ben] = [await newPerson(t, 'Ana'), await newPerson(t, 'Ben')];
});
afterAll(() => t.close());

const LOCATION_FIELDS = `id kind name address postalCode city state country countryCode
  coordinates { latitude longitude } latitude longitude slug description timezone`;

interface Location {
  id: string;
  kind: 'CITY' | 'VENUE';
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  countryCode: string | null;
  coordinates: { latitude: number; longitude: number } | null;
  latitude: number | null;
  longitude: number | null;
  slug: string;
  description: string;
  timezone: string | null;
}

async function search(
  q: string,
  near?: { latitude: number; longitude: number },
  person: Person | null = null,
): Promise<GraphQLResponse<{ searchLocations: Location[] }>> {
  return t.gql<{ searchLocations: Location[] }>(
    `query ($q: String!, $near: CoordinatesInput) { searchLocations(q: $q, near: $near) { ${LOCATION_FIELDS} } }`,
    { q, near },
    person?.headers ?? {},
  );
}

async function found(
  q: string,
  near?: { latitude: number; longitude: number },
  person: Person | null = null,
) {
  const res = await search(q, near, person);
  expect(res.errors).toBeUndefined();
  return res.data!.searchLocations;
}

const errorOf = (res: GraphQLResponse<unknown>) => ({
  code: res.errors?.[0]?.extensions?.code,
  field: res.errors?.[0]?.extensions?.field,
});

const PORTLAND_MAINE = { latitude: 43.66, longitude: -70.26 };

describe('the city data set', () => {
  it('loads the cities above the minimum population once; a second load inserts nothing', async () => {
    expect(firstLoad.loaded).toBe(true);
    expect(firstLoad.inserted).toBeGreaterThan(8000);
    expect(firstLoad.inserted).toBe(firstLoad.considered);
    const [row] = await t.plaza.platform.store.db
      .select()
      .from(dataLoads)
      .where(eq(dataLoads.name, CITY_DATA_SET));
    expect(row?.version).toContain(`min-population=${MIN_POPULATION}`);
    expect(row?.rows).toBe(firstLoad.considered);

    const again = await loadCities(t.plaza.platform.store, { minPopulation: MIN_POPULATION });
    expect(again).toMatchObject({ loaded: false, inserted: 0 });
    // Forced (as two processes starting together would both do): every row is already there.
    const forced = await loadCities(t.plaza.platform.store, { minPopulation: MIN_POPULATION, force: true });
    expect(forced).toMatchObject({ loaded: true, inserted: 0, considered: firstLoad.considered });
    const [count] = await t.plaza.platform.store.db
      .select({ n: sql<number>`count(*)::int` })
      .from(places)
      .where(eq(places.kind, 'city'));
    expect(count?.n).toBe(firstLoad.considered);
  });

  it('adds each city once when two loads run at the same time (as two starting processes would)', async () => {
    const store = t.plaza.platform.store;
    const lower = { minPopulation: 40_000 };
    const [a, b] = await Promise.all([loadCities(store, lower), loadCities(store, lower)]);
    const [count] = await store.db
      .select({ n: sql<number>`count(*)::int` })
      .from(places)
      .where(eq(places.kind, 'city'));
    expect(count?.n).toBe(a.considered);
    expect(a.inserted + b.inserted).toBe(a.considered - firstLoad.considered);
    // Back to the file's threshold: nothing is removed, and the version is recorded again.
    expect(await loadCities(store, { minPopulation: MIN_POPULATION })).toMatchObject({
      loaded: true,
      inserted: 0,
    });
  });

  it('gives each city its country, state code, coordinates and time zone', async () => {
    const [portland] = await found('Portland');
    expect(portland).toMatchObject({
      kind: 'CITY',
      name: 'Portland',
      city: 'Portland',
      state: 'OR',
      country: 'United States',
      countryCode: 'US',
      address: null,
      timezone: 'America/Los_Angeles',
      description: 'OR, United States',
      slug: 'portland-or-us',
    });
    expect(portland!.coordinates).toEqual({ latitude: portland!.latitude, longitude: portland!.longitude });
    expect(portland!.latitude).toBeCloseTo(45.52, 1);
  });
});

describe('the city nearest to a point', () => {
  /** Haversine on the 6371 km sphere, as the SQL measures. */
  function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
    const rad = (degrees: number) => (degrees * Math.PI) / 180;
    const h =
      Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
      Math.cos(rad(a.latitude)) *
        Math.cos(rad(b.latitude)) *
        Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  it('is the nearest city within 100 km, as measuring every city finds it, wherever the point is', async () => {
    const cities = await t.plaza.platform.store.db
      .select({ id: places.id, latitude: places.latitude, longitude: places.longitude })
      .from(places)
      .where(eq(places.kind, 'city'));
    expect(cities.length).toBeGreaterThan(5_000);
    // Points next to cities, between them, at sea, across the 180th meridian and near the poles.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const points = [
      { latitude: 38.7107, longitude: -9.1421 },
      { latitude: 38.3, longitude: -7.6 },
      { latitude: 0, longitude: -30 },
      { latitude: -18.1, longitude: 179.97 },
      { latitude: -17.7, longitude: -179.99 },
      { latitude: 89.99, longitude: 40 },
      { latitude: -89.99, longitude: -40 },
      ...cities.slice(0, 40).map((city, i) => ({
        latitude: city.latitude! / 1e6 + (i % 2 ? 0.2 : -0.35),
        longitude: city.longitude! / 1e6 + (i % 3 ? 0.3 : -0.1),
      })),
      ...Array.from({ length: 60 }, () => ({
        latitude: random() * 140 - 70,
        longitude: random() * 360 - 180,
      })),
    ];
    const distances: number[] = [];
    for (const point of points) {
      const latitudeE6 = Math.round(point.latitude * 1e6);
      const longitudeE6 = Math.round(point.longitude * 1e6);
      const at = { latitude: latitudeE6 / 1e6, longitude: longitudeE6 / 1e6 };
      let best: { id: number; km: number } | null = null;
      for (const city of cities) {
        const d = km(at, { latitude: city.latitude! / 1e6, longitude: city.longitude! / 1e6 });
        if (d <= 100 && (!best || d < best.km - 1e-9 || (Math.abs(d - best.km) <= 1e-9 && city.id < best.id)))
          best = { id: city.id, km: d };
      }
      const found = await nearestCity(t.plaza.platform.store.db, latitudeE6, longitudeE6);
      expect({ point, id: found?.id ?? null }).toEqual({ point, id: best?.id ?? null });
      if (best) distances.push(best.km);
    }
    // Both circles were read: cities found within 10 km, and only farther (up to 100 km); and none.
    expect(distances.some((d) => d <= 10)).toBe(true);
    expect(distances.some((d) => d > 10)).toBe(true);
    expect(distances.length).toBeLessThan(points.length);
  });
});

describe('searchLocations', () => {
  it('finds a city by its name’s beginning, the exact name before longer ones', async () => {
    const results = await found('Lisb');
    expect(results[0]).toMatchObject({ name: 'Lisbon', countryCode: 'PT', timezone: 'Europe/Lisbon' });
    const exact = await found('paris');
    expect(exact[0]).toMatchObject({ name: 'Paris', countryCode: 'FR' });
  });

  it('forgives a misspelling and accents', async () => {
    expect((await found('Amsterdm'))[0]).toMatchObject({ name: 'Amsterdam', countryCode: 'NL' });
    expect((await found('Zurich'))[0]).toMatchObject({ name: 'Zürich', countryCode: 'CH' });
    expect((await found('Münich')).map((l) => l.name)).toContain('Munich');
  });

  it('ranks a same-named city near `near` first, and the larger one without it', async () => {
    const anywhere = await found('Portland');
    expect(anywhere.slice(0, 2).map((l) => l.state)).toEqual(['OR', 'ME']);
    const nearMaine = await found('Portland', PORTLAND_MAINE);
    expect(nearMaine[0]).toMatchObject({ name: 'Portland', state: 'ME', timezone: 'America/New_York' });
    const partlyTyped = await found('Portl', PORTLAND_MAINE);
    expect(partlyTyped[0]).toMatchObject({ name: 'Portland', state: 'ME' });
  });

  it('reads text after a comma as the state or country', async () => {
    expect((await found('Portland, ME'))[0]).toMatchObject({ state: 'ME' });
    expect((await found('Portland, maine'))[0]?.state).toBe('OR'); // state names are not in the data
  });

  it('answers at most 10 places, and none for a name that matches nothing', async () => {
    expect((await found('San')).length).toBe(10);
    expect(await found('Qxzqxzqxz')).toEqual([]);
  });

  it('refuses an empty or too long q, and near off the globe, naming the field', async () => {
    expect(errorOf(await search('   '))).toEqual({ code: 'BAD_USER_INPUT', field: 'q' });
    expect(errorOf(await search('x'.repeat(101)))).toEqual({ code: 'BAD_USER_INPUT', field: 'q' });
    expect(errorOf(await search('Paris', { latitude: 95, longitude: 0 }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'near',
    });
  });

  it('is rate limited per person (RATE_LIMITED once the window’s searches are used up)', async () => {
    const eve = await newPerson(t, 'Eve');
    const rule = searchLocationsRateRule(`user:${eve.userId}`);
    for (let i = 0; i < rule.limit; i += 1) await t.plaza.platform.rateLimits.hit([rule]);
    const res = await search('Paris', undefined, eve);
    expect(errorOf(res).code).toBe('RATE_LIMITED');
    expect((await search('Paris', undefined, ana)).errors).toBeUndefined();
  });

  it('treats LIKE wildcards in q as plain characters', async () => {
    expect(await found('%%%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });
});

describe('venues from plans', () => {
  const createPlan = (person: Person, plan: Record<string, unknown>) =>
    t.gql<{ createPlan: { key: string; timezone: string; place: Record<string, unknown> | null } }>(
      `mutation ($plan: PlanInput!) { createPlan(plan: $plan) {
         key timezone place { name address city state coordinates { latitude longitude } } } }`,
      { plan },
      person.headers,
    );

  it('remembers the venue of a public plan; everyone finds it afterwards; the same venue again counts one more use', async () => {
    expect(await found('Blue Lantern Books')).toEqual([]);
    const plan = {
      title: 'Reading night',
      isPublic: true,
      start: '2027-05-04T19:00',
      location: {
        name: 'Blue Lantern Books',
        address: '12 Harbor Street',
        city: 'Portland',
        state: 'ME',
        coordinates: { latitude: 43.6591, longitude: -70.2568 },
      },
    };
    expect((await createPlan(ana, plan)).errors).toBeUndefined();
    const [venue] = await found('blue lantern');
    expect(venue).toMatchObject({
      kind: 'VENUE',
      name: 'Blue Lantern Books',
      address: '12 Harbor Street',
      city: 'Portland',
      state: 'ME',
      timezone: 'America/New_York',
      description: '12 Harbor Street, Portland, ME',
    });
    // Found with a misspelling, by a signed-out visitor too.
    expect((await found('Blue Lanturn'))[0]?.id).toBe(venue!.id);

    // The same venue again (another case) is one place used twice.
    await createPlan(ben, {
      ...plan,
      location: { ...plan.location, name: 'blue lantern books', address: '12 HARBOR STREET' },
    });
    const [row] = await t.plaza.platform.store.db
      .select()
      .from(places)
      .where(eq(places.id, Number(venue!.id)));
    expect(row?.useCount).toBe(2);
  });

  it('keeps a private plan’s venue to the person who saved it', async () => {
    const res = await createPlan(ana, {
      title: 'Dinner at mine',
      location: { name: 'Ana’s flat', address: '7 Quiet Lane', city: 'Lisbon' },
    });
    expect(res.errors).toBeUndefined();
    const mine = await found('Ana’s flat', undefined, ana);
    expect(mine[0]).toMatchObject({ kind: 'VENUE', name: 'Ana’s flat', address: '7 Quiet Lane' });
    expect((await found('Ana’s flat', undefined, ben)).map((l) => l.name)).not.toContain('Ana’s flat');
    expect((await found('Ana’s flat')).map((l) => l.name)).not.toContain('Ana’s flat');
    const details = await t.gql(
      `query ($id: ID!) { getLocationDetails(id: $id) { id } }`,
      { id: mine[0]!.id },
      ben.headers,
    );
    expect(errorOf(details).code).toBe('NOT_FOUND');
  });

  it('does not remember a bare city as a venue', async () => {
    const before = await t.plaza.platform.store.db.select({ n: sql<number>`count(*)::int` }).from(places);
    await createPlan(ana, {
      title: 'Somewhere in Porto',
      isPublic: true,
      location: { name: 'Porto', city: 'Porto', coordinates: { latitude: 41.15, longitude: -8.61 } },
    });
    const after = await t.plaza.platform.store.db.select({ n: sql<number>`count(*)::int` }).from(places);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('fills a plan’s place from placeId and takes the zone found at its coordinates', async () => {
    const [maine] = await found('Portland', PORTLAND_MAINE);
    const res = await createPlan(ana, {
      title: 'Lobster roll',
      start: '2027-07-01T12:00',
      timezone: 'Asia/Tokyo',
      location: { placeId: maine!.id },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPlan).toMatchObject({
      timezone: 'America/New_York',
      place: {
        name: 'Portland',
        address: null,
        city: 'Portland',
        state: 'ME',
        coordinates: { latitude: maine!.latitude, longitude: maine!.longitude },
      },
    });
    const unknown = await createPlan(ana, { title: 'Nowhere', location: { placeId: '999999999' } });
    expect(errorOf(unknown)).toEqual({ code: 'BAD_USER_INPUT', field: 'location.placeId' });
    const notANumber = await createPlan(ana, { title: 'Nowhere', location: { placeId: 'abc' } });
    expect(errorOf(notANumber)).toEqual({ code: 'BAD_USER_INPUT', field: 'location.placeId' });
  });
});

describe('getLocationDetails', () => {
  it('answers a place by id, for signed-out visitors too', async () => {
    const [lisbon] = await found('Lisbon');
    const res = await t.gql<{ getLocationDetails: Location }>(
      `query ($id: ID!) { getLocationDetails(id: $id) { ${LOCATION_FIELDS} } }`,
      { id: lisbon!.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.getLocationDetails).toEqual(lisbon);
  });

  it('is NOT_FOUND for an id that names no place', async () => {
    for (const id of ['999999999', 'abc', '-1']) {
      const res = await t.gql(`query ($id: ID!) { getLocationDetails(id: $id) { id } }`, { id });
      expect(errorOf(res).code).toBe('NOT_FOUND');
      expect(res.errors?.[0]?.message).toBe('This place could not be found.');
    }
  });
});

describe('myLocation', () => {
  const myLocation = (person: Person | null) =>
    t.gql<{ myLocation: Location | null }>(
      `{ myLocation { id name city state countryCode coordinates { latitude longitude } } }`,
      {},
      person?.headers ?? {},
    );

  it('refuses a signed-out caller like the other viewer queries', async () => {
    const res = await myLocation(null);
    expect(errorOf(res).code).toBe('UNAUTHENTICATED');
    expect(res.data?.myLocation ?? null).toBeNull();
  });

  it('is null for someone whose plans name no place', async () => {
    const cai = await newPerson(t, 'Cai');
    const res = await myLocation(cai);
    expect(res.errors).toBeUndefined();
    expect(res.data!.myLocation).toBeNull();
  });

  it('is the city near the place of the latest plan the person created or is going to', async () => {
    const dee = await newPerson(t, 'Dee');
    const create = async (person: Person, plan: Record<string, unknown>) => {
      const res = await t.gql<{ createPlan: { key: string } }>(
        `mutation ($plan: PlanInput!) { createPlan(plan: $plan) { key } }`,
        { plan },
        person.headers,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.createPlan.key;
    };
    await create(dee, {
      title: 'Coffee',
      location: {
        name: 'Café A Brasileira',
        address: 'Rua Garrett 120',
        city: 'Lisbon',
        coordinates: { latitude: 38.7107, longitude: -9.1421 },
      },
    });
    expect((await myLocation(dee)).data!.myLocation).toMatchObject({ name: 'Lisbon', countryCode: 'PT' });

    // Answering attending to a later plan elsewhere moves it.
    const key = await create(ben, {
      title: 'Harbour walk',
      isPublic: true,
      location: { name: 'Old Port', city: 'Portland', coordinates: { latitude: 43.657, longitude: -70.252 } },
    });
    const answer = await t.gql(
      `mutation ($key: String!) { respondToPlan(key: $key, response: ATTENDING) { key } }`,
      { key },
      dee.headers,
    );
    expect(answer.errors).toBeUndefined();
    expect((await myLocation(dee)).data!.myLocation).toMatchObject({ name: 'Portland', state: 'ME' });

    // A plan with only a city name finds the largest city of that name.
    await create(dee, { title: 'Somewhere', location: { city: 'Paris' } });
    expect((await myLocation(dee)).data!.myLocation).toMatchObject({ name: 'Paris', countryCode: 'FR' });
  });
});
