import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { rows } from '../social/social-sql.ts';

const dialect = new PgDialect();

/**
 * The rows of `query`, run on PostgreSQL as a named prepared statement (named after its text, so
 * each connection prepares it once), with pg's own value parsing (callers read ids, numbers,
 * texts, and dates through `new Date`). A viewer's page of results took longer to plan than to
 * run; prepared, PostgreSQL parses it once and keeps one generic plan once it has seen that one
 * serves as well as planning each time. On PGlite (one process, no pool) it runs as any other query.
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const client: unknown = db.$client;
  if (!(client instanceof pg.Pool)) return rows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}
