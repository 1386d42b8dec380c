/**
 * The server on the generated world of `npm run bench:seed` (BENCH_DATABASE_URL), in its own
 * process with NODE_ENV=production and the run's AUTH_SECRET, and a database connection for the
 * benchmark to pick people and chats and to write their sessions (bench/support/sessions.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchDatabaseUrl } from '../seed.ts';
import { requireFreePort, spawnServer, stopServer, waitHealthy } from './server.ts';
import { dropBenchSessions, newAuthSecret } from './sessions.ts';

export interface WorldServer {
  base: string;
  server: ChildProcess;
  client: pg.Client;
  secret: string;
  dbName: string;
  stop(): Promise<void>;
}

/** A connection to the generated world's database (reported errors, not thrown), and its name. */
export async function openWorldClient(): Promise<{ client: pg.Client; dbName: string }> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  return { client, dbName: new URL(benchDatabaseUrl).pathname.slice(1) };
}

/** What a server process on the generated world runs with (its own PLAZA_DATA_DIR aside). */
export function worldServerEnv(secret: string, publicUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: benchDatabaseUrl,
    AUTH_SECRET: secret,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: publicUrl,
  };
}

export async function startWorldServer(port: number, env: Record<string, string> = {}): Promise<WorldServer> {
  await requireFreePort(port);
  const base = `http://127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  const { rowCount } = await client.query(`SELECT 1 FROM users WHERE key = 'bench000000001'`);
  if (!rowCount)
    throw new Error(`no generated world in ${benchDatabaseUrl}: run \`npm run bench:seed\` first`);
  const secret = newAuthSecret();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-bench-world-'));
  const server = spawnServer({
    port,
    dataDir,
    env: { ...worldServerEnv(secret, base), ...env },
  });
  await waitHealthy(port, { server });
  return {
    base,
    server,
    client,
    secret,
    dbName: new URL(benchDatabaseUrl).pathname.slice(1),
    async stop() {
      await stopServer(server);
      await dropBenchSessions(client);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** sendMessage over HTTP as `cookie`; throws unless the message comes back. */
export async function sendMessage(
  base: string,
  cookie: string,
  chatKey: string,
  clientId: string,
  text: string,
) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({
      query:
        'mutation ($k: String!, $c: String!, $t: String!) { sendMessage(chatKey: $k, clientId: $c, text: $t) { key seq } }',
      variables: { k: chatKey, c: clientId, t: text },
    }),
  });
  const json = (await response.json()) as { data?: { sendMessage?: { key: string } }; errors?: unknown };
  if (!json.data?.sendMessage || json.errors)
    throw new Error(JSON.stringify(json.errors ?? json).slice(0, 200));
}
