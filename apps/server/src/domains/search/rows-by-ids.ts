import type { Database } from '../../db/client.ts';
import type { groups, users } from '../../db/schema/index.ts';
import { anyOf } from '../../db/id-array.ts';

/** Full rows of `table` for `ids`, in the order of `ids` (ids without a row are left out). */
export async function rowsByIds<T extends typeof groups | typeof users>(
  db: Database,
  table: T,
  ids: readonly number[],
): Promise<Array<T['$inferSelect']>> {
  if (ids.length === 0) return [];
  const found = (await db
    .select()
    .from(table as typeof groups)
    .where(anyOf((table as typeof groups).id, ids))) as Array<T['$inferSelect']>;
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
