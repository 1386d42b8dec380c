import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../src/db/client.ts';
import { encodeMarker, listPeople } from '../src/domains/social/list-people.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

async function act(actor: Person, target: Person, action: string) {
  return t.gql<{ updateFriendship: { friendshipStatus: string } }>(
    'mutation ($id: Int, $action: FriendshipAction!) { updateFriendship(userId: $id, action: $action) { friendshipStatus } }',
    { id: target.userId, action },
    actor.headers,
  );
}

async function statusToward(viewer: Person, other: Person): Promise<string | undefined> {
  const res = await t.gql<{ userProfile: { friendshipStatus: string } }>(
    'query ($id: Int) { userProfile(id: $id) { friendshipStatus } }',
    { id: other.userId },
    viewer.headers,
  );
  return res.data?.userProfile.friendshipStatus;
}

async function lists(person: Person) {
  const res = await t.gql<{ myself: Record<string, Array<{ username: string }>> }>(
    '{ myself(full: true) { mutual { username } following { username } followingRequests { username } followers { username } followerRequests { username } } }',
    {},
    person.headers,
  );
  const names = (key: string) => res.data!.myself[key]!.map((u) => u.username);
  return {
    mutual: names('mutual'),
    following: names('following'),
    followingRequests: names('followingRequests'),
    followers: names('followers'),
    followerRequests: names('followerRequests'),
  };
}

describe('updateFriendship', () => {
  it('asks a private profile first; once accepted both see FRIENDS', async () => {
    const ana = await newPerson(t, 'Ana');
    const bea = await newPerson(t, 'Bea', { isPublic: false });
    expect((await act(ana, bea, 'FRIENDS')).data?.updateFriendship.friendshipStatus).toBe('REQUESTED');
    expect(await statusToward(bea, ana)).toBe('THEY_REQUESTED');
    expect((await lists(ana)).followingRequests).toEqual([bea.username]);
    expect((await lists(bea)).followerRequests).toEqual([ana.username]);

    expect((await act(bea, ana, 'FRIENDS')).data?.updateFriendship.friendshipStatus).toBe('FRIENDS');
    expect(await statusToward(ana, bea)).toBe('FRIENDS');
    expect(await lists(ana)).toEqual({
      mutual: [bea.username],
      following: [bea.username],
      followingRequests: [],
      followers: [bea.username],
      followerRequests: [],
    });
  });

  it('follows a public profile at once; the other sees a follower and no status', async () => {
    const cai = await newPerson(t, 'Cai');
    const dan = await newPerson(t, 'Dan');
    expect((await act(cai, dan, 'FOLLOW')).data?.updateFriendship.friendshipStatus).toBe('FOLLOWING');
    expect(await statusToward(dan, cai)).toBe('');
    expect((await lists(dan)).followers).toEqual([cai.username]);
    expect((await act(cai, dan, 'DELETE')).data?.updateFriendship.friendshipStatus).toBe('');
    expect((await lists(dan)).followers).toEqual([]);
  });

  it('lets the owner ignore a request, and the asker cancel one', async () => {
    const eva = await newPerson(t, 'Eva');
    const fay = await newPerson(t, 'Fay', { isPublic: false });
    await act(eva, fay, 'FOLLOW');
    expect((await act(fay, eva, 'IGNORE')).data?.updateFriendship.friendshipStatus).toBe('');
    expect(await statusToward(eva, fay)).toBe('');
    await act(eva, fay, 'FOLLOW');
    expect((await act(eva, fay, 'CANCEL')).data?.updateFriendship.friendshipStatus).toBe('');
    expect((await lists(fay)).followerRequests).toEqual([]);
  });

  it('refuses an action that does not apply (CONFLICT) and any action toward oneself (BAD_USER_INPUT)', async () => {
    const gil = await newPerson(t, 'Gil');
    const hal = await newPerson(t, 'Hal');
    expect((await act(gil, hal, 'ACCEPT')).errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await act(gil, hal, 'UNBLOCK')).errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await act(gil, gil, 'FOLLOW')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await statusToward(gil, gil)).toBe('SELF');
  });

  it('finds a person by key too', async () => {
    const ivy = await newPerson(t, 'Ivy');
    const jon = await newPerson(t, 'Jon');
    const key = (
      await t.gql<{ userProfile: { key: string } }>(
        `{ userProfile(id: ${jon.userId}) { key } }`,
        {},
        ivy.headers,
      )
    ).data!.userProfile.key;
    const res = await t.gql<{ updateFriendship: { friendshipStatus: string } }>(
      'mutation ($key: String) { updateFriendship(key: $key, action: FOLLOW) { friendshipStatus } }',
      { key },
      ivy.headers,
    );
    expect(res.data?.updateFriendship.friendshipStatus).toBe('FOLLOWING');
  });
});

describe('myFriends', () => {
  let owner: Person;
  let friends: Person[];
  beforeAll(async () => {
    owner = await newPerson(t, 'Owner');
    friends = [];
    for (let i = 0; i < 23; i++) {
      const friend = await newPerson(t, `Pal${String(i).padStart(2, '0')}`);
      await act(owner, friend, 'FOLLOW');
      await act(friend, owner, 'FRIENDS');
      friends.push(friend);
    }
    const asker = await newPerson(t, 'Asker');
    await t.plaza.platform.store.db.execute(
      // The owner is public, so a request comes only while private; make one directly.
      (await import('drizzle-orm'))
        .sql`INSERT INTO follows (user_id, target_id, status) VALUES (${asker.userId}, ${owner.userId}, 'REQUESTED')`,
    );
  });

  const query = `query ($marker: String, $withFriends: Boolean, $withRequests: Boolean, $sharedWith: Int) {
    myFriends(marker: $marker, withFriends: $withFriends, withRequests: $withRequests, sharedWith: $sharedWith) {
      friends { nextMarker total users { username } }
      requests { nextMarker total users { username } }
    } }`;

  it('pages friends by marker, 20 at a time, with the total', async () => {
    const first = await t.gql<{
      myFriends: {
        friends: { nextMarker: string; total: number; users: unknown[] };
        requests: { total: number };
      };
    }>(query, { withFriends: true, withRequests: true }, owner.headers);
    expect(first.data?.myFriends.friends.total).toBe(23);
    expect(first.data?.myFriends.friends.users).toHaveLength(20);
    expect(first.data?.myFriends.requests.total).toBe(1);
    const second = await t.gql<{
      myFriends: { friends: { nextMarker: string | null; users: unknown[] }; requests: null };
    }>(
      query,
      { marker: first.data!.myFriends.friends.nextMarker, withFriends: true, withRequests: false },
      owner.headers,
    );
    expect(second.data?.myFriends.friends.users).toHaveLength(3);
    expect(second.data?.myFriends.friends.nextMarker).toBeNull();
    expect(second.data?.myFriends.requests).toBeNull();
  });

  it('reads a page and the list’s length in one statement; a page past the end still tells the length', async () => {
    const db = t.plaza.platform.store.db;
    const first = await countStatements(() =>
      listPeople(db, { list: 'friends', personId: owner.userId, viewerId: owner.userId }),
    );
    expect(first.result.total).toBe(23);
    expect(first.result.users).toHaveLength(20);
    expect(first.texts.filter((text) => /from "users"/i.test(text))).toHaveLength(1);
    const last = await listPeople(db, {
      list: 'friends',
      personId: owner.userId,
      viewerId: owner.userId,
      offset: 20,
    });
    expect(last).toMatchObject({ total: 23, nextMarker: null });
    expect(last.users).toHaveLength(3);
    const past = await t.gql<{
      myFriends: { friends: { nextMarker: string | null; total: number; users: unknown[] } };
    }>(query, { marker: encodeMarker('friends', 40), withFriends: true }, owner.headers);
    expect(past.errors).toBeUndefined();
    expect(past.data?.myFriends.friends).toEqual({ nextMarker: null, total: 23, users: [] });
    const none = await listPeople(db, { list: 'blocked', personId: owner.userId, viewerId: owner.userId });
    expect(none).toEqual({ users: [], total: 0, nextMarker: null });
  });

  it('refuses a marker unless exactly one list is asked for (spec 5)', async () => {
    const first = await t.gql<{ myFriends: { friends: { nextMarker: string } } }>(
      query,
      { withFriends: true },
      owner.headers,
    );
    const marker = first.data!.myFriends.friends.nextMarker;
    const both = await t.gql(query, { marker, withFriends: true, withRequests: true }, owner.headers);
    expect(both.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'marker' });
    const neither = await t.gql(query, { marker, withFriends: false, withRequests: false }, owner.headers);
    expect(neither.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const otherList = await t.gql(query, { marker, withFriends: false, withRequests: true }, owner.headers);
    expect(otherList.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const forged = await t.gql(query, { marker: 'not-a-marker', withFriends: true }, owner.headers);
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('sharedWith keeps mutual friends; a profile shows at most 6 of them', async () => {
    const other = friends[0]!;
    for (const friend of friends.slice(1, 9)) {
      await act(other, friend, 'FOLLOW');
      await act(friend, other, 'FRIENDS');
    }
    const shared = await t.gql<{ myFriends: { friends: { total: number } } }>(
      query,
      { withFriends: true, sharedWith: other.userId },
      owner.headers,
    );
    expect(shared.data?.myFriends.friends.total).toBe(8);
    const profile = await t.gql<{ userProfile: { friendCountCommon: number; mutualFriends: unknown[] } }>(
      `{ userProfile(id: ${other.userId}) { friendCountCommon mutualFriends { id } } }`,
      {},
      owner.headers,
    );
    expect(profile.data?.userProfile).toMatchObject({ friendCountCommon: 8 });
    expect(profile.data?.userProfile.mutualFriends).toHaveLength(6);
  });
});

describe('canDm', () => {
  it('follows the relationship and the privacy setting', async () => {
    const quiet = await newPerson(t, 'Quiet', { isPublic: false });
    const open = await newPerson(t, 'Open');
    const canDm = async (viewer: Person, other: Person) =>
      (
        await t.gql<{ userProfile: { canDm: boolean } }>(
          `{ userProfile(id: ${other.userId}) { canDm } }`,
          {},
          viewer.headers,
        )
      ).data?.userProfile.canDm;
    expect(await canDm(quiet, open)).toBe(true);
    expect(await canDm(open, quiet)).toBe(false);
    await act(quiet, open, 'FOLLOW');
    expect(await canDm(open, quiet)).toBe(true);
    expect(await canDm(open, open)).toBe(false);
    await act(open, quiet, 'BLOCK');
    expect(await canDm(open, quiet)).toBe(false);
    const mine = await t.gql<{ myself: { blocked: Array<{ id: number }> } }>(
      '{ myself(full: true) { blocked { id } } }',
      {},
      open.headers,
    );
    expect(mine.data?.myself.blocked).toEqual([{ id: quiet.userId }]);
  });
});

describe('usersBasic', () => {
  it('answers people in the order asked, narrowed to a group’s members with type GROUP', async () => {
    const [kim, lou, mo] = [await newPerson(t, 'Kim'), await newPerson(t, 'Lou'), await newPerson(t, 'Mo')];
    const { group } = await buildGroup(t.plaza.platform.store.db, kim.userId, [{ userId: mo.userId }]);
    const ids = [mo.userId, lou.userId, kim.userId, 999_999];
    const all = await t.gql<{ usersBasic: Array<{ id: number }> }>(
      'query ($ids: [Int!]!) { usersBasic(ids: $ids) { id } }',
      { ids },
      lou.headers,
    );
    expect(all.data?.usersBasic.map((u) => u.id)).toEqual([mo.userId, lou.userId, kim.userId]);
    const members = await t.gql<{ usersBasic: Array<{ id: number }> }>(
      'query ($ids: [Int!]!, $id: Int) { usersBasic(ids: $ids, type: "GROUP", typeId: $id) { id } }',
      { ids, id: group.id },
      lou.headers,
    );
    expect(members.data?.usersBasic.map((u) => u.id)).toEqual([mo.userId, kim.userId]);
    const tooMany = await t.gql(
      'query ($ids: [Int!]!) { usersBasic(ids: $ids) { id } }',
      { ids: Array.from({ length: 251 }, (_, i) => i + 1) },
      lou.headers,
    );
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
