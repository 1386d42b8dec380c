import { oncePer } from '../once-per.ts';
import type { Database } from './client.ts';

/**
 * A statement Drizzle builds once per database handle and afterwards only fills in: building a
 * select of a whole row costs ~100 µs of CPU (the viewer's row, read by every signed-in request:
 * 130 µs a request at 50 req/s), while executing a prepared one copies its values in. `build` makes
 * the statement with `sql.placeholder(…)` where the values go and ends with `.prepare(name)`: on
 * PostgreSQL the name is the statement's prepared name on each connection (taken off when
 * PLAZA_DATABASE_NAMED_STATEMENTS is off, db/named-statements.ts); PGlite ignores it.
 *
 * Per handle: the store's db, or a transaction's, whose statement lives as long as it.
 */
export function preparedStatement<T>(build: (db: Database) => T): (db: Database) => T {
  return oncePer(build);
}
