import { and, eq, or, sql } from 'drizzle-orm';
import type { Tie, TiePair } from '@plaza/core/friendship-transitions';
import type { Database } from '../../db/client.ts';
import { follows } from '../../db/schema/index.ts';

/** The two ties between `personId` and `otherId`, seen from `personId`. */
export async function readTiePair(db: Database, personId: number, otherId: number): Promise<TiePair> {
  const found = await db
    .select({ userId: follows.userId, status: follows.status })
    .from(follows)
    .where(
      or(
        and(eq(follows.userId, personId), eq(follows.targetId, otherId)),
        and(eq(follows.userId, otherId), eq(follows.targetId, personId)),
      ),
    );
  const tieOf = (from: number): Tie => found.find((row) => row.userId === from)?.status ?? 'none';
  return { out: tieOf(personId), in: tieOf(otherId) };
}

/** Writes both ties of a pair (no row for `none`). */
export async function writeTiePair(db: Database, personId: number, otherId: number, pair: TiePair) {
  for (const [from, to, tie] of [
    [personId, otherId, pair.out],
    [otherId, personId, pair.in],
  ] as const) {
    if (tie === 'none') {
      await db.delete(follows).where(and(eq(follows.userId, from), eq(follows.targetId, to)));
    } else {
      await db
        .insert(follows)
        .values({ userId: from, targetId: to, status: tie })
        .onConflictDoUpdate({
          target: [follows.userId, follows.targetId],
          set: {
            status: tie,
            createdAt: sql`CASE WHEN follows.status = ${tie} THEN follows.created_at ELSE now() END`,
          },
        });
    }
  }
}

/** Whether a block stands between two people, either way. */
export async function isBlockedBetween(db: Database, a: number, b: number): Promise<boolean> {
  const pair = await readTiePair(db, a, b);
  return pair.out === 'BLOCKED' || pair.in === 'BLOCKED';
}
