import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import {
  activitiesOf,
  activitiesOfType,
  onlyActivity,
  watchActivityChanges,
} from './activity-triggers-support.ts';

/** Friendship actions (decision 0006) tell the other person (decision 0014, issue 8). */

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

async function act(actor: Person, target: Person, action: string) {
  const res = await t.gql<{ updateFriendship: { friendshipStatus: string } }>(
    'mutation ($id: Int, $action: FriendshipAction!) { updateFriendship(userId: $id, action: $action) { friendshipStatus } }',
    { id: target.userId, action },
    actor.headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.updateFriendship.friendshipStatus;
}

describe('friend and follow requests', () => {
  it('a friend request reaches the person asked once; accepting tells the asker and settles the request', async () => {
    const ana = await newPerson(t, 'Ana');
    const bea = await newPerson(t, 'Bea', { isPublic: false });
    expect(await act(ana, bea, 'FRIENDS')).toBe('REQUESTED');

    const request = await onlyActivity(t, bea, 'FRIEND_REQUEST');
    expect(request).toMatchObject({
      creatorId: ana.userId,
      action: 'requested',
      modelType: 'User',
      modelId: ana.userId,
      to: 'Ana Test',
      href: '/profile/friends',
      message: 'Ana Test wants to be your friend',
      read: false,
    });
    expect(await activitiesOf(t, bea)).toHaveLength(1);
    expect(await activitiesOf(t, ana)).toEqual([]);

    expect(await act(bea, ana, 'FRIENDS')).toBe('FRIENDS');
    const accepted = await onlyActivity(t, ana, 'FRIEND_ACCEPTED');
    expect(accepted).toMatchObject({
      creatorId: bea.userId,
      href: `/${bea.username}`,
      message: 'Bea Test accepted your friend request',
      read: false,
    });
    // Bea answered the request: it stays in her feed, no longer in her badge; nothing new for her.
    const beas = await activitiesOf(t, bea);
    expect(beas.map((a) => [a.type, a.read])).toEqual([['FRIEND_REQUEST', true]]);
  });

  it('a follow request to a private profile, and letting them follow', async () => {
    const cai = await newPerson(t, 'Cai');
    const dan = await newPerson(t, 'Dan', { isPublic: false });
    await act(cai, dan, 'FOLLOW');
    expect(await onlyActivity(t, dan, 'FOLLOW_REQUEST')).toMatchObject({
      creatorId: cai.userId,
      href: '/profile/friends',
      message: 'Cai Test asked to follow you',
    });
    expect(await act(dan, cai, 'ACCEPT')).toBe('');
    expect(await onlyActivity(t, cai, 'FOLLOW_ACCEPTED')).toMatchObject({
      creatorId: dan.userId,
      href: `/${dan.username}`,
      message: 'Dan Test accepted your follow request',
    });
    expect((await onlyActivity(t, dan, 'FOLLOW_REQUEST')).read).toBe(true);
    expect(await activitiesOf(t, dan)).toHaveLength(1);
  });

  it('a new follower of a public profile, folded when they follow again; following back makes friends', async () => {
    const eve = await newPerson(t, 'Eve');
    const fay = await newPerson(t, 'Fay');
    await act(eve, fay, 'FOLLOW');
    const first = await onlyActivity(t, fay, 'FOLLOW');
    expect(first).toMatchObject({
      creatorId: eve.userId,
      href: `/${eve.username}`,
      message: 'Eve Test started following you',
    });
    await act(eve, fay, 'DELETE');
    await act(eve, fay, 'FOLLOW');
    const again = await onlyActivity(t, fay, 'FOLLOW');
    expect(again.id).toBe(first.id);
    expect(again.createdAt.getTime()).toBeGreaterThanOrEqual(first.createdAt.getTime());
    expect(await activitiesOf(t, eve)).toEqual([]);

    await act(fay, eve, 'FOLLOW');
    expect(await onlyActivity(t, eve, 'FRIEND_ACCEPTED')).toMatchObject({
      creatorId: fay.userId,
      href: `/${fay.username}`,
      message: 'Fay Test followed you back: you are friends now',
    });
    expect(await activitiesOfType(t, fay, 'FRIEND_ACCEPTED')).toEqual([]);
  });

  it('"add friend" on a public profile asks to be friends, on the followers list', async () => {
    const gil = await newPerson(t, 'Gil');
    const hana = await newPerson(t, 'Hana');
    expect(await act(gil, hana, 'FRIENDS')).toBe('FOLLOWING');
    expect(await onlyActivity(t, hana, 'FRIEND_REQUEST')).toMatchObject({
      href: '/profile/friends?tab=followers',
      message: 'Gil Test wants to be your friend',
    });
    expect(await activitiesOfType(t, hana, 'FOLLOW')).toEqual([]);
  });
});

describe('a withdrawn request', () => {
  it('leaves no activity behind and wakes the badge of the person who was asked', async () => {
    const gus = await newPerson(t, 'Gus');
    const hal = await newPerson(t, 'Hal', { isPublic: false });
    await act(gus, hal, 'FRIENDS');
    expect(await activitiesOf(t, hal)).toHaveLength(1);
    const watch = await watchActivityChanges(t);
    expect(await act(gus, hal, 'CANCEL')).toBe('');
    await watch.stop();
    expect(await activitiesOf(t, hal)).toEqual([]);
    expect(watch.woken).toContain(hal.userId);

    // Asked again: one new request, as before.
    await act(gus, hal, 'FOLLOW');
    expect((await activitiesOf(t, hal)).map((a) => [a.type, a.read])).toEqual([['FOLLOW_REQUEST', false]]);
  });

  it('a block withdraws the blocker’s request too', async () => {
    const ian = await newPerson(t, 'Ian');
    const jo = await newPerson(t, 'Jo', { isPublic: false });
    await act(ian, jo, 'FOLLOW');
    expect(await activitiesOf(t, jo)).toHaveLength(1);
    await act(ian, jo, 'BLOCK');
    expect(await activitiesOf(t, jo)).toEqual([]);
  });
});

describe('a failing activity store', () => {
  it('never fails the action it would tell of', async () => {
    const kit = await newPerson(t, 'Kit');
    const lia = await newPerson(t, 'Lia', { isPublic: false });
    const db = t.plaza.platform.store.db;
    await db.execute(sql`ALTER TABLE activities RENAME TO activities_away`);
    try {
      expect(await act(kit, lia, 'FRIENDS')).toBe('REQUESTED');
    } finally {
      await db.execute(sql`ALTER TABLE activities_away RENAME TO activities`);
    }
    expect(await activitiesOf(t, lia)).toEqual([]);
    expect(await act(lia, kit, 'FRIENDS')).toBe('FRIENDS');
  });
});
