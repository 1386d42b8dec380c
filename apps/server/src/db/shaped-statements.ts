import { createHash } from 'node:crypto';
import { fillPlaceholders, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { oncePer } from '../once-per.ts';
import type { Database, Store } from './client.ts';

const dialect = new PgDialect();

/** Shapes one store keeps at most; a statement of any further shape is built each time. */
export const SHAPES_MAX = 500;

const keptOf = oncePer((_db: Database) => new Map<string, unknown>());

/**
 * What `build` makes for `shape` (a statement whose text depends on nothing but the shape), once
 * per store: kept for up to SHAPES_MAX shapes a store, and made again on every call beyond
 * (`kept` false). Shape keys start with their caller's name, so callers' shapes never meet.
 */
export function builtOncePerShape<T>(db: Database, shape: string, build: (kept: boolean) => T): T {
  const kept = keptOf(db);
  if (kept.has(shape)) return kept.get(shape) as T;
  const keep = kept.size < SHAPES_MAX;
  const made = build(keep);
  if (keep) kept.set(shape, made);
  return made;
}

/** A statement's name: `prefix` and a hash of its text, the same on every connection and process. */
function statementName(prefix: string, text: string): string {
  return `${prefix}${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/**
 * A statement whose text depends on nothing but `shape`, for a caller that runs it itself (search's
 * pages, on the store's pool of generic plans): its text, its parameters with the placeholders of
 * `build` among them (Drizzle's fillPlaceholders fills them with each execution's values) and a
 * name (statementName), built once per store and shape (builtOncePerShape).
 */
export function shapedQuery(
  db: Database,
  shape: string,
  build: () => SQL,
  namePrefix: string,
): Query & { name: string } {
  return builtOncePerShape(db, `query:${shape}`, () => {
    const built = dialect.sqlToQuery(build());
    return { ...built, name: statementName(namePrefix, built.sql) };
  });
}

function prepare(db: Database, built: Query, name: string | undefined) {
  return db._.session.prepareQuery<{
    execute: { rows: unknown[] };
    all: unknown;
    values: unknown;
  }>(built, undefined, name, false);
}

/**
 * The rows of a statement whose text depends on nothing but `shape`: `build` makes it with
 * `sql.placeholder(name)` where the values go, once per store and shape (builtOncePerShape);
 * afterwards it is only filled in with `values` (one key per placeholder name). Drizzle building a
 * long statement of many fragments cost more of the server's CPU than PostgreSQL running it
 * (explore's three pages a request: ~0.4 ms of ~4.5). A kept statement is named by a hash of its
 * text (on PostgreSQL each connection prepares it once; PGlite ignores the name).
 *
 * `shape` null: a statement of a shape that is not kept (SQL of a caller's own inside it), built
 * now and sent as any other. Rows come as `db.execute` gives them (timestamps as text).
 */
export async function shapedRows<T>(
  db: Database,
  shape: string | null,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  const made = (kept: boolean) => {
    const built = dialect.sqlToQuery(build());
    return prepare(db, built, kept ? statementName('plaza_shape_', built.sql) : undefined);
  };
  const statement = shape === null ? made(false) : builtOncePerShape(db, `rows:${shape}`, made);
  const result = await statement.execute(values);
  return result.rows as T[];
}

/**
 * shapedRows for a statement whose plan does not depend on its values but whose estimates do: the
 * rows changed in the last minutes that search's pages and explore's shared cuts read beside their
 * kept lists (`rankedOrChanged`). With a few hundred such rows PostgreSQL planned these statements
 * afresh at every execution, longer than they ran (decision 0043 and its later note of 2026-12-06).
 * On PostgreSQL with named statements it runs, named after its text (`namePrefix` and a hash), on
 * the store's pool of generic plans, rows parsed by pg itself; elsewhere (PGlite, a pooler without
 * named statements) as shapedRows, as is a statement of a shape that is not kept (`shape` null, as
 * for shapedRows). Callers read numbers through `Number`.
 */
export async function genericPlanShapedRows<T>(
  store: Store,
  shape: string | null,
  build: () => SQL,
  values: Record<string, unknown>,
  namePrefix: string,
): Promise<T[]> {
  if (!store.genericPlanRows || shape === null) return shapedRows<T>(store.db, shape, build, values);
  const statement = shapedQuery(store.db, shape, build, namePrefix);
  return store.genericPlanRows<T>(statement.name, statement.sql, fillPlaceholders(statement.params, values));
}
