import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { rows } from '../../src/domains/social/social-sql.ts';

/**
 * A count the database keeps by triggers (decisions 0045 and 0051), checked against the rows it
 * counts: `counts` reads, for each row asked, in order, the stored count (`stored`) and the same
 * count made from the rows (`counted`); both must be `expected`.
 */
export async function expectCountsKept(db: Database, counts: SQL, expected: number[]): Promise<void> {
  const found = await rows<{ stored: number | string; counted: number | string }>(db, counts);
  expect(found.map((row) => Number(row.counted))).toEqual(expected);
  expect(found.map((row) => Number(row.stored))).toEqual(expected);
}
