import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Ids as one parameter (`$1::int[]`), for `column = ANY(${idArray(ids)})`. A list
 * `IN ($1, …, $n)` is another statement text for every number of ids, so PostgreSQL plans it at
 * every use and it is rarely named (db/named-statements.ts); one array keeps one text, named and
 * planned once a connection. Planning was more than half of a plan loader's statement (0.4-0.8 ms
 * of 0.6-1.3). Integers only: the array is written as a literal (`{1,2,3}`), which PGlite and
 * node-postgres pass alike.
 */
export function idArray(ids: readonly number[]): SQL {
  return sql`${idArrayValue(ids)}::int[]`;
}

/** The array literal idArray passes (`{1,2,3}`): the value of an idsPlaceholder. */
export function idArrayValue(ids: readonly number[]): string {
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new TypeError(`Not an id: ${String(id)}`);
  }
  return `{${ids.join(',')}}`;
}

/**
 * idArray's parameter in a statement built once (db/prepared.ts), filled at each execution with
 * idArrayValue(ids) under `name`. It reaches the statement through a scalar subquery (an initPlan
 * run once an execution, `= ANY` still an index condition), so that the planner cannot read the
 * array's length. PostgreSQL plans a named statement for its values five times ("custom" plans),
 * then keeps one plan for all values ("generic") only if that one's estimated cost is no higher;
 * a generic plan assumes 10 elements, so a loader whose first batches were shorter (a chat list's
 * 6-8 plans) was planned afresh at every execution for good: 1,279 plans in 1,880 calls of the
 * plans with the viewer's facts under the benchmark, 1.2 ms of planning for 1.9 of execution.
 * Every batch is planned alike here, and the statement keeps its generic plan.
 */
export function idsPlaceholder(name: string): SQL {
  return sql`CAST((SELECT ${sql.placeholder(name)}::int[]) AS int[])`;
}

/**
 * The integers of `array_to_string(ints, ',')` (or `string_agg(id::text, ',')`; '' for none), for
 * long lists read back (a viewer's search circle, a shared ranking): node-postgres parses an
 * `int[]` column character by character and then each element, ~5% of the server's busy time in
 * search. Null (no rows for string_agg) is none too.
 */
export function intsOf(text: string | null): Int32Array {
  if (text === null || text === '') return new Int32Array(0);
  const parts = text.split(',');
  const ints = new Int32Array(parts.length);
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    const value = part === '' ? Number.NaN : Number(part);
    if (!Number.isInteger(value) || (value | 0) !== value) throw new TypeError(`Not an int: ${part}`);
    ints[index] = value;
  }
  return ints;
}

/**
 * Texts as one parameter (`$1::text[]`), as idArray does for ids: each element quoted in the array
 * literal, its backslashes and double quotes escaped.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${textArrayValue(values)}::text[]`;
}

/** The array literal textArray passes (`{"a","b \\"c\\""}`): the value of a text[] placeholder. */
export function textArrayValue(values: readonly string[]): string {
  const quoted = values.map((value) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`);
  return `{${quoted.join(',')}}`;
}

/** textArray's parameter in a statement built once, as idsPlaceholder is idArray's (the same reason). */
export function textsPlaceholder(name: string): SQL {
  return sql`CAST((SELECT ${sql.placeholder(name)}::text[]) AS text[])`;
}

/** `column = ANY(ids)` with the ids as one parameter (idArray). */
export function anyOf(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = ANY(${idArray(ids)})`;
}
