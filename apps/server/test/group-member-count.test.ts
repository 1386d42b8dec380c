import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { expectCountsKept } from './support/kept-counts.ts';
import { buildGroup, buildUser, buildUsers } from './support/factories.ts';
import { newPerson } from './support/people.ts';

// groups.member_count is kept by triggers on group_members (migration 0026): after every kind of
// statement that changes members it must equal the members counted.

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

/** Each group's stored count and its members counted, for the groups given, in order. */
function countsOf(ids: number[]) {
  return sql`SELECT g.member_count AS stored,
      (SELECT count(*) FROM group_members m WHERE m.group_id = g.id AND m.status = 'member') AS counted
    FROM groups g WHERE g.id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY g.id`;
}

const expectKept = (ids: number[], expected: number[]) =>
  expectCountsKept(t.plaza.platform.store.db, countsOf(ids), expected);

describe('a group’s member count', () => {
  it('follows every insert, change of status, upsert and delete, and the cascades of a person or group deleted', async () => {
    const db = t.plaza.platform.store.db;
    const owner = await buildUser(db, 'Owner');
    const people = await buildUsers(db, 'Person', 6);
    const [p0, p1, p2, p3, p4, p5] = people.map((person) => person.id) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    // Each starts with its creator as owner.
    const { group: a } = await buildGroup(db, owner.id);
    const { group: b } = await buildGroup(db, owner.id);
    const ids = [a.id, b.id];
    await expectKept(ids, [1, 1]);

    // One statement for both groups, members and others.
    await db.execute(sql`INSERT INTO group_members (group_id, user_id, status) VALUES
      (${a.id}, ${p0}, 'member'), (${a.id}, ${p1}, 'requested'), (${a.id}, ${p2}, 'member'),
      (${b.id}, ${p0}, 'member'), (${b.id}, ${p3}, 'invited'), (${b.id}, ${p4}, 'member')`);
    await expectKept(ids, [3, 3]);

    // A request accepted, a member turned back to requested, an unrelated column changed.
    await db.execute(
      sql`UPDATE group_members SET status = 'member' WHERE group_id = ${a.id} AND user_id = ${p1}`,
    );
    await db.execute(
      sql`UPDATE group_members SET status = 'requested' WHERE group_id = ${b.id} AND user_id = ${p4}`,
    );
    await db.execute(sql`UPDATE group_members SET role = 'admin' WHERE user_id = ${p0}`);
    await expectKept(ids, [4, 2]);

    // An upsert that inserts one row and changes another.
    await db.execute(sql`INSERT INTO group_members (group_id, user_id, status) VALUES
      (${b.id}, ${p3}, 'member'), (${b.id}, ${p5}, 'member')
      ON CONFLICT (group_id, user_id) DO UPDATE SET status = excluded.status`);
    await expectKept(ids, [4, 4]);

    // Leaving, and a person deleted (their memberships go by cascade).
    await db.execute(sql`DELETE FROM group_members WHERE group_id = ${a.id} AND user_id = ${p2}`);
    await db.execute(sql`DELETE FROM users WHERE id = ${p0}`);
    await expectKept(ids, [2, 3]);

    // A group deleted takes its members with it; the other keeps its count.
    await db.execute(sql`DELETE FROM groups WHERE id = ${a.id}`);
    await expectKept([b.id], [3]);
  });

  it('is what the API shows as people join and leave', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const created = await t.gql<{ createGroup: { id: string; memberCount: number } }>(
      `mutation ($group: GroupInput!) { createGroup(group: $group) { id memberCount } }`,
      { group: { title: 'Counting walkers', isPublic: true } },
      ana.headers,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createGroup.id;
    expect(created.data!.createGroup.memberCount).toBe(1);
    const count = async () => {
      const read = await t.gql<{ group: { memberCount: number } }>(
        `query ($id: ID) { group(id: $id) { memberCount } }`,
        { id },
        ana.headers,
      );
      expect(read.errors).toBeUndefined();
      return read.data!.group.memberCount;
    };
    const joined = await t.gql(
      `mutation ($id: ID!) { joinGroup(id: $id) { viewerStatus } }`,
      { id },
      ben.headers,
    );
    expect(joined.errors).toBeUndefined();
    expect(await count()).toBe(2);
    const left = await t.gql(`mutation ($id: ID!) { leaveGroup(id: $id) }`, { id }, ben.headers);
    expect(left.errors).toBeUndefined();
    expect(await count()).toBe(1);
  });
});
