import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { oncePer } from '../once-per.ts';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/** Shapes one store keeps at most; a statement of any further shape is built each time. */
export const SHAPES_MAX = 500;

type Statement = ReturnType<typeof prepare>;

function prepare(db: Database, built: Query, name: string | undefined) {
  return db._.session.prepareQuery<{
    execute: { rows: unknown[] };
    all: unknown;
    values: unknown;
  }>(built, undefined, name, false);
}

const shapesOf = oncePer((_db: Database) => new Map<string, Statement>());

/**
 * The rows of a statement whose text depends on nothing but `shape`: `build` makes it with
 * `sql.placeholder(name)` where the values go, once per store and shape; afterwards it is only
 * filled in with `values` (one key per placeholder name). Drizzle building a long statement of
 * many fragments cost more of the server's CPU than PostgreSQL running it (explore's three pages
 * a request: ~0.4 ms of ~4.5). The statement is named by a hash of its text (on PostgreSQL each
 * connection prepares it once; PGlite ignores the name).
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
  const shapes = shapesOf(db);
  let statement = shape === null ? undefined : shapes.get(shape);
  if (statement === undefined) {
    const built = dialect.sqlToQuery(build());
    if (shape !== null && shapes.size < SHAPES_MAX) {
      const name = `plaza_shape_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
      statement = prepare(db, built, name);
      shapes.set(shape, statement);
    } else statement = prepare(db, built, undefined);
  }
  const result = await statement.execute(values);
  return result.rows as T[];
}
