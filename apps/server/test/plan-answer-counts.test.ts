import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/domains/social/social-sql.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildPlan, buildUser, buildUsers } from './support/factories.ts';
import { newPerson } from './support/people.ts';

// plan_answer_counts is kept by triggers on plan_responses (migration 0028, decision 0049): after
// every kind of statement that changes answers it must hold the answers counted, for each plan and
// occurrence, and no row for a plan that is gone.

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

const KINDS = ['attending', 'interested', 'next_time', 'unattending', 'unanswered'] as const;

/** Each plan's and occurrence's counts, as a map `plan:occurrence` → five numbers, from `source`. */
async function countsFrom(source: 'stored' | 'counted', planIds: number[]) {
  const ids = `{${planIds.join(',')}}`;
  const found = await rows<Record<string, string | number>>(
    t.plaza.platform.store.db,
    source === 'stored'
      ? sql`SELECT plan_id, occurrence, attending, interested, next_time, unattending, unanswered
          FROM plan_answer_counts WHERE plan_id = ANY(${ids}::int[])
            AND (attending, interested, next_time, unattending, unanswered) <> (0, 0, 0, 0, 0)`
      : sql`SELECT plan_id, occurrence,
            count(*) FILTER (WHERE response = 'ATTENDING') AS attending,
            count(*) FILTER (WHERE response = 'INTERESTED') AS interested,
            count(*) FILTER (WHERE response = 'NEXT_TIME') AS next_time,
            count(*) FILTER (WHERE response = 'UNATTENDING') AS unattending,
            count(*) FILTER (WHERE response IS NULL) AS unanswered
          FROM plan_responses WHERE plan_id = ANY(${ids}::int[])
          GROUP BY plan_id, occurrence
          HAVING count(*) FILTER (WHERE response IS DISTINCT FROM 'UNINTERESTED') > 0`,
  );
  return Object.fromEntries(
    found.map((row) => [`${row.plan_id}:${row.occurrence}`, KINDS.map((kind) => Number(row[kind]))]),
  );
}

async function expectKept(planIds: number[], expected: Record<string, number[]>) {
  expect(await countsFrom('counted', planIds)).toEqual(expected);
  expect(await countsFrom('stored', planIds)).toEqual(expected);
}

describe('a plan’s answer counts', () => {
  it('follow every insert, change of answer, upsert and delete, and the cascades of a person or a plan deleted', async () => {
    const db = t.plaza.platform.store.db;
    const host = await buildUser(db, 'Host');
    const people = await buildUsers(db, 'Guest', 6);
    const [p0, p1, p2, p3, p4, p5] = people.map((person) => person.id) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const { plan: a } = await buildPlan(db, host.id);
    const { plan: b } = await buildPlan(db, host.id);
    const ids = [a!.id, b!.id];
    const [A, B] = [`${a!.id}:`, `${b!.id}:`];
    const B5 = `${b!.id}:2030-01-05`;
    await expectKept(ids, {});

    // One statement for both plans and an occurrence: answers, an invitation, an uncounted answer.
    await db.execute(sql`INSERT INTO plan_responses (plan_id, user_id, occurrence, response, invited) VALUES
      (${a!.id}, ${p0}, '', 'ATTENDING', false), (${a!.id}, ${p1}, '', 'INTERESTED', false),
      (${a!.id}, ${p2}, '', NULL, true), (${a!.id}, ${p3}, '', 'UNINTERESTED', false),
      (${b!.id}, ${p0}, '', 'NEXT_TIME', false), (${b!.id}, ${p1}, '2030-01-05', 'ATTENDING', false),
      (${b!.id}, ${p2}, '2030-01-05', 'UNATTENDING', true)`);
    await expectKept(ids, { [A]: [1, 1, 0, 0, 1], [B]: [0, 0, 1, 0, 0], [B5]: [1, 0, 0, 1, 0] });

    // The invited answers, an answer changes, one goes to an uncounted answer, others change
    // only what is not counted (a statement over both plans).
    await db.execute(
      sql`UPDATE plan_responses SET response = 'ATTENDING' WHERE plan_id = ${a!.id} AND user_id = ${p2}`,
    );
    await db.execute(
      sql`UPDATE plan_responses SET response = 'UNINTERESTED' WHERE plan_id = ${a!.id} AND user_id = ${p1}`,
    );
    await db.execute(
      sql`UPDATE plan_responses SET response = 'INTERESTED' WHERE plan_id = ${b!.id} AND user_id = ${p1}`,
    );
    await db.execute(sql`UPDATE plan_responses SET updated_at = now(), invited = true WHERE user_id = ${p0}`);
    await expectKept(ids, { [A]: [2, 0, 0, 0, 0], [B]: [0, 0, 1, 0, 0], [B5]: [0, 1, 0, 1, 0] });

    // An upsert that inserts one answer and changes another.
    await db.execute(sql`INSERT INTO plan_responses (plan_id, user_id, occurrence, response) VALUES
      (${a!.id}, ${p4}, '', 'NEXT_TIME'), (${a!.id}, ${p0}, '', 'UNATTENDING')
      ON CONFLICT (plan_id, occurrence, user_id) DO UPDATE SET response = excluded.response`);
    await expectKept(ids, { [A]: [1, 0, 1, 1, 0], [B]: [0, 0, 1, 0, 0], [B5]: [0, 1, 0, 1, 0] });

    // An answer taken back, an answer back to an invitation, a person deleted (their answers go
    // by cascade).
    await db.execute(sql`DELETE FROM plan_responses WHERE plan_id = ${a!.id} AND user_id = ${p4}`);
    await db.execute(
      sql`UPDATE plan_responses SET response = NULL WHERE plan_id = ${b!.id} AND user_id = ${p2}`,
    );
    await db.execute(sql`DELETE FROM users WHERE id = ${p0}`);
    await expectKept(ids, { [A]: [1, 0, 0, 0, 0], [B5]: [0, 1, 0, 0, 1] });

    // A plan deleted takes its answers and its counts with it; the other keeps its own.
    await db.execute(
      sql`INSERT INTO plan_responses (plan_id, user_id, response) VALUES (${a!.id}, ${p5}, 'ATTENDING')`,
    );
    await db.execute(sql`DELETE FROM plans WHERE id = ${a!.id}`);
    await expectKept(ids, { [B5]: [0, 1, 0, 0, 1] });
    const left = await rows<{ n: string | number }>(
      db,
      sql`SELECT count(*) AS n FROM plan_answer_counts WHERE plan_id = ${a!.id}`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('are what the API shows as people answer and change their answer', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const cai = await newPerson(t, 'Cai');
    const created = await t.gql<{ createPlan: { key: string } }>(
      `mutation ($plan: PlanInput!) { createPlan(plan: $plan) { key } }`,
      { plan: { title: 'Counted picnic', isPublic: true } },
      ana.headers,
    );
    expect(created.errors).toBeUndefined();
    const key = created.data!.createPlan.key;
    const answer = async (person: typeof ben, response: string) => {
      const done = await t.gql(
        'mutation ($key: String!, $r: PlanResponse!) { respondToPlan(key: $key, response: $r) { key } }',
        { key, r: response },
        person.headers,
      );
      expect(done.errors).toBeUndefined();
    };
    const count = async () => {
      const read = await t.gql<{ plan: { attendingOrInterestedCount: number } }>(
        `query ($key: String!) { plan(key: $key) { attendingOrInterestedCount } }`,
        { key },
        ana.headers,
      );
      expect(read.errors).toBeUndefined();
      return read.data!.plan.attendingOrInterestedCount;
    };
    const before = await count();
    await answer(ben, 'ATTENDING');
    await answer(cai, 'INTERESTED');
    expect(await count()).toBe(before + 2);
    await answer(ben, 'UNATTENDING');
    expect(await count()).toBe(before + 1);
  });
});
