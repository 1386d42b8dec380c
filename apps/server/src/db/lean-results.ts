import { createRequire } from 'node:module';

/**
 * node-postgres results of rows as arrays without the work only rows as objects need (decision
 * 0044). Each execution's RowDescription goes through `Result.addFields`, which picks each column's
 * parser and also builds an object with a key per column, then copies it, as the template of rows as
 * objects. Drizzle asks for every row as an array (`rowMode: 'array'`), so that object is never
 * used: for the chat list's 162 columns (names repeated across its joins, so the object is a
 * dictionary) building and copying it was most of `addFields`, itself 1-3% of the main queries'
 * samples. And Drizzle's `getTypeParser` makes a new function for every timestamp column of every
 * execution; the parser a query's own types give for a type is the same each time, so it is kept
 * per query's types (types that can change, pg-types and a client's overrides, are asked each time).
 *
 * Rows as objects (pg's own `query(text)`, the benchmarks' clients) keep node-postgres' own method.
 * `lean-results.unit.test.ts` checks both against node-postgres' method; it fails if a node-postgres
 * upgrade changes what `addFields` leaves on the result.
 */

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

type Parser = (value: string) => unknown;

interface TypeSource {
  getTypeParser(oid: number, format: string): Parser;
}

interface PgResult {
  rowAsArray: boolean;
  fields: FieldDescription[];
  _parsers: Parser[] | undefined;
  _types: TypeSource | undefined;
  addFields(fields: FieldDescription[]): void;
}

const require = createRequire(import.meta.url);

/** node-postgres' Result class and pg-types, where node-postgres itself takes them. */
export function pgResultClass(): {
  prototype: PgResult;
  new (rowMode?: string, types?: TypeSource): PgResult;
} {
  return require('pg/lib/result.js') as ReturnType<typeof pgResultClass>;
}

const pgTypes = require('pg-types') as TypeSource;

/** Parsers by type and format, per query's types (Drizzle's, one object per prepared query). */
const parsersBySource = new WeakMap<TypeSource, Map<string, Parser>>();

function parserOf(source: TypeSource, oid: number, format: string): Parser {
  // Types that can change (pg-types, a client's overrides: setTypeParser) are asked every time.
  if ('setTypeParser' in source) return source.getTypeParser(oid, format);
  let parsers = parsersBySource.get(source);
  if (!parsers) {
    parsers = new Map();
    parsersBySource.set(source, parsers);
  }
  const key = `${oid}:${format}`;
  let parser = parsers.get(key);
  if (!parser) {
    parser = source.getTypeParser(oid, format);
    parsers.set(key, parser);
  }
  return parser;
}

let installed = false;

/** Installs the lean `addFields` on node-postgres' Result, once per process. */
export function installLeanArrayResults(): void {
  if (installed) return;
  installed = true;
  const prototype = pgResultClass().prototype;
  const original = prototype.addFields;
  prototype.addFields = function addFields(this: PgResult, fields: FieldDescription[]): void {
    if (!this.rowAsArray) {
      original.call(this, fields);
      return;
    }
    this.fields = fields;
    const parsers = new Array<Parser>(fields.length);
    const source = this._types ?? pgTypes;
    for (let index = 0; index < fields.length; index++) {
      const field = fields[index]!;
      parsers[index] = parserOf(source, field.dataTypeID, field.format || 'text');
    }
    if (fields.length) this._parsers = parsers;
  };
}
