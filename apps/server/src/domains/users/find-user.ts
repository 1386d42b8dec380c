import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** A person's row by id: every signed-in request reads the viewer's (require-viewer-user.ts). */
const userById = preparedStatement((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('plaza_user_by_id'),
);

export async function findUser(db: Database, id: number): Promise<UserRow | null> {
  const [user] = await userById(db).execute({ id });
  return user ?? null;
}
