import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { installLeanArrayResults, pgResultClass } from './lean-results.ts';

const TIMESTAMPTZ = 1184;
const INT4 = 23;
const TEXT = 25;
const JSON_OID = 114;

/** A RowDescription as node-postgres parses it: names repeated, as a select of joined tables has. */
const fields = [
  { name: 'id', dataTypeID: INT4, format: 'text' },
  { name: 'title', dataTypeID: TEXT, format: 'text' },
  { name: 'id', dataTypeID: INT4, format: 'text' },
  { name: 'created_at', dataTypeID: TIMESTAMPTZ, format: 'text' },
  { name: 'facts', dataTypeID: JSON_OID, format: 'text' },
];
const row = ['7', 'Picnic', '12', '2026-12-06 10:00:00+00', '{"member":true}'];

/** Drizzle's types for a query: timestamps as their text, a new function each time, as Drizzle's. */
function drizzleTypes(pgTypes: { getTypeParser(oid: number, format: string): (value: string) => unknown }) {
  let asked = 0;
  return {
    get asked() {
      return asked;
    },
    getTypeParser(oid: number, format: string) {
      asked += 1;
      if (oid === TIMESTAMPTZ) return (value: string) => value;
      return pgTypes.getTypeParser(oid, format);
    },
  };
}

describe('lean array results', () => {
  // node-postgres' own results, made before the lean method is installed in this process.
  const Result = pgResultClass();
  const pgTypes = createRequire(import.meta.url)('pg-types') as Parameters<typeof drizzleTypes>[0];
  const own = (rowMode: string | undefined, types?: object) => {
    const result = new Result(rowMode, types as never);
    result.addFields(fields);
    return result;
  };
  const before = {
    array: own('array', drizzleTypes(pgTypes)),
    object: own(undefined),
  };
  installLeanArrayResults();

  it('parses rows as arrays as node-postgres does, without the rows-as-objects template', () => {
    const types = drizzleTypes(pgTypes);
    const lean = own('array', types);
    const parse = (result: unknown) => (result as { parseRow(row: string[]): unknown }).parseRow(row);
    expect(parse(lean)).toEqual(parse(before.array));
    expect(parse(lean)).toEqual([7, 'Picnic', 12, '2026-12-06 10:00:00+00', { member: true }]);
    expect(lean.fields).toBe(fields);
    expect(
      (lean as unknown as { _prebuiltEmptyResultObject: unknown })._prebuiltEmptyResultObject,
    ).toBeNull();
    // Once a type; the same query's types again (a prepared statement's next execution): kept.
    own('array', types);
    expect(types.asked).toBe(new Set(fields.map((field) => field.dataTypeID)).size);
  });

  it('leaves rows as objects to node-postgres', () => {
    const after = own(undefined);
    const parse = (result: unknown) => (result as { parseRow(row: string[]): unknown }).parseRow(row);
    expect(parse(after)).toEqual(parse(before.object));
    // node-postgres' own method ran: the template of its rows as objects is there.
    expect((after as unknown as { _prebuiltEmptyResultObject: unknown })._prebuiltEmptyResultObject).toEqual({
      id: null,
      title: null,
      created_at: null,
      facts: null,
    });
    expect(parse(after)).toEqual({
      id: 12,
      title: 'Picnic',
      created_at: expect.any(Date),
      facts: { member: true },
    });
  });

  it('asks types that can change for every result (a client’s overrides, pg-types)', () => {
    let asked = 0;
    const overrides = {
      setTypeParser() {},
      getTypeParser(oid: number, format: string) {
        asked += 1;
        return pgTypes.getTypeParser(oid, format);
      },
    };
    own('array', overrides);
    own('array', overrides);
    expect(asked).toBe(2 * fields.length);
  });
});
