/**
 * Plaza made in the benchmark's own process on the generated world of `npm run bench:seed`, with no
 * HTTP listener: bench/statements.ts and bench/inprocess.ts ask it the main queries through
 * `yoga.fetch`, signed in as the world's benchmark people.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { createPlaza, type Plaza } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { benchDatabaseUrl } from '../seed.ts';
import { readWorld, type Ask, type World } from './main-queries.ts';
import { dropBenchSessions, newAuthSecret } from './sessions.ts';

export interface InProcessPlaza {
  plaza: Plaza;
  /** A connection of the benchmark's own to the generated world. */
  client: pg.Client;
  world: World;
  /** One ask of a main query, posted through the whole GraphQL pipeline; resolves to its answer. */
  post(ask: ReturnType<Ask>): Promise<Response>;
  /** Closes Plaza, deletes the benchmark's sessions and its data folder. */
  close(): Promise<void>;
}

export async function openInProcessPlaza(name: string): Promise<InProcessPlaza> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  await client.connect();
  const secret = newAuthSecret();
  const dataDir = await mkdtemp(path.join(tmpdir(), `plaza-bench-${name}-`));
  const plaza = await createPlaza(
    loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: benchDatabaseUrl,
      AUTH_SECRET: secret,
      PLAZA_DATA_DIR: dataDir,
      PUBLIC_URL: 'http://plaza.bench',
    }),
    { web: false, logger: pino({ level: 'silent' }) },
  );
  const close = async () => {
    await plaza.close();
    await dropBenchSessions(client);
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  let world: World;
  try {
    world = await readWorld(client, secret);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    plaza,
    client,
    world,
    post: async ({ person, query, variables }) =>
      plaza.yoga.fetch('http://plaza.bench/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://plaza.bench',
          cookie: person?.cookie ?? '',
        },
        body: JSON.stringify({ query, variables }),
      }),
    close,
  };
}
