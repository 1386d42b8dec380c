import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
let owner: Person;
let stranger: Person;
let follower: Person;
let friend: Person;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  owner = await newPerson(t, 'Priya', { isPublic: false });
  stranger = await newPerson(t, 'Stan');
  follower = await newPerson(t, 'Fern');
  friend = await newPerson(t, 'Finn');
  const db = t.plaza.platform.store.db;
  // A public group and a public plan the private owner is in, and a friend to list.
  const { group } = await buildGroup(db, owner.userId);
  await db.execute(sql`UPDATE groups SET view_mask = 1, is_public = true WHERE id = ${group.id}`);
  await buildPlan(db, owner.userId, [{ userId: owner.userId, response: 'ATTENDING' }]);
  await db.execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
    (${owner.userId}, ${friend.userId}, 'FOLLOWING'), (${friend.userId}, ${owner.userId}, 'FOLLOWING'),
    (${follower.userId}, ${owner.userId}, 'FOLLOWING')`);
});
afterAll(() => t.close());

const as = (person: Person | null) => person?.headers ?? {};

describe('a private profile, seen by a stranger', () => {
  for (const [name, viewer] of [
    ['a signed-out visitor', () => null],
    ['a signed-in stranger', () => stranger],
  ] as const) {
    it(`publicUser shows ${name} only name, username, photo and badge`, async () => {
      const res = await t.gql<{ publicUser: Record<string, unknown> }>(
        'query ($u: String!) { publicUser(username: $u) { username fullName image isVerified bio followerCount groupCount groupCountPublic eventCountPast eventCountUpcoming } }',
        { u: owner.username },
        as(viewer()),
      );
      expect(res.data?.publicUser).toEqual({
        username: owner.username,
        fullName: 'Priya Test',
        image: null,
        isVerified: false,
        bio: '',
        followerCount: null,
        groupCount: null,
        groupCountPublic: null,
        eventCountPast: null,
        eventCountUpcoming: null,
      });
    });

    it(`publicUserPlan refuses ${name}`, async () => {
      const res = await t.gql(
        'query ($u: String!) { publicUserPlan(username: $u) { plans { id } } }',
        { u: owner.username },
        as(viewer()),
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(res.data?.publicUserPlan ?? null).toBeNull();
    });

    it(`publicUserGroups refuses ${name}`, async () => {
      const res = await t.gql(
        'query ($u: String!) { publicUserGroups(username: $u) { groups { id } } }',
        { u: owner.username },
        as(viewer()),
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it(`publicUserFriends refuses ${name}`, async () => {
      const res = await t.gql(
        'query ($u: String!) { publicUserFriends(username: $u) { users { id } } }',
        { u: owner.username },
        as(viewer()),
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it(`publicProfile gives ${name} no plans, groups or friends`, async () => {
      const res = await t.gql<{ publicProfile: Record<string, unknown> }>(
        `query ($u: String!) { publicProfile(username: $u, withUser: true, withEvents: true, withFriends: true, withGroups: true) {
          isRestricted user { username } events { plans { id } } friends { users { id } } groups { groups { id } } } }`,
        { u: owner.username },
        as(viewer()),
      );
      expect(res.data?.publicProfile).toEqual({
        isRestricted: true,
        user: { username: owner.username },
        events: null,
        friends: null,
        groups: null,
      });
    });
  }

  it('userProfile gives a signed-in stranger no counts and no mutual friends', async () => {
    const res = await t.gql<{ userProfile: Record<string, unknown> }>(
      `{ userProfile(id: ${owner.userId}) { bio followerCount friendCountCommon groupCount groupCountCommon mutualFriends { id } } }`,
      {},
      as(stranger),
    );
    expect(res.data?.userProfile).toEqual({
      bio: '',
      followerCount: null,
      friendCountCommon: null,
      groupCount: null,
      groupCountCommon: null,
      mutualFriends: null,
    });
  });

  it('myFriends(sharedWith) and pivot.mutualFriendCount keep a private profile’s friends from a stranger', async () => {
    const db = t.plaza.platform.store.db;
    await db.execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
      (${stranger.userId}, ${friend.userId}, 'FOLLOWING'), (${friend.userId}, ${stranger.userId}, 'FOLLOWING')`);
    const shared = await t.gql(
      `{ myFriends(sharedWith: ${owner.userId}) { friends { total users { id } } } }`,
      {},
      as(stranger),
    );
    expect(shared.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const pivot = await t.gql<{ publicUser: { pivot: { mutualFriendCount: number } } }>(
      `{ publicUser(username: "${owner.username}") { pivot { mutualFriendCount } } }`,
      {},
      as(stranger),
    );
    expect(pivot.data?.publicUser.pivot.mutualFriendCount).toBe(0);
    const asFollower = await t.gql<{ myFriends: { friends: { total: number } } }>(
      `{ myFriends(sharedWith: ${owner.userId}) { friends { total } } }`,
      {},
      as(follower),
    );
    expect(asFollower.data?.myFriends.friends.total).toBe(0);
  });

  it('shows an accepted follower everything', async () => {
    const res = await t.gql<{
      publicProfile: Record<string, { plans?: unknown[]; users?: unknown[]; groups?: unknown[] }> & {
        isRestricted: boolean;
      };
    }>(
      `query ($u: String!) { publicProfile(username: $u, withEvents: true, withFriends: true, withGroups: true) {
        isRestricted events { plans { id } } friends { users { id } } groups { groups { id } } } }`,
      { u: owner.username },
      as(follower),
    );
    expect(res.data?.publicProfile.isRestricted).toBe(false);
    expect(res.data?.publicProfile.events?.plans).toHaveLength(1);
    expect(res.data?.publicProfile.friends?.users).toHaveLength(1);
    expect(res.data?.publicProfile.groups?.groups).toHaveLength(1);
  });
});

describe('blocking', () => {
  it('hides each person from the other in profiles, lists, suggestions and contacts; unblocking restores nothing', async () => {
    const ann = await newPerson(t, 'Annie');
    const bob = await newPerson(t, 'Bobby');
    const act = (a: Person, b: Person, action: string) =>
      t.gql<{ updateFriendship: { friendshipStatus: string } }>(
        `mutation { updateFriendship(userId: ${b.userId}, action: ${action}) { friendshipStatus } }`,
        {},
        a.headers,
      );
    await act(ann, bob, 'FOLLOW');
    await act(bob, ann, 'FRIENDS');
    expect((await act(ann, bob, 'BLOCK')).data?.updateFriendship.friendshipStatus).toBe('BLOCKED');

    // Bob can no longer find or open Ann.
    const code = async (query: string, who: Person) =>
      (await t.gql(query, {}, who.headers)).errors?.[0]?.extensions?.code;
    expect(await code(`{ userProfile(id: ${ann.userId}) { id } }`, bob)).toBe('NOT_FOUND');
    expect(await code(`{ publicUser(username: "${ann.username}") { id } }`, bob)).toBe('NOT_FOUND');
    expect(await code(`{ publicProfile(username: "${ann.username}") { isRestricted } }`, bob)).toBe(
      'NOT_FOUND',
    );
    expect(await code(`{ publicUserPlan(username: "${ann.username}") { hasMore } }`, bob)).toBe('NOT_FOUND');
    expect(await code(`{ publicUserGroups(username: "${ann.username}") { nextMarker } }`, bob)).toBe(
      'NOT_FOUND',
    );
    expect(
      await code(`mutation { updateFriendship(userId: ${ann.userId}, action: FOLLOW) { id } }`, bob),
    ).toBe('NOT_FOUND');
    // Ann sees Bob only to unblock him; public profiles hide him from her too.
    expect(await code(`{ publicUser(username: "${bob.username}") { id } }`, ann)).toBe('NOT_FOUND');

    const ids = `[${ann.userId}, ${bob.userId}]`;
    const basic = await t.gql<{ usersBasic: Array<{ id: number }> }>(
      `{ usersBasic(ids: ${ids}) { id } }`,
      {},
      bob.headers,
    );
    expect(basic.data?.usersBasic.map((u) => u.id)).toEqual([bob.userId]);

    for (const [who, other] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const res = await t.gql<{
        myself: Record<string, Array<{ id: number }>>;
        myFriends: { friends: { total: number } };
        myFollowSuggestions: Array<{ user: { id: number } }>;
        myContacts: { invitables: Array<{ id?: number }> };
      }>(
        `{ myself(full: true) { mutual { id } following { id } followers { id } followingRequests { id } followerRequests { id } }
           myFriends { friends { total } }
           myFollowSuggestions { user { id } }
           myContacts(type: "USERS") { invitables { ... on User { id } } } }`,
        {},
        who.headers,
      );
      const everyone = [
        ...Object.values(res.data!.myself).flat(),
        ...res.data!.myFollowSuggestions.map((s) => s.user),
        ...res.data!.myContacts.invitables,
      ].map((u) => u.id);
      expect(everyone).not.toContain(other.userId);
      expect(res.data!.myFriends.friends.total).toBe(0);
    }

    expect((await act(ann, bob, 'UNBLOCK')).data?.updateFriendship.friendshipStatus).toBe('');
    const after = await t.gql<{ userProfile: { friendshipStatus: string } }>(
      `{ userProfile(id: ${ann.userId}) { friendshipStatus } }`,
      {},
      bob.headers,
    );
    expect(after.data?.userProfile.friendshipStatus).toBe('');
  });
});
