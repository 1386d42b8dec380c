import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOT_USER_ID } from '@plaza/core/constants';
import { DELETED_USER_KEY, follows, users } from '../src/db/schema/index.ts';
import { isVerifiedUser, sharesOrganizationWith } from '../src/domains/organizations/organization-sql.ts';
import { listFollowSuggestions, type SuggestionSource } from '../src/domains/social/follow-suggestions.ts';
import { FRIEND_PAIRS, blockedBetween, rows } from '../src/domains/social/social-sql.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan, buildUsers } from './support/factories.ts';

// Follow suggestions rank only the people who could be on the page (follow-suggestions.ts). The
// reference here scores every person with the rule itself, as the statement did before: on a small
// world of friendships, follows, requests, blocks, groups, plans and verified people, both give the
// same people in the same order, for several people and page sizes.

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

/** The rule, scored for every person (the statement before 2026-12-06). */
async function reference(viewerId: number, sources: readonly SuggestionSource[], limit: number) {
  const isVerified = isVerifiedUser(sql`u.id`, sql`u.is_verified`);
  const filters = [
    ...(sources.includes('ORGANIZATION_USERS') ? [sharesOrganizationWith(viewerId, sql`u.id`)] : []),
    ...(sources.includes('VERIFIED_USERS') ? [isVerified] : []),
    ...(sources.includes('REGULAR_USERS') ? [sql`NOT ${isVerified}`] : []),
  ];
  const found = await rows<{ id: number }>(
    t.plaza.platform.store.db,
    sql`WITH mine AS (SELECT friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId}),
         my_groups AS (SELECT group_id FROM group_members WHERE user_id = ${viewerId} AND status = 'member'),
         my_plans AS (SELECT plan_id FROM plan_responses WHERE user_id = ${viewerId}
                        AND response IN ('ATTENDING', 'INTERESTED')
                      UNION SELECT id FROM plans WHERE creator_id = ${viewerId})
    SELECT u.id,
      (SELECT count(*) FROM ${FRIEND_PAIRS} f WHERE f.person = u.id AND f.friend IN (SELECT friend FROM mine)) AS mutual,
      (SELECT count(*) FROM group_members gm WHERE gm.user_id = u.id AND gm.status = 'member'
         AND gm.group_id IN (SELECT group_id FROM my_groups)) AS groups,
      (SELECT count(*) FROM plan_responses pr WHERE pr.user_id = u.id AND pr.response IN ('ATTENDING', 'INTERESTED')
         AND pr.plan_id IN (SELECT plan_id FROM my_plans)) AS plans,
      EXISTS (SELECT 1 FROM follows fm WHERE fm.user_id = u.id AND fm.target_id = ${viewerId}
         AND fm.status = 'FOLLOWING') AS follows_me,
      ${isVerified} AS verified,
      ${sharesOrganizationWith(viewerId, sql`u.id`)} AS in_my_organization
    FROM users u
    WHERE u.id <> ${viewerId} AND u.id <> ${BOT_USER_ID} AND u.key <> ${DELETED_USER_KEY}
      AND u.onboarded_at IS NOT NULL AND (${sql.join(filters, sql` OR `)})
      AND NOT EXISTS (SELECT 1 FROM follows t WHERE t.user_id = ${viewerId} AND t.target_id = u.id)
      AND NOT ${blockedBetween(viewerId, sql`u.id`)}
    ORDER BY mutual DESC, in_my_organization DESC, groups DESC, plans DESC, follows_me DESC,
      verified DESC, u.created_at DESC, u.id
    LIMIT ${limit}`,
  );
  return found.map((row) => Number(row.id));
}

it('suggests the same people in the same order as scoring everyone would', async () => {
  const db = t.plaza.platform.store.db;
  // A seeded generator, so a failure shows again.
  let seed = 20261206;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const people = await buildUsers(db, 'Sug', 60);
  for (const [index, person] of people.entries()) {
    await db
      .update(users)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + (index % 9))), isVerified: random() < 0.15 })
      .where(eq(users.id, person.id));
  }
  const ties: Array<typeof follows.$inferInsert> = [];
  for (const a of people) {
    for (const b of people) {
      if (a.id >= b.id) continue;
      const roll = random();
      if (roll < 0.04) {
        ties.push({ userId: a.id, targetId: b.id, status: 'FOLLOWING' });
        ties.push({ userId: b.id, targetId: a.id, status: 'FOLLOWING' });
      } else if (roll < 0.07) ties.push({ userId: b.id, targetId: a.id, status: 'FOLLOWING' });
      else if (roll < 0.09) ties.push({ userId: a.id, targetId: b.id, status: 'REQUESTED' });
      else if (roll < 0.1) ties.push({ userId: a.id, targetId: b.id, status: 'BLOCKED' });
    }
  }
  await db.insert(follows).values(ties);
  const pick = (but: number) =>
    people.filter((person) => person.id !== but && random() < 0.1).map((person) => ({ userId: person.id }));
  for (let index = 0; index < 3; index++) await buildGroup(db, people[index]!.id, pick(people[index]!.id));
  for (let index = 0; index < 3; index++) {
    const guests = pick(people[3 + index]!.id).map(({ userId }) => ({
      userId,
      response: random() < 0.5 ? 'ATTENDING' : random() < 0.5 ? 'INTERESTED' : 'UNATTENDING',
    }));
    await buildPlan(db, people[3 + index]!.id, guests);
  }
  const compared: string[] = [];
  for (const viewer of people.slice(0, 12)) {
    for (const sources of [
      ['VERIFIED_USERS', 'REGULAR_USERS'],
      ['REGULAR_USERS'],
      ['VERIFIED_USERS'],
    ] as const) {
      for (const limit of [1, 3, 5, 8, 50]) {
        const served = (await listFollowSuggestions(db, viewer.id, sources, limit)).map((s) => s.user.id);
        expect(served, `${viewer.first} ${sources.join('+')} ${limit}`).toEqual(
          await reference(viewer.id, sources, limit),
        );
        compared.push(`${served.length}`);
      }
    }
  }
  // The world gave pages of every size, full and short.
  expect(new Set(compared).size).toBeGreaterThan(3);
});
