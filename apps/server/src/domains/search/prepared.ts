import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import type { Store } from '../../db/client.ts';
import { rows } from '../social/social-sql.ts';

const dialect = new PgDialect();

/**
 * The rows of `query` (a viewer's page of search results), with pg's own value parsing (callers
 * read ids, numbers, texts, and dates through `new Date`). On PostgreSQL it runs as a named
 * statement (named after its text, so each connection prepares it once) on the store's pool of
 * generic plans: its plan does not depend on the values, but the planner's estimate of the rows
 * changed in the last minutes does, and with a few thousand of them PostgreSQL kept planning it
 * afresh at every execution, 0.4-1.4 ms a statement, longer than it ran (decision 0043). On PGlite
 * (one process, no pool), or without named statements, it runs as any other query.
 */
export async function preparedRows<T>(store: Store, query: SQL): Promise<T[]> {
  if (!store.genericPlanRows) return rows<T>(store.db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return store.genericPlanRows<T>(name, text, params);
}
