import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/domains/social/social-sql.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { expectCountsKept } from './support/kept-counts.ts';
import { buildUser, buildUsers } from './support/factories.ts';
import { newPerson } from './support/people.ts';

// users.follower_count is kept by triggers on follows (migration 0029, decision 0051): after every
// kind of statement that changes follows it must equal the followers counted.

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

/** Each person's stored count and their followers counted, for the people given, in order. */
function countsOf(ids: number[]) {
  return sql`SELECT u.follower_count AS stored,
      (SELECT count(*) FROM follows f WHERE f.target_id = u.id AND f.status = 'FOLLOWING') AS counted
    FROM users u WHERE u.id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY u.id`;
}

const expectKept = (ids: number[], expected: number[]) =>
  expectCountsKept(t.plaza.platform.store.db, countsOf(ids), expected);

describe('a person’s follower count', () => {
  it('follows every insert, change of status, upsert and delete, and the cascade of a person deleted', async () => {
    const db = t.plaza.platform.store.db;
    const a = await buildUser(db, 'Alma');
    const b = await buildUser(db, 'Bruno');
    const [p0, p1, p2, p3] = (await buildUsers(db, 'Fan', 4)).map((person) => person.id) as [
      number,
      number,
      number,
      number,
    ];
    const ids = [a.id, b.id];
    await expectKept(ids, [0, 0]);

    // One statement for both people: followers, a request and a block.
    await t.plaza.platform.store.db.execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
      (${p0}, ${a.id}, 'FOLLOWING'), (${p1}, ${a.id}, 'REQUESTED'), (${p2}, ${a.id}, 'FOLLOWING'),
      (${p0}, ${b.id}, 'FOLLOWING'), (${p3}, ${b.id}, 'BLOCKED'), (${p2}, ${b.id}, 'FOLLOWING')`);
    await expectKept(ids, [2, 2]);

    // A request accepted, a follow turned into a block, an unrelated column changed.
    await db.execute(
      sql`UPDATE follows SET status = 'FOLLOWING' WHERE user_id = ${p1} AND target_id = ${a.id}`,
    );
    await db.execute(
      sql`UPDATE follows SET status = 'BLOCKED' WHERE user_id = ${p2} AND target_id = ${b.id}`,
    );
    await db.execute(sql`UPDATE follows SET created_at = now() WHERE user_id = ${p0}`);
    await expectKept(ids, [3, 1]);

    // An upsert that inserts one row and changes another.
    await db.execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
      (${p3}, ${b.id}, 'FOLLOWING'), (${p1}, ${b.id}, 'FOLLOWING')
      ON CONFLICT (user_id, target_id) DO UPDATE SET status = excluded.status`);
    await expectKept(ids, [3, 3]);

    // An unfollow, and a follower deleted (their follows go by cascade).
    await db.execute(sql`DELETE FROM follows WHERE user_id = ${p2} AND target_id = ${a.id}`);
    await db.execute(sql`DELETE FROM users WHERE id = ${p0}`);
    await expectKept(ids, [1, 2]);
  });

  it('is what follows and unfollows through the API leave', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const stored = async () =>
      Number((await rows<{ stored: number }>(t.plaza.platform.store.db, countsOf([ben.userId])))[0]!.stored);
    const act = async (action: string) => {
      const res = await t.gql(
        'mutation ($id: Int, $action: FriendshipAction!) { updateFriendship(userId: $id, action: $action) { friendshipStatus } }',
        { id: ben.userId, action },
        ana.headers,
      );
      expect(res.errors).toBeUndefined();
    };
    await act('FOLLOW');
    expect(await stored()).toBe(1);
    await act('DELETE');
    expect(await stored()).toBe(0);
  });
});
