import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PipeliningPool } from './pipelining-pool.ts';
import { namingClient } from './named-statements.ts';
import { presetDrizzleParsers } from './pglite-parsers.ts';
import { installLeanArrayResults } from './lean-results.ts';
import { installCompiledRowMapping } from './row-mapping.ts';
import * as schema from './schema/index.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Database = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Store {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** One round trip to the database; resolves when it answered. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (for /metrics), the generic plans' pool's included. */
  connections?(): PoolReading;
  /**
   * PostgreSQL only: a request's statements sent together on one connection so far (groups of two
   * or more, and their statements; db/pipelining-pool.ts), both pools summed.
   */
  statementGroups?(): { groups: number; statements: number };
  /**
   * PostgreSQL with named statements only: the rows of `text`, prepared as `name` on a connection of
   * a small pool of its own whose statements keep one generic plan from their first execution
   * (`plan_cache_mode = force_generic_plan`), with pg's own value parsing; counted as the store's
   * other statements are. For statements whose plan does not depend on their values but whose
   * estimates do (search's pages, explore's pages from a shared cut: decision 0043), so PostgreSQL
   * does not plan them afresh every time.
   * Elsewhere (PGlite, a pooler without prepared statements) undefined: run them as any other.
   */
  genericPlanRows?<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
}

/** A PostgreSQL pool's connections at one moment. */
export interface PoolReading {
  /** The most the pool opens (PLAZA_DATABASE_POOL_SIZE). */
  max: number;
  /** Open, running a statement or a transaction. */
  busy: number;
  /** Open and free. */
  idle: number;
  /** Statements or transactions waiting for a connection. */
  waiting: number;
}

const statementCounts = new AsyncLocalStorage<{
  statements: number;
  texts?: string[];
  params?: unknown[][];
}>();

/**
 * Runs `work` and counts the SQL statements it sent through the store's Drizzle client (every
 * query, transactions included; both drivers), for tests and benchmarks that check a request's
 * statements do not grow with the length of a list (issue 11), with their texts in order (`texts`)
 * for a test that a statement is not sent twice, and the parameters of each (`params`) for a test
 * that explains it. Outside it nothing is counted.
 */
export async function countStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: number; texts: string[]; params: unknown[][] }> {
  const counter = { statements: 0, texts: [] as string[], params: [] as unknown[][] };
  const result = await statementCounts.run(counter, work);
  return { result, statements: counter.statements, texts: counter.texts, params: counter.params };
}

/**
 * Like countStatements, for work that goes on after `start` returns (a subscription's events): what
 * `start` began, and everything it goes on to send, is counted until the end; `counted` reads the
 * number so far.
 */
export function countStatementsFrom<T>(start: () => T): { result: T; counted: () => number } {
  const counter = { statements: 0 };
  const result = statementCounts.run(counter, start);
  return { result, counted: () => counter.statements };
}

const statementCounter = {
  logQuery(query: string, params: unknown[]) {
    const counter = statementCounts.getStore();
    if (!counter) return;
    counter.statements += 1;
    counter.texts?.push(query);
    counter.params?.push(params);
  },
};

export interface StoreOptions {
  /** PostgreSQL connection string; without it Plaza uses embedded PGlite. */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL only: name each statement text so every connection parses it once and PostgreSQL may
   * keep its plan (db/named-statements.ts); off for a pooler that cannot keep prepared statements.
   * Default on.
   */
  namedStatements?: boolean | undefined;
  /** PostgreSQL only: connections the process keeps at most (defaultPoolSize()). */
  poolSize?: number | undefined;
  /** Folder of the embedded store; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  /**
   * A dump of an embedded store's data folder (PGlite's `dumpDataDir`) to start an in-memory store
   * from, instead of an empty one: the API tests start every file from one migrated copy rather than
   * running every migration again (several seconds per file). Migrations still run after it.
   */
  pgliteTemplate?: Blob | undefined;
}

/**
 * Connections to PostgreSQL a process keeps at most, unless PLAZA_DATABASE_POOL_SIZE says: two per
 * core of this machine, at least 4. More backends than the database's cores can run only take turns:
 * at 200 chat lists a second on 2 cores, 20 connections cost PostgreSQL 6.3 ms of CPU a list against
 * 3.3 with 4 (its processes switching and their caches cold), and answered fewer (decision 0037).
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(4, 2 * cores);
}

/**
 * Connections of the generic plans' pool (Store.genericPlanRows), besides the main pool of
 * `poolSize`: a quarter of it, at least 2 (decision 0043).
 */
export function genericPlanPoolSize(poolSize: number): number {
  return Math.max(2, Math.ceil(poolSize / 4));
}

/**
 * An in-memory store's buffer pool: its pages are in memory already (PGlite's in-memory file
 * system), so PostgreSQL's default 128 MB of shared buffers only held a second copy, and setting them
 * up was most of the store's start: an in-memory store from the API tests' template started in
 * 1.1-1.3 s with the defaults, 0.6-0.7 s with these (2026-12-02, 2 cores; every API test file starts
 * one). Stores on disk keep PostgreSQL's defaults.
 */
const IN_MEMORY_BUFFERS = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];

export async function openStore(options: StoreOptions): Promise<Store> {
  installCompiledRowMapping();
  if (options.databaseUrl) {
    installLeanArrayResults();
    // Idle connections are kept 5 minutes (pg's default is 10 s): a new connection is a new
    // PostgreSQL backend whose first queries are slow (cold caches, prepared statements made again),
    // and at 50 searches a second bursts of new ones stalled every request for a second or two.
    // JIT off: Plaza's queries are short, but those with correlated subqueries (explore, search,
    // visibility rules) get cost estimates in the millions, and PostgreSQL then spent ~1.2 s
    // compiling each (EXPLAIN ANALYZE of explore near a city: 1,215 ms of JIT, 220 ms of work).
    const named = options.namedStatements !== false;
    const poolSize = options.poolSize ?? defaultPoolSize();
    // A request's statements asked at once go together (decision 0055), unless for a pooler.
    const pool = new PipeliningPool(
      {
        connectionString: options.databaseUrl,
        max: poolSize,
        idleTimeoutMillis: 300_000,
        options: '-c jit=off',
        Client: namingClient({ named }),
      },
      named,
    );
    // Opens no connection until its first statement (pg connects on demand).
    const genericPool = named
      ? new PipeliningPool({
          connectionString: options.databaseUrl,
          max: genericPlanPoolSize(poolSize),
          idleTimeoutMillis: 300_000,
          options: '-c jit=off -c plan_cache_mode=force_generic_plan',
        })
      : null;
    for (const each of [pool, genericPool]) {
      if (!each) continue;
      // An idle connection the server ends (a restart, a dropped database) emits 'error' on the
      // pool; without a listener that would end the process. The pool drops that client and the
      // next query opens a new connection; a query in flight still gets its own error.
      each.on('error', () => undefined);
      // The same for a connection checked out but between two queries (a transaction awaiting, a
      // PostgreSQL restart: bench/faults.ts saw both processes end on 57P01). Its next query fails
      // and the pool drops it on release (it is no longer queryable).
      each.on('connect', (client) => client.on('error', () => undefined));
    }
    const db = drizzlePg(pool, { schema, logger: statementCounter });
    // Processes starting together on a database that needs migrations take turns: without the lock
    // all but one failed their start (CREATE EXTENSION and CREATE TABLE racing; decision 0021).
    // The lock is held by a connection of its own, outside the pool (a pool of one would otherwise
    // wait for itself), and ends with it.
    const lock = new pg.Client({ connectionString: options.databaseUrl });
    lock.on('error', () => undefined);
    await lock.connect();
    try {
      await lock.query(`SELECT pg_advisory_lock(hashtext('plaza:migrations'))`);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.end().catch(() => undefined);
    }
    // Both pools' readings summed (connections, statementGroups).
    const pools = genericPool ? [pool, genericPool] : [pool];
    const sum = (of: (each: PipeliningPool) => number) => pools.reduce((total, each) => total + of(each), 0);
    return {
      kind: 'postgres',
      db,
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await Promise.all([pool.end(), genericPool?.end()]);
      },
      connections: () => {
        return {
          max: sum((each) => each.options.max),
          busy: sum((each) => each.totalCount - each.idleCount),
          idle: sum((each) => each.idleCount),
          waiting: sum((each) => each.waitingCount),
        };
      },
      statementGroups: () => ({
        groups: sum((each) => each.grouped.groups),
        statements: sum((each) => each.grouped.statements),
      }),
      ...(genericPool && {
        genericPlanRows: async <T>(name: string, text: string, values: unknown[]) => {
          statementCounter.logQuery(text, values);
          const result = await (genericPool as pg.Pool).query({ name, text, values });
          return result.rows as T[];
        },
      }),
    };
  }
  const inMemory = options.pgliteDir.startsWith('memory://');
  if (!inMemory) await mkdir(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.pgliteDir, {
    extensions: { pg_trgm },
    ...(inMemory ? { startParams: [...PGlite.defaultStartParams, ...IN_MEMORY_BUFFERS] } : {}),
    ...(inMemory && options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  presetDrizzleParsers(client);
  const pgliteDb = drizzlePglite(client, { schema, logger: statementCounter });
  await migratePglite(pgliteDb, { migrationsFolder });
  // Both drivers speak the same Drizzle query API; the types differ only in their result wrappers.
  const db = pgliteDb as unknown as Database;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
