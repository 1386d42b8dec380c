import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
const db = () => t.plaza.platform.store.db;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

async function befriend(a: Person, b: Person) {
  await db().execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
    (${a.userId}, ${b.userId}, 'FOLLOWING'), (${b.userId}, ${a.userId}, 'FOLLOWING')`);
}

async function makePublicGroup(creator: Person, members: Person[], title: string) {
  const { group } = await buildGroup(
    db(),
    creator.userId,
    members.map((m) => ({ userId: m.userId })),
  );
  await db().execute(
    sql`UPDATE groups SET view_mask = 1, is_public = true, title = ${title} WHERE id = ${group.id}`,
  );
  return group;
}

async function planAt(
  creator: Person,
  days: number,
  title: string,
  isPublic: boolean,
  guests: Person[] = [],
) {
  const { plan } = await buildPlan(
    db(),
    creator.userId,
    guests.map((g) => ({ userId: g.userId, response: 'ATTENDING' })),
  );
  const starts = new Date(Date.now() + days * 86_400_000);
  await db()
    .update(plans)
    .set({
      title,
      startsAt: starts,
      endsAt: new Date(starts.getTime() + 3_600_000),
      viewMask: isPublic ? 1 : 64,
    })
    .where(sql`${plans.id} = ${plan.id}`);
  return plan;
}

describe('profile counts', () => {
  it('counts followers, friends in common, groups and plans, as the viewer may see them', async () => {
    const maya = await newPerson(t, 'Maya');
    const viewer = await newPerson(t, 'Vic');
    const common = [await newPerson(t, 'Cora'), await newPerson(t, 'Cleo')];
    const onlyMaya = await newPerson(t, 'Olga');
    for (const c of common) {
      await befriend(maya, c);
      await befriend(viewer, c);
    }
    await befriend(maya, onlyMaya);
    await makePublicGroup(maya, [viewer], 'Sunday Hikers');
    const { group: privateGroup } = await buildGroup(db(), maya.userId);
    expect(privateGroup.id).toBeGreaterThan(0);
    await planAt(maya, 5, 'Sintra ridge hike', true);
    await planAt(maya, 6, 'Private dinner', false);
    await planAt(onlyMaya, -3, 'Past picnic', true, [maya]);

    const res = await t.gql<{ userProfile: Record<string, number> }>(
      `{ userProfile(id: ${maya.userId}) { followerCount friendCount friendCountCommon groupCount groupCountCommon groupCountPublic eventCountPast eventCountUpcoming } }`,
      {},
      viewer.headers,
    );
    expect(res.data?.userProfile).toEqual({
      followerCount: 3,
      friendCount: 3,
      friendCountCommon: 2,
      groupCount: 2,
      groupCountCommon: 1,
      groupCountPublic: 1,
      eventCountPast: 1,
      // The private dinner is not counted for others.
      eventCountUpcoming: 1,
    });
    const mine = await t.gql<{ myself: { user: { eventCountUpcoming: number } } }>(
      '{ myself { user { eventCountUpcoming } } }',
      {},
      maya.headers,
    );
    expect(mine.data?.myself.user.eventCountUpcoming).toBe(2);
  });

  it('answers a list of people with a fixed number of queries, not one per person per field', async () => {
    const host = await newPerson(t, 'Host');
    const people: Person[] = [];
    for (let i = 0; i < 6; i++) people.push(await newPerson(t, `Guest${i}`));
    const count = async (ids: number[]) => {
      let queries = 0;
      const client = t.plaza.platform.store as unknown as { db: { execute: (...a: unknown[]) => unknown } };
      const original = client.db.execute.bind(client.db);
      client.db.execute = (...args: unknown[]) => {
        queries += 1;
        return original(...args);
      };
      try {
        await t.gql(
          `{ usersBasic(ids: [${ids.join(',')}]) { id friendshipStatus followerCount friendCountCommon groupCount eventCountUpcoming } }`,
          {},
          host.headers,
        );
      } finally {
        client.db.execute = original;
      }
      return queries;
    };
    // A person's first request in a while also notes them as seen (decision 0014): not part of the count.
    await t.gql('{ myself { user { id } } }', {}, host.headers);
    const forTwo = await count(people.slice(0, 2).map((p) => p.userId));
    expect(forTwo).toBeGreaterThan(0);
    expect(await count(people.map((p) => p.userId))).toBe(forTwo);
  });
});

describe('public plans and groups of a profile', () => {
  it('pages plans by number, falls back to past plans when none are upcoming, and shows strangers public ones only', async () => {
    const pia = await newPerson(t, 'Pia');
    for (let i = 1; i <= 12; i++) await planAt(pia, -i, `Old plan ${i}`, true);
    await planAt(pia, -20, 'Secret', false);
    const query = `query ($u: String!, $page: Int, $f: String, $e: String) { publicUserPlan(username: $u, page: $page, dateFilter: $f, dateFilterOnEmpty: $e) {
      hasMore searchedAll nextPage nextPageTotal dateFilter plans { title } } }`;
    const first = await t.gql<{
      publicUserPlan: {
        hasMore: boolean;
        searchedAll: boolean;
        nextPage: number;
        nextPageTotal: number;
        dateFilter: string;
        plans: Array<{ title: string }>;
      };
    }>(query, { u: pia.username, f: 'upcoming', e: 'past' });
    expect(first.data?.publicUserPlan).toMatchObject({
      hasMore: true,
      searchedAll: false,
      nextPage: 2,
      nextPageTotal: 2,
      dateFilter: 'past',
    });
    expect(first.data?.publicUserPlan.plans[0]?.title).toBe('Old plan 1');
    const second = await t.gql<{
      publicUserPlan: {
        hasMore: boolean;
        searchedAll: boolean;
        nextPage: null;
        plans: Array<{ title: string }>;
      };
    }>(query, { u: pia.username, page: 2, f: 'past' });
    expect(second.data?.publicUserPlan).toMatchObject({ hasMore: false, searchedAll: true, nextPage: null });
    expect(second.data?.publicUserPlan.plans.map((p) => p.title)).toEqual(['Old plan 11', 'Old plan 12']);
    const bad = await t.gql(query, { u: pia.username, f: 'someday' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('lists only public groups to strangers, and groups in common to members', async () => {
    const gus = await newPerson(t, 'Gus');
    const viewer = await newPerson(t, 'Gwen');
    await makePublicGroup(gus, [], 'Open Chess');
    await buildGroup(db(), gus.userId, [{ userId: viewer.userId }]);
    const query =
      'query ($u: String!, $f: String) { publicUserGroups(username: $u, filter: $f) { groups { title isPublic } } }';
    const stranger = await t.gql<{ publicUserGroups: { groups: Array<{ title: string }> } }>(query, {
      u: gus.username,
    });
    expect(stranger.data?.publicUserGroups.groups.map((g) => g.title)).toEqual(['Open Chess']);
    const common = await t.gql<{ publicUserGroups: { groups: unknown[] } }>(
      query,
      { u: gus.username, f: 'common' },
      viewer.headers,
    );
    expect(common.data?.publicUserGroups.groups).toHaveLength(1);
  });
});

describe('myFollowSuggestions', () => {
  it('ranks by mutual friends, then shared groups, then plans, with a reason, never someone followed, blocked, oneself or the bot', async () => {
    const me = await newPerson(t, 'Mira');
    const friendA = await newPerson(t, 'Fia');
    const friendB = await newPerson(t, 'Fox');
    await befriend(me, friendA);
    await befriend(me, friendB);
    const twoMutual = await newPerson(t, 'Tara');
    await befriend(twoMutual, friendA);
    await befriend(twoMutual, friendB);
    const groupmate = await newPerson(t, 'Gina');
    await makePublicGroup(me, [groupmate], 'Sunday Hikers');
    const planmate = await newPerson(t, 'Pat');
    await planAt(me, 4, 'Trivia Night', true, [planmate]);
    const followed = await newPerson(t, 'Fred');
    await db().execute(
      sql`INSERT INTO follows (user_id, target_id, status) VALUES (${me.userId}, ${followed.userId}, 'FOLLOWING')`,
    );
    const blocker = await newPerson(t, 'Blair');
    await db().execute(
      sql`INSERT INTO follows (user_id, target_id, status) VALUES (${blocker.userId}, ${me.userId}, 'BLOCKED')`,
    );

    const res = await t.gql<{
      myFollowSuggestions: Array<{ suggestedReason: string; user: { id: number } }>;
    }>('{ myFollowSuggestions(isExplore: true) { suggestedReason user { id } } }', {}, me.headers);
    const list = res.data!.myFollowSuggestions;
    const ids = list.map((s) => s.user.id);
    expect(list.slice(0, 3)).toEqual([
      { suggestedReason: '2 mutual friends', user: { id: twoMutual.userId } },
      { suggestedReason: 'Also in Sunday Hikers', user: { id: groupmate.userId } },
      { suggestedReason: 'Going to Trivia Night', user: { id: planmate.userId } },
    ]);
    for (const never of [me, friendA, friendB, followed, blocker]) expect(ids).not.toContain(never.userId);
    expect(ids).not.toContain(1);

    const verifiedOnly = await t.gql<{ myFollowSuggestions: unknown[] }>(
      '{ myFollowSuggestions(sources: [VERIFIED_USERS]) { user { id } } }',
      {},
      me.headers,
    );
    expect(verifiedOnly.data?.myFollowSuggestions).toEqual([]);
    const orgs = await t.gql<{ myFollowSuggestions: unknown[] }>(
      '{ myFollowSuggestions(sources: [ORGANIZATION_USERS]) { user { id } } }',
      {},
      me.headers,
    );
    expect(orgs.data?.myFollowSuggestions).toEqual([]);

    const subscriptions = await t.gql<{ mySubscriptions: Array<{ id: number }> }>(
      '{ mySubscriptions { id } }',
      {},
      me.headers,
    );
    expect(subscriptions.data?.mySubscriptions.map((u) => u.id).sort()).toEqual(
      [friendA.userId, friendB.userId, followed.userId].sort(),
    );
  });
});
