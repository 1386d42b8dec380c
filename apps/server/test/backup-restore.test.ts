import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlaza, type Plaza } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { chatApi } from './support/chats.ts';
import { newPerson, type Person } from './support/people.ts';

/**
 * Issue 12 point 5: a backup made by `npm run backup` and put back by `npm run restore`
 * (scripts/backup.ts, restore.ts; docs/backups.md) holds every message. Chats and messages are
 * written through the API, the backup is restored into a new store, a new Plaza starts on it, and
 * every message is read back through the API with the same sign-in (sessions are in the store).
 * The embedded store: the data folder of a stopped Plaza. PostgreSQL (only with DATABASE_URL, as
 * the other PostgreSQL tests): pg_dump -Fc, pg_restore into a fresh database.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runScript(name: 'backup' | 'restore', folder: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', `${name}.ts`), folder], {
    cwd: root,
    encoding: 'utf8',
    // Only what the scripts read: the store's place, never the suite's own DATABASE_URL.
    env: { PATH: process.env.PATH, ...env },
  });
  expect(run.status, `${name}: ${run.stderr}`).toBe(0);
}

/** A TestPlaza around a Plaza opened on an existing store (the harness always starts fresh). */
function wrap(plaza: Plaza, dataDir: string): TestPlaza {
  let listening: Promise<string> | null = null;
  return {
    plaza,
    dataDir,
    async gql<TData>(
      query: string,
      variables?: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) {
      const response = await plaza.yoga.fetch('http://plaza.test/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, ...(await response.json()) } as GraphQLResponse<TData>;
    },
    url() {
      listening ??= plaza.listen(0, '127.0.0.1').then((port) => `http://127.0.0.1:${port}`);
      return listening;
    },
    close: () => plaza.close(),
  };
}

async function openPlaza(dataDir: string, env: Record<string, string> = {}, pgliteDir?: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PLAZA_DATA_DIR: dataDir,
    PUBLIC_URL: 'http://plaza.test',
    TRUST_PROXY: '1',
    PLAZA_DEMO: '0',
    ...env,
  });
  const plaza = await createPlaza(config, {
    web: false,
    logger: pino({ level: 'silent' }),
    ...(pgliteDir ? { pgliteDir } : {}),
  });
  return wrap(plaza, dataDir);
}

interface Written {
  ana: Person;
  chats: Array<{ key: string; texts: string[] }>;
}

/** Three direct chats with messages from both sides, a thread reply and some unicode, via the API. */
async function writeChats(t: TestPlaza): Promise<Written> {
  const api = chatApi(t);
  const ana = await newPerson(t, 'Ana');
  const chats: Written['chats'] = [];
  for (const name of ['Ben', 'Cai', 'Dee']) {
    const other = await newPerson(t, name);
    const key = await api.openDm(ana, other.userId);
    const texts: string[] = [];
    for (let i = 0; i < 12; i++) {
      const text = `${name} ${i} — olá 👋 ${randomBytes(4).toString('hex')}`;
      await api.sent(i % 2 === 0 ? ana : other, key, text);
      texts.push(text);
    }
    chats.push({ key, texts });
  }
  return { ana, chats };
}

async function readBack(t: TestPlaza, written: Written) {
  for (const chat of written.chats) {
    const res = await t.gql<{ chat: { messages: { messages: Array<{ text: string }> } } }>(
      'query ($k: String!) { chat(key: $k) { messages(after: 0, limit: 200) { messages { text } } } }',
      { k: chat.key },
      written.ana.headers,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.chat.messages.messages.map((m) => m.text)).toEqual(chat.texts);
  }
}

describe('backup and restore', () => {
  it('the embedded store: a copy of a stopped Plaza’s data folder holds every message', async () => {
    const first = await mkdtemp(path.join(tmpdir(), 'plaza-backup-a-'));
    const second = await mkdtemp(path.join(tmpdir(), 'plaza-backup-b-'));
    const backup = path.join(await mkdtemp(path.join(tmpdir(), 'plaza-backup-')), 'copy');
    cleanups.push(() =>
      Promise.all([first, second, path.dirname(backup)].map((d) => rm(d, { recursive: true, force: true }))),
    );
    // Embedded on disk even when the suite runs on PostgreSQL.
    const a = await openPlaza(first, {}, path.join(first, 'db'));
    const written = await writeChats(a);
    await readBack(a, written);
    await a.close();

    runScript('backup', backup, { PLAZA_DATA_DIR: first });
    expect((await readdir(backup)).sort()).toContain('db');
    runScript('restore', backup, { PLAZA_DATA_DIR: second });
    // Restoring never overwrites a store.
    const again = spawnSync(process.execPath, [path.join(root, 'scripts/restore.ts'), backup], {
      env: { PATH: process.env.PATH, PLAZA_DATA_DIR: second },
      encoding: 'utf8',
    });
    expect(again.status).not.toBe(0);

    const b = await openPlaza(second, {}, path.join(second, 'db'));
    try {
      await readBack(b, written);
    } finally {
      await b.close();
    }
  }, 120_000);

  const adminUrl = process.env.DATABASE_URL;
  it.skipIf(!adminUrl)(
    `PostgreSQL: pg_dump -Fc restored into a fresh database holds every message${adminUrl ? '' : ' (skipped: needs DATABASE_URL)'}`,
    async () => {
      const t = await startTestPlaza({ TRUST_PROXY: '1' });
      cleanups.push(() => t.close());
      const written = await writeChats(t);
      const source = t.plaza.platform.config.databaseUrl!;
      const backup = path.join(await mkdtemp(path.join(tmpdir(), 'plaza-backup-')), 'dump');
      cleanups.push(() => rm(path.dirname(backup), { recursive: true, force: true }));
      runScript('backup', backup, { DATABASE_URL: source, PLAZA_DATA_DIR: t.dataDir });
      expect(await readdir(backup)).toContain('plaza.dump');

      const name = `plaza_restore_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      });
      const target = new URL(adminUrl!);
      target.pathname = `/${name}`;
      const restoredDir = await mkdtemp(path.join(tmpdir(), 'plaza-restored-'));
      cleanups.push(() => rm(restoredDir, { recursive: true, force: true }));
      runScript('restore', backup, { DATABASE_URL: target.toString(), PLAZA_DATA_DIR: restoredDir });

      const restored = await openPlaza(restoredDir, { DATABASE_URL: target.toString() });
      try {
        await readBack(restored, written);
      } finally {
        await restored.close();
      }
    },
    120_000,
  );
});
