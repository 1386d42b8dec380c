import { PGlite } from '@electric-sql/pglite';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger } from 'drizzle-orm/logger';
import { drizzle, PglitePreparedQuery } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIZZLE_PGLITE_PARSERS,
  presetDrizzleParsers,
  withoutPresetParsers,
} from '../src/db/pglite-parsers.ts';

// Drizzle's parsers set once on the store's PGlite instead of handed with every statement
// (db/pglite-parsers.ts): the same values must come back.

const VALUES = `SELECT
  timestamp '2026-11-29 10:00:00' AS ts,
  timestamptz '2026-11-29 10:00:00+01' AS tstz,
  date '2026-11-29' AS d,
  interval '1 day 2 hours' AS iv,
  ARRAY[1.5, 2.25]::numeric[] AS nums,
  ARRAY[timestamp '2026-11-29 10:00:00']::timestamp[] AS tss,
  ARRAY[timestamptz '2026-11-29 10:00:00+00']::timestamptz[] AS tstzs,
  ARRAY[interval '1 hour']::interval[] AS ivs,
  ARRAY[date '2026-11-29']::date[] AS ds,
  ARRAY[1, 2]::int[] AS ints,
  '{"a": 1}'::jsonb AS j,
  42::int8 AS big`;

let plain: PGlite;
let preset: PGlite;

beforeAll(async () => {
  [plain, preset] = await Promise.all([PGlite.create(), PGlite.create()]);
  presetDrizzleParsers(preset);
});
afterAll(async () => {
  await Promise.all([plain.close(), preset.close()]);
});

describe('parsers preset on the PGlite', () => {
  it('parse every kind of value as the per-statement parsers did, arrays included', async () => {
    const handed = await plain.query(VALUES, [], {
      rowMode: 'array',
      parsers: { ...DRIZZLE_PGLITE_PARSERS },
    });
    const alone = await preset.query(VALUES, [], { rowMode: 'array' });
    expect(alone.rows).toEqual(handed.rows);
    // Kept as PostgreSQL's text, for Drizzle's columns to decode; the rest parsed by PGlite.
    const [row] = alone.rows as unknown[][];
    expect(row!.slice(0, 9).every((value) => typeof value === 'string')).toBe(true);
    expect(row![9]).toEqual([1, 2]);
    expect(row![10]).toEqual({ a: 1 });
  });

  it('are exactly what Drizzle hands with each statement, so its statements go without them', () => {
    // Drizzle's own statement, as its PGlite session builds it (before the store's change).
    const drizzles = new PglitePreparedQuery(
      plain,
      'select 1',
      [],
      new NoopLogger(),
      new NoopCache(),
      undefined,
      undefined,
      [],
      undefined,
      true,
      undefined,
    );
    // Its statement options are private in Drizzle's types.
    const options = drizzles as unknown as Record<
      'queryConfig' | 'rawQueryConfig',
      { parsers: Record<number, (value: string) => unknown> }
    >;
    for (const config of [options.queryConfig, options.rawQueryConfig]) {
      expect(Object.keys(config.parsers).sort()).toEqual(Object.keys(DRIZZLE_PGLITE_PARSERS).sort());
      for (const parse of Object.values(config.parsers))
        expect(parse('2026-11-29 10:00:00')).toBe('2026-11-29 10:00:00');
    }
    // The store's sessions build theirs without.
    const db = drizzle(preset);
    const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
    const statement = session.prepareQuery({ sql: 'select 1', params: [] }, undefined, undefined, false) as {
      queryConfig?: { parsers?: unknown };
      rawQueryConfig?: { parsers?: unknown };
    };
    expect(statement.queryConfig?.parsers).toBeUndefined();
    expect(statement.rawQueryConfig?.parsers).toBeUndefined();
  });

  it('drops only exactly the preset parsers from a statement', () => {
    const { parsers: _ignored, ...config } = { rowMode: 'array', parsers: DRIZZLE_PGLITE_PARSERS };
    expect(withoutPresetParsers({ rowMode: 'array', parsers: { ...DRIZZLE_PGLITE_PARSERS } })).toEqual(
      config,
    );
    const other = { rowMode: 'array', parsers: { ...DRIZZLE_PGLITE_PARSERS, 16: () => 'yes' } };
    expect(withoutPresetParsers(other)).toBe(other);
    const fewer = { rowMode: 'array', parsers: { 1184: (value: string) => value } };
    expect(withoutPresetParsers(fewer)).toBe(fewer);
    expect(withoutPresetParsers(undefined)).toBeUndefined();
  });
});
