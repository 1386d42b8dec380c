import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openStore } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded store's data folder, dumped to this file (PGlite runs). */
    pgliteTemplateFile: string | null;
    /** A migrated PostgreSQL database every test file's scratch database is copied from. */
    postgresTemplate: string | null;
  }
}

/**
 * Runs every migration once for the whole API suite, so each test file starts from a copy of a
 * migrated store instead of migrating its own: on PGlite the dump of a migrated data folder
 * (loading one takes a fraction of initdb plus 20-odd migrations), on PostgreSQL a template
 * database that `CREATE DATABASE … TEMPLATE` copies. The harness still runs the migrator on the
 * copy (finding nothing to do), so a template that fell behind the migrations cannot pass unseen.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `plaza_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const store = await openStore({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    await store.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplateFile', null);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const store = await openStore({ pgliteDir: 'memory://' });
  const client = (store.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await store.close();
  const file = path.join(tmpdir(), `plaza-test-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', null);
  return async () => {
    await rm(file, { force: true });
  };
}
