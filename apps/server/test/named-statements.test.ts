import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/client.ts';
import { NAMED_AFTER_USES } from '../src/db/named-statements.ts';
import { users } from '../src/db/schema/index.ts';

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

describe.skipIf(!url)(`named statements (${url ? 'PostgreSQL' : 'skipped: needs DATABASE_URL'})`, () => {
  it('are prepared once on a connection when a text is used often', async () => {
    const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://' });
    try {
      const prepared = await preparedAfterUses(store);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^p[\w-]{22}$/);
      expect(prepared[0]!.statement).toContain('"users"."id" = $1 AND true');
    } finally {
      await store.close();
    }
  });

  it('are not prepared with PLAZA_DATABASE_NAMED_STATEMENTS off (a pooler in transaction mode)', async () => {
    const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://', namedStatements: false });
    try {
      expect(await preparedAfterUses(store)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
