import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildUser } from './support/factories.ts';
import { lastMessageTo } from './support/outbox.ts';
import { newPerson, type Person } from './support/people.ts';
import { signInWithEmail } from './support/sign-in.ts';

let t: TestPlaza;
let db: () => Database;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  db = () => t.plaza.platform.store.db;
});
afterAll(() => t.close());

const GROUP_FIELDS = `id key slug title description image isPublic hasJoinRequests memberCount memberCountRequests
  exploreStatus viewerStatus viewerRole shareUrl chatKey
  hashtags { id name emoji } location { name city coordinates { latitude longitude } }
  payment { price recurrence } authorization { accessLevel joinAccessLevel }
  accessLevels { view join createPlan } permissions { view join requestToJoin update delete manageRoles readAudit checkout }`;

async function create(person: Person, group: Record<string, unknown>) {
  return t.gql<{ createGroup: Record<string, unknown> & { id: number; key: string } }>(
    `mutation ($g: GroupInput!) { createGroup(group: $g) { ${GROUP_FIELDS} } }`,
    { g: group },
    person.headers,
  );
}

async function groupOf(person: Person | null, by: { id?: number; key?: string }) {
  return t.gql<{ group: Record<string, unknown> }>(
    `query ($id: ID, $key: String) { group(id: $id, key: $key) { ${GROUP_FIELDS} } }`,
    by,
    person?.headers ?? {},
  );
}

const codeOf = (res: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  res.errors?.[0]?.extensions?.code;

async function befriend(a: { userId: number } | { id: number }, b: { userId: number } | { id: number }) {
  const idOf = (p: { userId: number } | { id: number }) => ('userId' in p ? p.userId : p.id);
  await db().execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
    (${idOf(a)}, ${idOf(b)}, 'FOLLOWING'), (${idOf(b)}, ${idOf(a)}, 'FOLLOWING')`);
}

describe('createGroup and updateGroup', () => {
  it('starts a group as the spec says, with its creator as owner', async () => {
    const ana = await newPerson(t, 'Ana');
    const res = await create(ana, { title: 'Sunday Hikers' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createGroup).toMatchObject({
      title: 'Sunday Hikers',
      slug: 'sunday-hikers',
      description: '',
      image: null,
      isPublic: false,
      hasJoinRequests: false,
      memberCount: 1,
      memberCountRequests: 0,
      exploreStatus: 'ENABLED',
      viewerStatus: 'member',
      viewerRole: 'owner',
      payment: null,
      hashtags: [],
      location: null,
      authorization: { accessLevel: 1 | 64 | 128, joinAccessLevel: 2 },
      accessLevels: { view: 192, join: 2, createPlan: 192 },
      permissions: {
        view: true,
        join: false,
        requestToJoin: false,
        update: true,
        delete: true,
        manageRoles: true,
        readAudit: true,
        checkout: false,
      },
    });
    expect(res.data!.createGroup.shareUrl).toBe(
      `http://plaza.test/group/sunday-hikers/${res.data!.createGroup.key}`,
    );
    expect(res.data!.createGroup.chatKey).toEqual(expect.any(String));
  });

  it('refuses a group without a title, a bad hashtag or coordinates off the globe (BAD_USER_INPUT)', async () => {
    const bo = await newPerson(t, 'Bo');
    expect(codeOf(await create(bo, { title: '  ' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await create(bo, { title: 'X', hashtags: [{ name: 'two words' }] }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      codeOf(await create(bo, { title: 'X', location: { coordinates: { latitude: 91, longitude: 0 } } })),
    ).toBe('BAD_USER_INPUT');
    expect(codeOf(await create(bo, { title: 'X', image: '/media/notmine.webp' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await create(bo, { title: 'X', exploreStatus: 'BLOCKED' }))).toBe('BAD_USER_INPUT');
  });

  it('keeps hashtags with emoji and a location, and answers what spec 7.3 says after an update', async () => {
    const cy = await newPerson(t, 'Cy');
    const created = await create(cy, {
      title: 'Climbers',
      isPublic: true,
      // cragging is not in the built-in catalogue (migration 0014), so it has no emoji.
      hashtags: [{ name: '#climbing', emoji: '🧗' }, { name: 'cragging' }],
      location: { name: 'The Wall', city: 'Lyon', coordinates: { latitude: 45.75, longitude: 4.85 } },
    });
    expect(created.data!.createGroup).toMatchObject({
      isPublic: true,
      hashtags: [
        { name: 'climbing', emoji: '🧗' },
        { name: 'cragging', emoji: null },
      ],
      location: { name: 'The Wall', city: 'Lyon', coordinates: { latitude: 45.75, longitude: 4.85 } },
      accessLevels: { view: 193, join: 1 },
    });
    const updated = await t.gql<{ updateGroup: Record<string, unknown> }>(
      `mutation ($id: ID!) { updateGroup(id: $id, group: { description: "We climb.", hasJoinRequests: true, exploreStatus: "DISABLED" }) {
        id description exploreStatus hasJoinRequests authorization { accessLevel joinAccessLevel } permissions { update } } }`,
      { id: created.data!.createGroup.id },
      cy.headers,
    );
    expect(updated.data!.updateGroup).toMatchObject({
      description: 'We climb.',
      exploreStatus: 'DISABLED',
      hasJoinRequests: true,
      authorization: { accessLevel: 193, joinAccessLevel: 1 },
      permissions: { update: true },
    });
  });

  it('refuses a price below zero and an unknown recurrence (BAD_USER_INPUT), and paid prices without a provider (FORBIDDEN)', async () => {
    const di = await newPerson(t, 'Di', { isVerified: true });
    const below = await create(di, { title: 'Paid', payment: { price: -1, recurrence: 'MONTHLY' } });
    expect(codeOf(below)).toBe('BAD_USER_INPUT');
    expect(below.errors?.[0]?.extensions?.field).toBe('price');
    const unknown = await create(di, { title: 'Paid', payment: { price: 5, recurrence: 'FORTNIGHTLY' } });
    expect(codeOf(unknown)).toBe('BAD_USER_INPUT');
    expect(unknown.errors?.[0]?.extensions?.field).toBe('recurrence');
    const paid = await create(di, { title: 'Paid', payment: { price: 5, recurrence: 'MONTHLY' } });
    expect(codeOf(paid)).toBe('FORBIDDEN');
    expect(paid.errors?.[0]?.message).toMatch(/no payment provider/);
    expect((await create(di, { title: 'Free', payment: { price: 0 } })).data?.createGroup.payment).toBeNull();
  });
});

describe('membership', () => {
  it('takes a join request by key, lets a moderator approve it, and audits who did what to whom', async () => {
    const owner = await newPerson(t, 'Owen');
    const mod = await newPerson(t, 'Mona');
    const asker = await newPerson(t, 'Asa');
    const created = await create(owner, { title: 'Quiet Readers', hasJoinRequests: true });
    const { id, key } = created.data!.createGroup;
    await db().execute(
      sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${id}, ${mod.userId}, 'moderator')`,
    );

    expect(codeOf(await groupOf(asker, { id }))).toBe('NOT_FOUND');
    expect((await groupOf(asker, { key })).data?.group).toMatchObject({
      title: 'Quiet Readers',
      chatKey: null,
      permissions: { view: false, requestToJoin: true },
    });
    const joined = await t.gql<{ joinGroup: { viewerStatus: string } }>(
      'mutation ($id: ID!) { joinGroup(id: $id) { viewerStatus } }',
      { id: key },
      asker.headers,
    );
    expect(joined.data?.joinGroup.viewerStatus).toBe('requested');
    expect((await groupOf(owner, { id })).data?.group.memberCountRequests).toBe(1);

    const requests = await t.gql<{ groupMembers: { members: Array<{ id: number; status: string }> } }>(
      'query ($id: ID!) { groupMembers(id: $id, requests: true) { members { id status } } }',
      { id },
      mod.headers,
    );
    expect(requests.data?.groupMembers.members).toEqual([{ id: asker.userId, status: 'requested' }]);
    const approved = await t.gql(
      'mutation ($id: ID!, $u: Int!) { updateGroupMemberJoinStatus(id: $id, userId: $u, status: true) }',
      { id, u: asker.userId },
      mod.headers,
    );
    expect(approved.errors).toBeUndefined();
    expect((await groupOf(asker, { id })).data?.group).toMatchObject({
      viewerStatus: 'member',
      memberCount: 3,
    });

    await t.gql(
      'mutation ($id: ID!, $u: Int!) { updateGroupMemberRole(id: $id, userId: $u, role: "moderator") }',
      { id, u: asker.userId },
      owner.headers,
    );
    await t.gql(
      'mutation ($id: ID!, $u: Int!) { updateGroupMemberRole(id: $id, userId: $u, role: "moderator", revoke: true) }',
      { id, u: asker.userId },
      owner.headers,
    );
    const audit = await t.gql<{
      groupAuditLog: {
        events: Array<{ action: string; actor: { id: number }; subject: { id: number } | null }>;
      };
    }>(
      'query ($id: ID!) { groupAuditLog(id: $id) { events { action actor { id } subject { id } createdAt } } }',
      { id },
      owner.headers,
    );
    expect(audit.data?.groupAuditLog.events.map((e) => [e.action, e.actor.id, e.subject?.id])).toEqual([
      ['group.role.user.revoke', owner.userId, asker.userId],
      ['group.role.user.grant', owner.userId, asker.userId],
      ['group.user.approve', mod.userId, asker.userId],
      ['group.user.add', owner.userId, owner.userId],
    ]);
  });

  it('refuses a moderator removing a moderator, and an admin granting admin', async () => {
    const owner = await newPerson(t, 'Oda');
    const admin = await newPerson(t, 'Adi');
    const mod = await newPerson(t, 'Moe');
    const other = await buildUser(db(), 'Mod2');
    const { group } = await buildGroup(db(), owner.userId, [
      { userId: admin.userId, role: 'admin' },
      { userId: mod.userId, role: 'moderator' },
      { userId: other.id, role: 'moderator' },
    ]);
    const remove = await t.gql(
      'mutation ($id: ID!, $u: Int!) { removeGroupMember(id: $id, userId: $u) }',
      { id: group.id, u: other.id },
      mod.headers,
    );
    expect(codeOf(remove)).toBe('FORBIDDEN');
    const grant = await t.gql(
      'mutation ($id: ID!, $u: Int!) { updateGroupMemberRole(id: $id, userId: $u, role: "admin") }',
      { id: group.id, u: mod.userId },
      admin.headers,
    );
    expect(codeOf(grant)).toBe('FORBIDDEN');
    const unknownRole = await t.gql(
      'mutation ($id: ID!, $u: Int!) { updateGroupMemberRole(id: $id, userId: $u, role: "king") }',
      { id: group.id, u: mod.userId },
      owner.headers,
    );
    expect(codeOf(unknownRole)).toBe('BAD_USER_INPUT');
  });

  it('hides people a block separates from the viewer in member lists and searches', async () => {
    const owner = await newPerson(t, 'Pia');
    const viewer = await newPerson(t, 'Vic');
    const blocker = await buildUser(db(), 'Blocky');
    const friend = await buildUser(db(), 'Blossom');
    const { group } = await buildGroup(db(), owner.userId, [{ userId: blocker.id }, { userId: friend.id }], {
      isPublic: true,
    });
    await db().execute(
      sql`INSERT INTO follows (user_id, target_id, status) VALUES (${blocker.id}, ${viewer.userId}, 'BLOCKED')`,
    );
    const names = async (query: string) => {
      const res = await t.gql<Record<string, { members: Array<{ user: { first: string } }> }>>(
        query,
        { id: group.id },
        viewer.headers,
      );
      return Object.values(res.data!)[0]!.members.map((m) => m.user.first);
    };
    expect(await names('query ($id: ID!) { groupMembers(id: $id) { members { user { first } } } }')).toEqual([
      'Pia',
      'Blossom',
    ]);
    expect(
      await names(
        'query ($id: ID!) { searchGroupMembers(id: $id, searchText: "blo") { members { user { first } } } }',
      ),
    ).toEqual(['Blossom']);
    const signedOut = await t.gql<{ searchGroupMembers: { members: Array<{ user: { first: string } }> } }>(
      'query ($id: ID!) { searchGroupMembers(id: $id, searchText: "blo") { members { user { first } } } }',
      { id: group.id },
    );
    expect(signedOut.data?.searchGroupMembers.members.map((m) => m.user.first).sort()).toEqual([
      'Blocky',
      'Blossom',
    ]);
  });

  it('invites an address without an account; signing in with it finds the invitation and joins', async () => {
    const owner = await newPerson(t, 'Ivo');
    const created = await create(owner, { title: 'Board Games Night' });
    const { id, key } = created.data!.createGroup;
    const invited = await t.gql<{ inviteToGroup: { id: number; invitedContacts: number } }>(
      'mutation ($id: ID!) { inviteToGroup(id: $id, invitees: [{ email: "newcomer@example.org", id: 99999 }]) { id invitedContacts } }',
      { id },
      owner.headers,
    );
    expect(invited.data?.inviteToGroup).toEqual({ id, invitedContacts: 1 });
    const mail = await lastMessageTo(t.dataDir, 'newcomer@example.org');
    expect(mail.text).toContain(`/group/board-games-night/${key}`);

    const newcomer = await signInWithEmail(t, 'newcomer@example.org');
    const seen = await t.gql<{ group: { viewerStatus: string; permissions: { join: boolean } } }>(
      'query ($id: ID) { group(id: $id) { viewerStatus permissions { join } } }',
      { id },
      newcomer.headers,
    );
    expect(seen.data?.group).toEqual({ viewerStatus: 'invited', permissions: { join: true } });
    const joined = await t.gql<{ joinGroup: { viewerStatus: string } }>(
      'mutation ($id: ID!) { joinGroup(id: $id) { viewerStatus } }',
      { id },
      newcomer.headers,
    );
    expect(joined.data?.joinGroup.viewerStatus).toBe('member');
  });

  it('answers NOT_FOUND for an invitee id no one can have (beyond an integer)', async () => {
    const owner = await newPerson(t, 'Ivo');
    const { id } = (await create(owner, { title: 'Chess Club' })).data!.createGroup;
    for (const invitee of ['1e300', '99999999999', '-3000000000']) {
      const res = await t.gql(
        'mutation ($id: ID!, $invitee: ID) { inviteToGroup(id: $id, invitees: [{ id: $invitee }]) { id } }',
        { id, invitee },
        owner.headers,
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a stranger joining an invite-only private group, and the owner leaving', async () => {
    const owner = await newPerson(t, 'Uma');
    const stranger = await newPerson(t, 'Sid');
    const created = await create(owner, { title: 'Invite Only' });
    const { id, key } = created.data!.createGroup;
    const join = await t.gql(
      'mutation ($id: ID!) { joinGroup(id: $id) { id } }',
      { id: key },
      stranger.headers,
    );
    expect(codeOf(join)).toBe('FORBIDDEN');
    const leave = await t.gql('mutation ($id: ID!) { leaveGroup(id: $id) }', { id }, owner.headers);
    expect(codeOf(leave)).toBe('CONFLICT');
  });

  it('shows a member card with mutual friends (at most 6)', async () => {
    const owner = await newPerson(t, 'Ray');
    const viewer = await newPerson(t, 'Val');
    const member = await buildUser(db(), 'Mutual');
    const { group } = await buildGroup(db(), owner.userId, [
      { userId: member.id },
      { userId: viewer.userId },
    ]);
    for (let i = 0; i < 8; i++) {
      const friend = await buildUser(db(), `F${i}`);
      await befriend(viewer, friend);
      await befriend({ id: member.id }, friend);
    }
    const card = await t.gql<{ groupMemberCommon: { id: number; role: string; mutualFriends: unknown[] } }>(
      'query ($id: ID!, $u: Int) { groupMemberCommon(id: $id, userId: $u) { id role mutualFriends { id } } }',
      { id: group.id, u: member.id },
      viewer.headers,
    );
    expect(card.data?.groupMemberCommon.id).toBe(member.id);
    expect(card.data?.groupMemberCommon.mutualFriends).toHaveLength(6);
  });

  it('shows on a member card the groups the viewer and the member are both in, hidden ones left out', async () => {
    const owner = await newPerson(t, 'Gus');
    const viewer = await newPerson(t, 'Ivy');
    const member = await buildUser(db(), 'Common');
    const both = [{ userId: member.id }, { userId: viewer.userId }];
    const named = async (title: string, people: typeof both, isPublic = true) => {
      const { group } = await buildGroup(db(), owner.userId, people, { isPublic });
      await db().execute(sql`update groups set title = ${title} where id = ${group.id}`);
      return group;
    };
    const first = await named('Alpha walkers', both);
    await named('Beta bakers', both, false);
    await named('Gamma only theirs', [{ userId: member.id }]);
    const hidden = await named('Delta hidden', both);
    await db().execute(sql`update groups set hidden_at = now() where id = ${hidden.id}`);
    const read = (userId: number) =>
      t.gql<{ groupMemberCommon: { groups: Array<{ title: string }> } }>(
        'query ($id: ID!, $u: Int) { groupMemberCommon(id: $id, userId: $u) { groups { title } } }',
        { id: first.id, u: userId },
        viewer.headers,
      );
    const card = await read(member.id);
    expect(card.errors).toBeUndefined();
    expect(card.data!.groupMemberCommon.groups.map((g) => g.title)).toEqual(['Alpha walkers', 'Beta bakers']);
    // Nothing in common with oneself.
    expect((await read(viewer.userId)).data!.groupMemberCommon.groups).toEqual([]);
  });
});

describe('finding groups', () => {
  it('explores public groups, relates them by hashtag, suggests by friends, and lists the person’s own', async () => {
    const owner = await newPerson(t, 'Eli');
    const viewer = await newPerson(t, 'Wes');
    const friend = await buildUser(db(), 'Pal');
    await befriend(viewer, { id: friend.id });
    const tag = `tag${Date.now()}`;
    const a = await buildGroup(db(), owner.userId, [], { isPublic: true, hashtags: [tag] });
    const b = await buildGroup(db(), owner.userId, [{ userId: friend.id }], {
      isPublic: true,
      hashtags: [tag],
    });
    const hidden = await buildGroup(db(), owner.userId, [], { isPublic: false, hashtags: [tag] });
    const mine = await buildGroup(db(), viewer.userId, [], { isPublic: true });

    const explore = await t.gql<{ exploreGroups: { groups: Array<{ id: number }> } }>(
      '{ exploreGroups { nextMarker groups { id } } }',
      {},
      viewer.headers,
    );
    const explored = explore.data!.exploreGroups.groups.map((g) => g.id);
    expect(explored).toEqual(expect.arrayContaining([a.group.id, b.group.id]));
    expect(explored).not.toContain(hidden.group.id);
    expect(explored).not.toContain(mine.group.id);

    const related = await t.gql<{ relatedGroups: { total: number; groups: Array<{ id: number }> } }>(
      'query ($id: ID!) { relatedGroups(id: $id) { total groups { id } } }',
      { id: a.group.id },
    );
    expect(related.data?.relatedGroups).toEqual({ total: 1, groups: [{ id: b.group.id }] });

    const suggestions = await t.gql<{ groupSuggestions: Array<{ id: number }> }>(
      '{ groupSuggestions { id title image } }',
      {},
      viewer.headers,
    );
    expect(suggestions.data?.groupSuggestions[0]?.id).toBe(b.group.id);
    const pivot = await t.gql<{ group: { pivot: unknown } }>(
      'query ($id: ID) { group(id: $id) { pivot { friendCount friendSample { first } } } }',
      { id: b.group.id },
      viewer.headers,
    );
    expect(pivot.data?.group.pivot).toEqual({ friendCount: 1, friendSample: [{ first: 'Pal' }] });

    const my = await t.gql<{ myGroups: Array<{ id: number; permissions: { update: boolean } }> }>(
      '{ myGroups { id description payment { price } plans { id } permissions { update } } }',
      {},
      viewer.headers,
    );
    expect(my.data?.myGroups).toEqual(
      [{ id: mine.group.id, permissions: { update: true } }].map((g) => expect.objectContaining(g)),
    );
  });
});
