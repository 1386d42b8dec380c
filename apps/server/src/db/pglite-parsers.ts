import { types, type PGlite } from '@electric-sql/pglite';
import { afterPrepare, type PreparedStatement } from './drizzle-sessions.ts';

/**
 * The value parsers Drizzle's PGlite driver hands PGlite with every statement (drizzle-orm's
 * pglite/session.js): timestamps, dates, intervals and their arrays, and numeric arrays, kept as
 * PostgreSQL's text, for Drizzle's columns to decode.
 *
 * Handed per statement, PGlite merges them into a copy of its whole parser table (318 types) for
 * every statement: 0.1-0.25 ms each on these machines (`SELECT 1`: 130-254 µs without, 321-396 µs
 * with). Set once on the PGlite of the store instead (`presetDrizzleParsers`), statements go
 * without them and parse the same.
 */
const keepText = (value: string) => value;
export const DRIZZLE_PGLITE_PARSERS: Readonly<Record<number, (value: string) => unknown>> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

const PRESET_TYPES = new Set(Object.keys(DRIZZLE_PGLITE_PARSERS));

let preset = false;

/**
 * Sets Drizzle's parsers on the store's PGlite, once it is ready (its start replaces the arrays'
 * parsers with element-wise ones, so they are set after it), and lets Drizzle's statements go
 * without their own copy. Every PGlite of the process is the store's (db/client.ts).
 */
export function presetDrizzleParsers(client: PGlite): void {
  Object.assign(client.parsers, DRIZZLE_PGLITE_PARSERS);
  if (preset) return;
  preset = true;
  afterPrepare(['pglite'], (prepared) => {
    prepared.queryConfig = withoutPresetParsers(prepared.queryConfig);
    prepared.rawQueryConfig = withoutPresetParsers(prepared.rawQueryConfig);
  });
}

type QueryConfig = PreparedStatement['queryConfig'];

/** A statement's options without its parsers, when they are exactly the ones preset. */
export function withoutPresetParsers(config: QueryConfig): QueryConfig {
  if (!config?.parsers) return config;
  const given = Object.keys(config.parsers);
  if (given.length !== PRESET_TYPES.size || !given.every((type) => PRESET_TYPES.has(type))) return config;
  const { parsers: _dropped, ...rest } = config;
  return rest;
}
