import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { afterPrepare } from './drizzle-sessions.ts';

/**
 * Rows of a select mapped by a plan made once per statement (decision 0036) instead of Drizzle's
 * `mapResultRow`, which works out again for every row and every column what each selected field is
 * (up to five `is()` checks, each walking a class chain), iterates its path with an iterator, and
 * looks up the table's name of every joined column. The result is the same object, key for key
 * (`row-mapping.unit.test.ts` compares both on the hottest statements).
 */

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as Drizzle orders them (`orderSelectedFields`): where it goes, and what it is. */
export interface SelectedField {
  path: string[];
  field: unknown;
}

type Row = Record<string, unknown>;
export type JoinsNotNullable = Record<string, boolean> | undefined;

/**
 * A joined table's object (`{ group: groups }` in a select with a left join) that is null when its
 * first column is: Drizzle's rule. `table` is null when the object mixes tables (never nulled).
 */
interface JoinedObject {
  name: string;
  /** Index of the object's first column, whose value decides. */
  first: number;
  /** The table its columns come from; the object is nulled unless the join cannot miss. */
  table: string | null;
}

export type RowMapper = (row: readonly unknown[], joinsNotNullable: JoinsNotNullable) => Row;

/** Drizzle's SQL keeps its decoder (`mapWith`) internal. */
const decoderOfSql = (value: unknown) => (value as { decoder: Decoder }).decoder;

/** What decodes a field's values, in the order `mapResultRow` tries them. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** The mapping of one statement's rows, worked out once from its selected fields. */
export function compileRowMapper(fields: readonly SelectedField[]): RowMapper {
  const paths = fields.map(({ path }) => path);
  const decoders = fields.map(({ field }) => decoderOf(field));
  const joined = new Map<string, JoinedObject>();
  fields.forEach(({ path, field }, index) => {
    if (!is(field, Column) || path.length !== 2) return;
    const name = path[0]!;
    const table = getTableName(field.table);
    const seen = joined.get(name);
    if (!seen) joined.set(name, { name, first: index, table });
    else if (seen.table !== null && seen.table !== table) seen.table = null;
  });
  const objects = [...joined.values()].filter((object) => object.table !== null);
  const build = objectBuilder(paths);

  return (row, joinsNotNullable) => {
    const result = build(row, decoders);
    if (joinsNotNullable) {
      for (const object of objects) {
        if (joinsNotNullable[object.table!]) continue;
        const firstPath = paths[object.first]!;
        if ((result[object.name] as Row)[firstPath[1]!] === null) result[object.name] = null;
      }
    }
    return result;
  };
}

/** A row's object as its selected fields' paths shape it: a key's field index, or its own object. */
type Shape = Map<string, number | Shape>;

/**
 * A function that makes a row's object as one object literal (nested literals for nested paths),
 * its keys in the order the fields first name them and a later field of the same path taking the
 * value, as mapResultRow's assignments do. Built once per statement: an object literal is made at
 * its final size, where assigning the keys one by one to `{}` grew each object's property store
 * again and again (a chat list row of 163 columns made ~3 KB of garbage so).
 */
function objectBuilder(paths: readonly string[][]): (row: readonly unknown[], decoders: Decoder[]) => Row {
  const root: Shape = new Map();
  paths.forEach((path, index) => {
    let shape = root;
    path.forEach((key, depth) => {
      // A literal's `__proto__: x` would set its prototype, not a key.
      if (key === '__proto__') throw new Error('A selected field may not be named __proto__');
      if (depth === path.length - 1) {
        shape.set(key, index);
        return;
      }
      let inner = shape.get(key);
      if (inner === undefined || typeof inner === 'number') {
        inner = new Map();
        shape.set(key, inner);
      }
      shape = inner;
    });
  });
  const literal = (shape: Shape): string =>
    `{${[...shape]
      .map(([key, value]) => {
        const made =
          typeof value === 'number'
            ? `row[${value}] === null ? null : decoders[${value}].mapFromDriverValue(row[${value}])`
            : literal(value);
        return `${JSON.stringify(key)}: ${made}`;
      })
      .join(', ')}}`;
  // The code is made of the fields' indices and their names (quoted), nothing else.
  return new Function('row', 'decoders', `return ${literal(root)};`) as (
    row: readonly unknown[],
    decoders: Decoder[],
  ) => Row;
}

let installed = false;

/**
 * Every statement with selected fields that both drivers' sessions prepare (a select, a union, an
 * insert, update or delete returning) maps its rows with a mapper compiled at its first execution.
 * Drizzle's relational queries bring their own mapper and are left as they are.
 */
export function installCompiledRowMapping(): void {
  if (installed) return;
  installed = true;
  afterPrepare(['pg', 'pglite'], (prepared, selected, hasOwnMapper) => {
    if (!selected || hasOwnMapper) return;
    const fields = selected as SelectedField[];
    let map: RowMapper | undefined;
    prepared.customResultMapper = (rows) => {
      map ??= compileRowMapper(fields);
      // Read when run: the select builder sets it on the prepared query after preparing it.
      const joinsNotNullable = prepared.joinsNotNullableMap;
      return rows.map((row) => map!(row, joinsNotNullable));
    };
  });
}
