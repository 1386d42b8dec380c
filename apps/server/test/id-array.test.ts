import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { anyOf, idArray, intsOf, textArray } from '../src/db/id-array.ts';
import { rows } from '../src/domains/social/social-sql.ts';
import { users } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildUser } from './support/factories.ts';

// Lists as one array parameter (db/id-array.ts), through the store the suite runs on (PGlite, or
// PostgreSQL with DATABASE_URL): what goes in comes back, element for element.

let t: TestPlaza;
const db = () => t.plaza.platform.store.db;

beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

describe('one parameter for a list', () => {
  it('passes ids, none, one or many, in order', async () => {
    for (const ids of [[], [7], [3, 1, 2, 2_147_483_647, -5]]) {
      const found = await rows<{ id: number }>(db(), sql`SELECT unnest(${idArray(ids)}) AS id`);
      expect(found.map((row) => Number(row.id))).toEqual(ids);
    }
  });

  it('reads back lists written by array_to_string and string_agg, none as empty', async () => {
    for (const ids of [[], [7], [3, 1, 2, 2_147_483_647, -2_147_483_648, 0]]) {
      const [row] = await rows<{ joined: string; aggregated: string | null }>(
        db(),
        sql`SELECT array_to_string(${idArray(ids)}, ',') AS joined,
          (SELECT string_agg(id::text, ',' ORDER BY n) FROM unnest(${idArray(ids)}) WITH ORDINALITY AS u(id, n)) AS aggregated`,
      );
      expect(Array.from(intsOf(row!.joined))).toEqual(ids);
      expect(Array.from(intsOf(row!.aggregated))).toEqual(ids);
    }
    for (const bad of ['1,x', '1,,2', '2147483648', '1.5']) expect(() => intsOf(bad)).toThrow(TypeError);
  });

  it('refuses what is not an integer rather than writing it into the literal', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => idArray([1, bad])).toThrow(TypeError);
    }
  });

  it('passes texts as they are: empty, quotes, backslashes, commas, braces, NULL, spaces and accents', async () => {
    const texts = [
      '',
      'plain',
      'a "quoted" word',
      'back\\slash',
      '\\"',
      'a,b',
      '{x}',
      'NULL',
      ' padded ',
      'ação ✓',
    ];
    const found = await rows<{ text: string }>(db(), sql`SELECT unnest(${textArray(texts)}) AS text`);
    expect(found.map((row) => row.text)).toEqual(texts);
  });

  it('finds rows by id with anyOf, and none for no ids', async () => {
    const [a, b] = [await buildUser(db(), 'Ana'), await buildUser(db(), 'Ben')];
    const found = await db()
      .select({ id: users.id })
      .from(users)
      .where(anyOf(users.id, [b.id, a.id, -1]));
    expect(found.map((row) => row.id).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await db().select({ id: users.id }).from(users).where(anyOf(users.id, []))).toEqual([]);
  });
});
