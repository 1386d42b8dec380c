import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPoolSize, genericPlanPoolSize, openStore } from '../src/db/client.ts';

const adminUrl = process.env.DATABASE_URL;

it('keeps two PostgreSQL connections a core by default, at least 4 (decision 0037)', () => {
  expect([1, 2, 3, 8].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 6, 16]);
});

it('keeps a quarter of that again, at least 2, for statements of generic plans (decision 0043)', () => {
  expect([1, 4, 6, 8, 9, 16].map((size) => genericPlanPoolSize(size))).toEqual([2, 2, 2, 2, 3, 4]);
});

describe.skipIf(!adminUrl)(
  `the connection pool (${adminUrl ? 'PostgreSQL' : 'skipped: needs DATABASE_URL'})`,
  () => {
    const name = `plaza_test_${randomBytes(6).toString('hex')}`;
    let admin: pg.Client;
    let url: string;
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      url = Object.assign(new URL(adminUrl!), { pathname: `/${name}` }).toString();
    });
    afterAll(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('opens no more connections than its size, however many statements wait', async () => {
      const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 2 });
      try {
        const backends = await Promise.all(
          Array.from({ length: 8 }, () =>
            store.db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`),
          ),
        );
        expect(new Set(backends.map((result) => result.rows[0]!.pid)).size).toBe(2);
        // The generic plans' pool (2 at most) opens none until a statement of its own.
        expect(store.connections!()).toEqual({ max: 4, busy: 0, idle: 2, waiting: 0 });
      } finally {
        await store.close();
      }
    });

    it('tells its busy, idle and waiting connections while statements wait for one', async () => {
      const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 2 });
      try {
        const running = Promise.all(
          Array.from({ length: 5 }, () => store.db.execute(sql`SELECT pg_sleep(0.3)`)),
        );
        // Until the first two connections are open and running, some statements still wait to connect.
        let now = store.connections!();
        for (let tries = 0; now.busy < 2 && tries < 100; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          now = store.connections!();
        }
        expect(now).toEqual({ max: 4, busy: 2, idle: 0, waiting: 3 });
        await running;
        expect(store.connections!()).toEqual({ max: 4, busy: 0, idle: 2, waiting: 0 });
      } finally {
        await store.close();
      }
    });

    it('runs statements of generic plans on a pool of their own, each planned once (decision 0043)', async () => {
      const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 2 });
      try {
        const mode = (rows: Array<{ mode: string }>) => rows[0]!.mode;
        const { rows: main } = await store.db.execute<{ mode: string }>(
          sql`SELECT current_setting('plan_cache_mode') AS mode`,
        );
        expect(mode(main)).toBe('auto');
        const ask = 'SELECT current_setting($1) AS mode, CAST($2 AS int) + 1 AS n';
        for (let time = 0; time < 3; time++) {
          const rows = await store.genericPlanRows!<{ mode: string; n: number }>('plaza_test_generic', ask, [
            'plan_cache_mode',
            time,
          ]);
          expect(rows).toEqual([{ mode: 'force_generic_plan', n: time + 1 }]);
        }
        // One after the other, the three ran on the pool's one connection opened so far.
        const planned = await store.genericPlanRows!<{ generic_plans: number; custom_plans: number }>(
          'plaza_test_planned',
          'SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = $1',
          ['plaza_test_generic'],
        );
        expect(planned).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
        expect(store.connections!()).toEqual({ max: 4, busy: 0, idle: 2, waiting: 0 });
      } finally {
        await store.close();
      }
      const unnamed = await openStore({
        databaseUrl: url,
        pgliteDir: 'memory://',
        poolSize: 2,
        namedStatements: false,
      });
      try {
        // Behind a pooler that cannot keep prepared statements there is no such pool.
        expect(unnamed.genericPlanRows).toBeUndefined();
        expect(unnamed.connections!().max).toBe(2);
      } finally {
        await unnamed.close();
      }
    });

    it('works with one connection: migrations under their lock, then a transaction and statements', async () => {
      const fresh = `${name}_one`;
      await admin.query(`CREATE DATABASE ${fresh}`);
      const freshUrl = Object.assign(new URL(adminUrl!), { pathname: `/${fresh}` }).toString();
      try {
        const store = await openStore({ databaseUrl: freshUrl, pgliteDir: 'memory://', poolSize: 1 });
        try {
          const inside = await store.db.transaction(async (tx) => {
            const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
            return rows[0]!.n;
          });
          const { rows } = await store.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
          expect(rows[0]!.n).toBe(inside);
        } finally {
          await store.close();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
      }
    });
  },
);
