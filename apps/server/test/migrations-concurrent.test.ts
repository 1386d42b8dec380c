import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStore } from '../src/db/client.ts';

const adminUrl = process.env.DATABASE_URL;

/** Several processes starting together on a new database, as a deploy of N processes does (decision 0021). */
describe.skipIf(!adminUrl)(`migrations (${adminUrl ? 'PostgreSQL' : 'skipped: needs DATABASE_URL'})`, () => {
  it('are applied once when three stores open a new database at the same time', async () => {
    const name = `plaza_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = Object.assign(new URL(adminUrl!), { pathname: `/${name}` }).toString();
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openStore({ databaseUrl: url, pgliteDir: 'memory://' })),
      );
      const stores = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      await Promise.all(stores.map((store) => store.close()));
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
