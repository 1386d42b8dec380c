import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/client.ts';
import { inStatementGroup } from '../src/db/pipelining-pool.ts';
import { createScratchDatabase } from './harness.ts';

const adminUrl = process.env.DATABASE_URL;

/** The backend that ran a statement, and when it started and ended (clock_timestamp, ms). */
interface Ran {
  pid: number;
  n: number;
  started: number;
  ended: number;
}

const ran = (store: Store, n: number, sleepSeconds = 0) =>
  store.db
    .execute<{ pid: number; n: number; started: string; ended: string }>(
      sql`SELECT pg_backend_pid() AS pid, CAST(${n} AS int) AS n,
        CAST(extract(epoch FROM clock_timestamp()) * 1000 AS float8) AS started,
        CAST(extract(epoch FROM clock_timestamp() + make_interval(secs => ${sleepSeconds})) * 1000 AS float8) AS ended,
        pg_sleep(${sleepSeconds})`,
    )
    .then(({ rows: [row] }): Ran => ({
      pid: Number(row!.pid),
      n: Number(row!.n),
      started: Number(row!.started),
      ended: Number(row!.ended),
    }));

describe.skipIf(!adminUrl)(
  `a request's statements sent together (${adminUrl ? 'PostgreSQL' : 'skipped: needs DATABASE_URL'}; decision 0055)`,
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    /** The scratch database's name (pg_stat_activity's datname). */
    let name: string;
    let admin: pg.Client;
    let store: Store;
    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl!);
      name = new URL(scratch.url).pathname.slice(1);
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      store = await openStore({ databaseUrl: scratch.url, pgliteDir: 'memory://', poolSize: 4 });
    });
    afterAll(async () => {
      await store?.close();
      await admin?.end();
      await scratch?.drop();
    });

    it("sends a group's statements of one turn on one connection, each answered with its own rows", async () => {
      const before = store.statementGroups!();
      const answers = await inStatementGroup(() => Promise.all([1, 2, 3, 4, 5].map((n) => ran(store, n))));
      expect(answers.map((answer) => answer.n)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(answers.map((answer) => answer.pid)).size).toBe(1);
      // One after the other on that backend, in the order they were asked.
      for (let i = 1; i < answers.length; i++)
        expect(answers[i]!.started).toBeGreaterThanOrEqual(answers[i - 1]!.ended);
      expect(store.statementGroups!()).toEqual({
        groups: before.groups + 1,
        statements: before.statements + 5,
      });
    });

    it('sends statements outside any group at once, each on a connection of its own', async () => {
      const before = store.statementGroups!();
      const answers = await Promise.all([1, 2, 3].map((n) => ran(store, n, 0.2)));
      expect(new Set(answers.map((answer) => answer.pid)).size).toBe(3);
      expect(store.statementGroups!()).toEqual(before);
    });

    it("never puts one group's statements behind another's", async () => {
      const [slow, quick] = await Promise.all([
        inStatementGroup(() => Promise.all([ran(store, 1, 0.5), ran(store, 2)])),
        inStatementGroup(() => Promise.all([ran(store, 3), ran(store, 4)])),
      ]);
      expect(new Set(slow.map((answer) => answer.pid)).size).toBe(1);
      expect(new Set(quick.map((answer) => answer.pid)).size).toBe(1);
      expect(quick[0]!.pid).not.toBe(slow[0]!.pid);
      // The second group was answered while the first one's sleep still ran.
      expect(quick[1]!.ended).toBeLessThan(slow[0]!.ended);
    });

    it('groups statements asked in later turns apart: what awaits an answer goes in a group of its own', async () => {
      const pids = await inStatementGroup(async () => {
        const first = await Promise.all([ran(store, 1), ran(store, 2)]);
        const second = await Promise.all([ran(store, 3), ran(store, 4)]);
        return [first, second].map((answers) => new Set(answers.map((answer) => answer.pid)).size);
      });
      expect(pids).toEqual([1, 1]);
    });

    it("fails only the statement that failed; the group's others answer, and the next group finds a connection", async () => {
      const settled = await inStatementGroup(() =>
        Promise.allSettled([
          ran(store, 1),
          store.db.execute(sql`SELECT CAST('not a number' AS int)`),
          ran(store, 3),
        ]),
      );
      expect(settled.map((each) => each.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const error = (settled[1] as PromiseRejectedResult).reason as Error & { cause?: { code?: string } };
      expect(error.cause?.code ?? (error as { code?: string }).code).toBe('22P02');
      expect((settled[2] as PromiseFulfilledResult<Ran>).value.n).toBe(3);
      const again = await inStatementGroup(() => Promise.all([ran(store, 5), ran(store, 6)]));
      expect(again.map((answer) => answer.n)).toEqual([5, 6]);
    });

    it('rejects every statement of a group whose connection ends under it, and the pool goes on', async () => {
      const group = inStatementGroup(() =>
        Promise.allSettled([ran(store, 1, 5), ran(store, 2), ran(store, 3)]),
      );
      // The group's backend, found by its sleep, is ended as a restart of PostgreSQL would end it.
      let ended = false;
      for (let tries = 0; !ended && tries < 200; tries++) {
        const { rows } = await admin.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
           WHERE datname = $1 AND query LIKE '%pg_sleep%' AND state = 'active' AND pid <> pg_backend_pid()`,
          [name],
        );
        ended = rows.some((row) => row.ended);
        if (!ended) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(ended).toBe(true);
      const settled = await group;
      expect(settled.map((each) => each.status)).toEqual(['rejected', 'rejected', 'rejected']);
      const again = await inStatementGroup(() => Promise.all([ran(store, 4), ran(store, 5)]));
      expect(again.map((answer) => answer.n)).toEqual([4, 5]);
      expect(store.connections!().waiting).toBe(0);
    });

    it("keeps a transaction's statements on the transaction's own connection inside a group", async () => {
      await store.db.execute(sql`CREATE TABLE IF NOT EXISTS grouped_rows (n int)`);
      const [inside, beside] = await inStatementGroup(() =>
        Promise.all([
          store.db.transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO grouped_rows VALUES (1)`);
            const { rows } = await tx.execute<{ pid: number; n: number }>(
              sql`SELECT pg_backend_pid() AS pid, CAST(count(*) AS int) AS n FROM grouped_rows`,
            );
            return rows[0]!;
          }),
          ran(store, 7),
        ]),
      );
      expect(inside.n).toBe(1);
      expect(beside.n).toBe(7);
      expect(Number(inside.pid)).not.toBe(beside.pid);
      const { rows } = await store.db.execute<{ n: number }>(
        sql`SELECT CAST(count(*) AS int) AS n FROM grouped_rows`,
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('sends each statement alone, grouped or not, when statements go unnamed for a pooler', async () => {
      const plain = await openStore({
        databaseUrl: scratch.url,
        pgliteDir: 'memory://',
        poolSize: 4,
        namedStatements: false,
      });
      try {
        const answers = await inStatementGroup(() => Promise.all([1, 2, 3].map((n) => ran(plain, n, 0.2))));
        expect(answers.map((answer) => answer.n)).toEqual([1, 2, 3]);
        expect(new Set(answers.map((answer) => answer.pid)).size).toBe(3);
        expect(plain.statementGroups!()).toEqual({ groups: 0, statements: 0 });
      } finally {
        await plain.close();
      }
    });

    it('groups the statements of generic plans on their own pool likewise', async () => {
      const before = store.statementGroups!();
      const ask = 'SELECT pg_backend_pid() AS pid, CAST($1 AS int) AS n';
      const rows = await inStatementGroup(() =>
        Promise.all(
          [1, 2, 3].map((n) =>
            store.genericPlanRows!<{ pid: number; n: number }>('plaza_test_grouped', ask, [n]),
          ),
        ),
      );
      expect(rows.map((each) => Number(each[0]!.n))).toEqual([1, 2, 3]);
      expect(new Set(rows.map((each) => each[0]!.pid)).size).toBe(1);
      expect(store.statementGroups!().groups).toBe(before.groups + 1);
    });
  },
);
