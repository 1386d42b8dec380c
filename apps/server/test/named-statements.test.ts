import { sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openStore, type Database, type Store } from '../src/db/client.ts';
import { NAMED_AFTER_USES } from '../src/db/named-statements.ts';
import { users } from '../src/db/schema/index.ts';
import { findUser } from '../src/domains/users/find-user.ts';

const url = process.env.DATABASE_URL;

/** The statements prepared by name on the connection of one transaction, after the same query often. */
async function preparedAfterUses(store: Store): Promise<Array<{ name: string; statement: string }>> {
  return store.db.transaction(async (tx) => {
    for (let use = 0; use < NAMED_AFTER_USES + 2; use++)
      await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.id} = ${-use - 1} AND true /* named test */`);
    const found = await tx.execute<{ name: string; statement: string }>(
      sql`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%named test%'`,
    );
    return [...found.rows];
  });
}

interface PreparedRead {
  id: number;
  rows: Array<{ id: number; first: string } | null>;
  names: string[];
}

/**
 * A new person's row read twice through findUser (a statement prepared once, db/prepared.ts) and a
 * missing one, on one transaction's connection, with the names prepared on that connection; rolled
 * back after.
 */
async function findUserOnOneConnection(store: Store): Promise<PreparedRead> {
  let read: PreparedRead | null = null;
  await store.db
    .transaction(async (tx) => {
      const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const [made] = await tx
        .insert(users)
        .values({ key: `prep${suffix}`, username: `prep_${suffix}`, first: 'Pre', last: 'Pared' })
        .returning({ id: users.id });
      const db = tx as unknown as Database;
      const rows = [await findUser(db, made!.id), await findUser(db, made!.id), await findUser(db, -1)];
      const found = await tx.execute<{ name: string }>(
        sql`SELECT name FROM pg_prepared_statements WHERE name = 'plaza_user_by_id'`,
      );
      read = {
        id: made!.id,
        rows: rows.map((row) => row && { id: row.id, first: row.first }),
        names: found.rows.map((row) => row.name),
      };
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  if (!read) throw new Error('the transaction did not read');
  return read;
}

describe.skipIf(!url)(`named statements (${url ? 'PostgreSQL' : 'skipped: needs DATABASE_URL'})`, () => {
  it('are prepared once on a connection when a text is used often', async () => {
    const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://' });
    try {
      const prepared = await preparedAfterUses(store);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^p[\w-]{22}$/);
      expect(prepared[0]!.statement).toContain('"users"."id" = $1 AND true');
      // A statement Plaza prepares itself keeps its own name, and reads right each time.
      const read = await findUserOnOneConnection(store);
      expect(read.names).toEqual(['plaza_user_by_id']);
      expect(read.rows).toEqual([{ id: read.id, first: 'Pre' }, { id: read.id, first: 'Pre' }, null]);
    } finally {
      await store.close();
    }
  });

  it('are not prepared with PLAZA_DATABASE_NAMED_STATEMENTS off (a pooler in transaction mode)', async () => {
    const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://', namedStatements: false });
    try {
      expect(await preparedAfterUses(store)).toEqual([]);
      // Its own prepared statements go unnamed too, and read the same.
      const read = await findUserOnOneConnection(store);
      expect(read.names).toEqual([]);
      expect(read.rows).toEqual([{ id: read.id, first: 'Pre' }, { id: read.id, first: 'Pre' }, null]);
    } finally {
      await store.close();
    }
  });
});
