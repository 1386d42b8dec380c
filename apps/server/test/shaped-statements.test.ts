import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Database, type Store } from '../src/db/client.ts';
import { SHAPES_MAX, shapedRows } from '../src/db/shaped-statements.ts';

const url = process.env.DATABASE_URL;

/** A statement of a series of numbers, counting how often it is built. */
function counted(shape: string | null) {
  const made = { builds: 0 };
  const build = () => {
    made.builds += 1;
    return sql`SELECT n FROM generate_series(CAST(${sql.placeholder('from')} AS int),
      CAST(${sql.placeholder('to')} AS int)) AS n /* shaped test ${sql.raw(shape ?? 'none')} */`;
  };
  const read = (db: Database, from: number, to: number) =>
    shapedRows<{ n: number }>(db, shape, build, { from, to }).then((found) =>
      found.map((row) => Number(row.n)),
    );
  return { made, read };
}

describe(`statements built once per shape (${url ? 'PostgreSQL' : 'PGlite'})`, () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: url, pgliteDir: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  it('builds a shape once and fills it in with each call’s values', async () => {
    const { made, read } = counted(`series-${Date.now()}`);
    expect(await read(store.db, 1, 3)).toEqual([1, 2, 3]);
    expect(await read(store.db, 5, 6)).toEqual([5, 6]);
    expect(await Promise.all([read(store.db, 2, 2), read(store.db, 7, 9)])).toEqual([[2], [7, 8, 9]]);
    expect(made.builds).toBe(1);
  });

  it('builds a statement of no shape every time', async () => {
    const { made, read } = counted(null);
    expect(await read(store.db, 1, 2)).toEqual([1, 2]);
    expect(await read(store.db, 3, 3)).toEqual([3]);
    expect(made.builds).toBe(2);
  });

  it(`keeps at most ${SHAPES_MAX} shapes a store, and builds any further one each time`, async () => {
    const own = await openStore({ databaseUrl: url, pgliteDir: 'memory://' });
    try {
      const kept = Array.from({ length: SHAPES_MAX }, (_, index) => counted(`kept-${index}`));
      for (const [index, shape] of kept.entries())
        expect(await shape.read(own.db, index, index)).toEqual([index]);
      const further = counted('further');
      expect(await further.read(own.db, 1, 1)).toEqual([1]);
      expect(await further.read(own.db, 2, 2)).toEqual([2]);
      expect(further.made.builds).toBe(2);
      // The kept ones are still kept.
      expect(await kept[0]!.read(own.db, 4, 4)).toEqual([4]);
      expect(kept[0]!.made.builds).toBe(1);
    } finally {
      await own.close();
    }
  });

  it.skipIf(!url)(
    'prepares a shape on a PostgreSQL connection by the name of its text, unless names are off',
    async () => {
      const namesOn = async (options: { namedStatements?: boolean }) => {
        const own = await openStore({ databaseUrl: url, pgliteDir: 'memory://', ...options });
        let names: string[] = [];
        try {
          await own.db
            .transaction(async (tx) => {
              const { read } = counted('on-a-connection');
              const db = tx as unknown as Database;
              expect(await read(db, 1, 2)).toEqual([1, 2]);
              expect(await read(db, 3, 4)).toEqual([3, 4]);
              const found = await tx.execute<{ name: string }>(
                sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%shaped test on-a-connection%'`,
              );
              names = found.rows.map((row) => row.name);
              tx.rollback();
            })
            .catch((error: unknown) => {
              if (!(error instanceof TransactionRollbackError)) throw error;
            });
        } finally {
          await own.close();
        }
        return names;
      };
      const named = await namesOn({});
      expect(named).toHaveLength(1);
      expect(named[0]).toMatch(/^plaza_shape_[0-9a-f]{20}$/);
      expect(await namesOn({ namedStatements: false })).toEqual([]);
    },
  );
});
