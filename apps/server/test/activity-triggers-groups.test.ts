import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import {
  activitiesOf,
  activitiesOfType,
  block,
  makeFriends,
  ok,
  onlyActivity,
} from './activity-triggers-support.ts';

/** Group join requests, approvals, invitations and suggestions (decision 0014, issue 8). */

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;

const JOIN = 'mutation ($id: ID!) { joinGroup(id: $id) { viewerStatus } }';
const LEAVE = 'mutation ($id: ID!) { leaveGroup(id: $id) }';
const ANSWER =
  'mutation ($id: ID!, $u: Int!, $s: Boolean!) { updateGroupMemberJoinStatus(id: $id, userId: $u, status: $s) }';
const INVITE =
  'mutation ($id: ID!, $u: ID) { inviteToGroup(id: $id, invitees: [{ id: $u }]) { invitedUsers } }';

describe('join requests', () => {
  let ana: Person, bob: Person, cat: Person, dan: Person;
  let group: Awaited<ReturnType<typeof buildGroup>>['group'];
  beforeAll(async () => {
    [ana, bob, cat, dan] = [
      await newPerson(t, 'Ana'),
      await newPerson(t, 'Bob'),
      await newPerson(t, 'Cat'),
      await newPerson(t, 'Dan'),
    ];
    ({ group } = await buildGroup(
      db(),
      ana.userId,
      [
        { userId: bob.userId, role: 'admin' },
        { userId: cat.userId, role: 'moderator' },
        { userId: dan.userId },
      ],
      { isPublic: true, hasJoinRequests: true },
    ));
  });

  it('reach the owner, admins and moderators, not plain members; an approval reaches the member', async () => {
    const eve = await newPerson(t, 'Eve');
    const joined = await ok<{ joinGroup: { viewerStatus: string } }>(t, eve, JOIN, { id: group.id });
    expect(joined.joinGroup.viewerStatus).toBe('requested');
    for (const moderator of [ana, bob, cat])
      expect(await onlyActivity(t, moderator, 'GROUP_JOIN_REQUEST')).toMatchObject({
        creatorId: eve.userId,
        modelType: 'Group',
        modelId: group.id,
        to: group.title,
        href: `/group/${group.slug}/${group.key}?tab=requests`,
        message: `Eve Test asked to join ${group.title}`,
        subject: `group:${group.id}`,
        read: false,
      });
    expect(await activitiesOf(t, dan)).toEqual([]);
    expect(await activitiesOf(t, eve)).toEqual([]);

    await ok(t, bob, ANSWER, { id: group.id, u: eve.userId, s: true });
    expect(await onlyActivity(t, eve, 'GROUP_JOIN_APPROVED')).toMatchObject({
      creatorId: bob.userId,
      href: `/group/${group.slug}/${group.key}`,
      message: `Bob Test approved your request to join ${group.title}`,
    });
    // Answered: the request no longer waits in any moderator's badge.
    for (const moderator of [ana, bob, cat])
      expect((await onlyActivity(t, moderator, 'GROUP_JOIN_REQUEST')).read).toBe(true);
  });

  it('a declined request is settled without telling the person; a withdrawn one disappears', async () => {
    const fay = await newPerson(t, 'Fay');
    const gus = await newPerson(t, 'Gus');
    await ok(t, fay, JOIN, { id: group.id });
    await ok(t, gus, JOIN, { id: group.id });
    await ok(t, cat, ANSWER, { id: group.id, u: fay.userId, s: false });
    expect(await activitiesOf(t, fay)).toEqual([]);
    const about = async (person: Person, asker: Person) =>
      (await activitiesOfType(t, person, 'GROUP_JOIN_REQUEST')).filter((a) => a.creatorId === asker.userId);
    expect((await about(ana, fay)).map((a) => a.read)).toEqual([true]);

    await ok(t, gus, LEAVE, { id: group.id });
    for (const moderator of [ana, bob, cat]) expect(await about(moderator, gus)).toEqual([]);
  });
});

describe('invitations', () => {
  it('reach the people invited, and no longer wait once answered', async () => {
    const [ana, hal, ivy] = [await newPerson(t, 'Ana'), await newPerson(t, 'Hal'), await newPerson(t, 'Ivy')];
    const { group } = await buildGroup(db(), ana.userId, [], { isPublic: false });
    await ok(t, ana, INVITE, { id: group.id, u: hal.userId });
    await ok(t, ana, INVITE, { id: group.id, u: ivy.userId });
    const invite = await onlyActivity(t, hal, 'GROUP_INVITE');
    expect(invite).toMatchObject({
      creatorId: ana.userId,
      href: `/group/${group.slug}/${group.key}`,
      message: `Ana Test invited you to join ${group.title}`,
      subject: `group:${group.id}`,
      read: false,
    });
    expect(await activitiesOf(t, ana)).toEqual([]);
    // Invited again (already invited): nothing new.
    await ok(t, ana, INVITE, { id: group.id, u: hal.userId });
    expect(await activitiesOf(t, hal)).toHaveLength(1);

    await ok(t, hal, JOIN, { id: group.id });
    expect((await onlyActivity(t, hal, 'GROUP_INVITE')).read).toBe(true);
    await ok(t, ivy, LEAVE, { id: group.id });
    expect((await onlyActivity(t, ivy, 'GROUP_INVITE')).read).toBe(true);
  });
});

describe('group suggestions', () => {
  it('a friend joining a public group suggests it once to their friends outside it', async () => {
    const [owner, joe, kim, lea, max, ned] = [
      await newPerson(t, 'Owner'),
      await newPerson(t, 'Joe'),
      await newPerson(t, 'Kim'),
      await newPerson(t, 'Lea'),
      await newPerson(t, 'Max'),
      await newPerson(t, 'Ned'),
    ];
    const { group } = await buildGroup(db(), owner.userId, [{ userId: lea.userId }], { isPublic: true });
    await makeFriends(t, joe, kim);
    await makeFriends(t, joe, lea); // already a member
    await makeFriends(t, joe, max); // blocked the group's owner
    await makeFriends(t, ned, kim);
    await block(t, max, owner);

    await ok(t, joe, JOIN, { id: group.id });
    const suggestion = await onlyActivity(t, kim, 'SUGGESTION');
    expect(suggestion).toMatchObject({
      creatorId: joe.userId,
      modelType: 'Group',
      modelId: group.id,
      href: `/group/${group.slug}/${group.key}`,
      message: `Joe Test joined ${group.title}`,
      suggestion: {
        kind: 'GROUP',
        title: group.title,
        description: group.description,
        image: null,
        userIds: [joe.userId],
      },
    });
    expect(await activitiesOf(t, lea)).toEqual([]);
    expect(await activitiesOf(t, max)).toEqual([]);
    expect(await activitiesOfType(t, joe, 'SUGGESTION')).toEqual([]);

    // A second friend joins: Kim was told already, once is enough.
    await ok(t, ned, JOIN, { id: group.id });
    const still = await onlyActivity(t, kim, 'SUGGESTION');
    expect(still.id).toBe(suggestion.id);
    expect(still.message).toBe(`Joe Test joined ${group.title}`);
  });

  it('a private group is never suggested', async () => {
    const [owner, pia, quin] = [
      await newPerson(t, 'Owner'),
      await newPerson(t, 'Pia'),
      await newPerson(t, 'Quin'),
    ];
    const { group } = await buildGroup(db(), owner.userId, [{ userId: pia.userId, status: 'invited' }], {
      isPublic: false,
    });
    await makeFriends(t, pia, quin);
    await ok(t, pia, JOIN, { id: group.id });
    expect(await activitiesOf(t, quin)).toEqual([]);
  });
});
