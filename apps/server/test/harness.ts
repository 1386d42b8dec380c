import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createPlaza, type Plaza } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { inStatementGroup } from '../src/db/pipelining-pool.ts';
import type { Logger } from '../src/logger.ts';

export interface GraphQLResponse<TData = Record<string, unknown>> {
  status: number;
  data?: TData | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: { code?: string; field?: string } }>;
}

export interface TestPlaza {
  plaza: Plaza;
  dataDir: string;
  /**
   * Posts one GraphQL operation through the real HTTP pipeline (yoga.fetch, its statements grouped
   * as a request's are), as a signed-out visitor.
   */
  gql<TData = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<TData>>;
  /** Starts a real HTTP listener on loopback (once) and answers its base URL. */
  url(): Promise<string>;
  close(): Promise<void>;
}

export interface TestPlazaOptions {
  /** Defaults to a silent logger. */
  logger?: Logger;
  /** On PostgreSQL: the address Plaza is given for its scratch database (through a proxy, say). */
  databaseUrl?: (scratchUrl: string) => string;
}

/**
 * A fresh database on the PostgreSQL of DATABASE_URL, so test files never see each other's rows:
 * a copy of the suite's migrated template (global-setup.ts) when there is one.
 */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `plaza_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A Blob that also keeps its bytes in one piece, so `arrayBuffer()` is a copy of them: PGlite
 * reads a template through `arrayBuffer()`, which for Node's own Blob is a stream of chunks joined
 * again, ~270 ms of the ~650 ms that starting a store from the 44 MB template took (2026-12-02).
 */
class HeldBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy each time: one store must not see what another did to its buffer.
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

/** The suite's migrated embedded store (global-setup.ts), read once per worker. */
let pgliteTemplate: Promise<Blob> | null = null;
function migratedPglite(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new HeldBlob(new Uint8Array(bytes)));
  return pgliteTemplate;
}

/**
 * One Plaza per test file: PGlite in memory by default, or a scratch database on PostgreSQL when the
 * suite runs with DATABASE_URL (and Redis with REDIS_URL), exactly as the server would use them.
 */
export async function startTestPlaza(
  env: Record<string, string> = {},
  options: TestPlazaOptions = {},
): Promise<TestPlaza> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-test-'));
  const adminUrl = process.env.DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PLAZA_DATA_DIR: dataDir,
    PUBLIC_URL: 'http://plaza.test',
    ...(scratch ? { DATABASE_URL: options.databaseUrl?.(scratch.url) ?? scratch.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(process.env.PLAZA_DATABASE_POOL_SIZE
      ? { PLAZA_DATABASE_POOL_SIZE: process.env.PLAZA_DATABASE_POOL_SIZE }
      : {}),
    ...env,
  });
  const plaza = await createPlaza(config, {
    web: false,
    logger: options.logger ?? pino({ level: 'silent' }),
    pgliteDir: 'memory://',
    ...(scratch ? {} : { pgliteTemplate: await migratedPglite() }),
  });
  let listening: Promise<string> | null = null;
  return {
    plaza,
    dataDir,
    async gql(query, variables, headers = {}) {
      // As the HTTP server runs each request (create-http-app.ts): its statements asked together go
      // together on PostgreSQL (decision 0055).
      const response = await inStatementGroup(() =>
        plaza.yoga.fetch('http://plaza.test/graphql', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/graphql-response+json',
            ...headers,
          },
          body: JSON.stringify({ query, variables }),
        }),
      );
      return { status: response.status, ...(await response.json()) };
    },
    url() {
      listening ??= plaza.listen(0, '127.0.0.1').then((port) => `http://127.0.0.1:${port}`);
      return listening;
    },
    async close() {
      await plaza.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
