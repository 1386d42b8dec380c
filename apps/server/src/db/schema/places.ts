import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Places people search for when they say where a plan happens (spec 3 "Location", decision 0010):
 * cities from a data set loaded at start-up, and venues remembered from saved plans.
 */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    /** 'city' (from the data set) or 'venue' (remembered from a plan). */
    kind: text('kind').notNull(),
    /** The data set's id of a city, e.g. `geonames:5746545`; null for venues. */
    sourceId: text('source_id').unique(),
    name: text('name').notNull(),
    /** Lower case, accents removed: what searches compare against. */
    searchName: text('search_name').notNull(),
    slug: text('slug').notNull(),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code'),
    city: text('city').notNull().default(''),
    state: text('state'),
    country: text('country'),
    countryCode: text('country_code'),
    /** Micro-degrees, as plans store them. */
    latitude: integer('latitude_e6'),
    longitude: integer('longitude_e6'),
    /** IANA zone found from the coordinates. */
    timezone: text('timezone'),
    population: integer('population').notNull().default(0),
    /** How many plan saves named this venue. */
    useCount: integer('use_count').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('places_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // Explore paths name places by slug (decision 0016).
    index('places_slug').on(t.slug),
    // The city nearest to a point (nearestCity: explore's "Use my location", a profile or a plan
    // without a place id) through a box of coordinates: without it, every such lookup read all
    // 112,320 cities of the default data set (~20 ms, two workers of PostgreSQL's CPU).
    // The id makes it covering: the nearest is found from the index alone, then its one row read.
    index('places_city_coordinates')
      .on(t.latitude, t.longitude, t.id)
      .where(sql`kind = 'city'`),
    uniqueIndex('places_venue_unique')
      .on(t.kind, t.searchName, sql`lower(${t.address})`, sql`lower(${t.city})`)
      .where(sql`${t.kind} = 'venue'`),
  ],
);

/** Data sets loaded into the store, so a restart does not load the same version again. */
export const dataLoads = pgTable('data_loads', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  rows: integer('rows').notNull().default(0),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
