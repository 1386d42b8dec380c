import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../src/db/client.ts';
import {
  activities,
  chatMembers,
  chats,
  follows,
  groups,
  hashtags,
  messages,
  plans,
  siteAdmins,
  users,
} from '../src/db/schema/index.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { addOrganizationAccount } from '../src/domains/organizations/add-organization-account.ts';
import { createOrganization } from '../src/domains/organizations/create-organization.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { buildGroup, buildMessage, buildPlan, buildUser } from './support/factories.ts';
import { signInWithEmail } from './support/sign-in.ts';
import { newPerson, type Person } from './support/people.ts';

// Issue 11: the SQL statements of a request must not grow with the length of the list it answers
// (no N+1). Each list is asked for a viewer with 2 items (3 for the chat list) and one with 20, counted by the store's
// own statement counter (countStatements), after one warm-up request of each.

let t: TestPlaza;
const db = () => t.plaza.platform.store.db;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

async function statementsOf(
  person: Person,
  query: string,
  variables: Record<string, unknown>,
): Promise<{
  statements: number;
  texts: string[];
  params: unknown[][];
  res: GraphQLResponse<Record<string, unknown>>;
}> {
  const { result, statements, texts, params } = await countStatements(() =>
    t.gql(query, variables, person.headers),
  );
  expect(result.errors).toBeUndefined();
  return { statements, texts, params, res: result };
}

/**
 * Asks `query` for both sizes (after a warm-up) and expects as many statements for 20 as for 2, and
 * the same texts: a list of ids is one parameter (db/id-array.ts), so each text is named and
 * planned once a connection whatever the length (a list `IN ($1, …, $n)` is a new text per length).
 */
async function expectFlat(
  query: string,
  small: { person: Person; variables: Record<string, unknown> },
  large: { person: Person; variables: Record<string, unknown> },
  lengthOf: (data: Record<string, unknown>) => number,
  sizes: [number, number] = [2, 20],
): Promise<number> {
  // The first request of a person or of a search also keeps last_seen_at and fills caches.
  await statementsOf(small.person, query, small.variables);
  await statementsOf(large.person, query, large.variables);
  const two = await statementsOf(small.person, query, small.variables);
  const twenty = await statementsOf(large.person, query, large.variables);
  expect(lengthOf(two.res.data!)).toBe(sizes[0]);
  expect(lengthOf(twenty.res.data!)).toBe(sizes[1]);
  expect({ statements: twenty.statements }).toEqual({ statements: two.statements });
  expect([...twenty.texts].sort()).toEqual([...two.texts].sort());
  return two.statements;
}

/** A person with `count` chats: a direct message, a group and a plan chat in turn, each with a message. */
async function withChats(count: number): Promise<{ person: Person; variables: Record<string, unknown> }> {
  const viewer = await newPerson(t, 'Lister');
  for (let index = 0; index < count; index++) {
    const other = await buildUser(db(), `Other${index}`);
    if (index % 3 === 0) {
      const pair = viewer.userId < other.id ? `${viewer.userId}:${other.id}` : `${other.id}:${viewer.userId}`;
      const [chat] = await db()
        .insert(chats)
        .values({ key: `dm${viewer.userId}x${other.id}`, type: 'd', dmPair: pair })
        .returning();
      await db()
        .insert(chatMembers)
        .values([
          { chatId: chat!.id, userId: viewer.userId },
          { chatId: chat!.id, userId: other.id },
        ]);
      await buildMessage(db(), chat!.id, other.id, 'hello');
    } else if (index % 3 === 1) {
      const { chat } = await buildGroup(db(), other.id, [{ userId: viewer.userId }], { isPublic: true });
      await buildMessage(db(), chat.id, other.id, 'hi all');
    } else {
      const { chat } = await buildPlan(db(), other.id, [
        { userId: other.id, response: 'ATTENDING' },
        { userId: viewer.userId, response: 'ATTENDING' },
      ]);
      await db()
        .insert(chatMembers)
        .values([
          { chatId: chat.id, userId: viewer.userId },
          { chatId: chat.id, userId: other.id },
        ]);
      await buildMessage(db(), chat.id, other.id, 'see you');
    }
  }
  return { person: viewer, variables: {} };
}

describe('statements per request do not grow with a list', () => {
  it('chat list (direct, group and plan chats)', async () => {
    await expectFlat(
      `{ myChats { key type unreadCount lastMessageAt group { key title } plan { key title }
         otherUser { id username fullName image } lastChat { text user { id fullName } } pivot { isHidden lastSeenSeq } }
         hidden: myChats(hidden: true) { key } }`,
      // One chat of each kind in the short list, so both lists ask the same kinds of question.
      await withChats(3),
      await withChats(20),
      (data) => (data.myChats as unknown[]).length,
      [3, 20],
    );
  });

  it('chat list: its groups come with the viewer’s membership of each, in the list’s statement', async () => {
    const viewer = await newPerson(t, 'Viewer');
    const owner = await buildUser(db(), 'Owner');
    const query = '{ myChats { key permissions { read sendMessage } group { key } } }';
    await statementsOf(viewer, query, {});
    const none = await statementsOf(viewer, query, {});
    for (let index = 0; index < 2; index++) await buildGroup(db(), owner.id, [{ userId: viewer.userId }]);
    await statementsOf(viewer, query, {});
    const two = await statementsOf(viewer, query, {});
    const chats = (two.res.data as { myChats: Array<{ permissions: { read: boolean } }> }).myChats;
    expect(chats.map((chat) => chat.permissions.read)).toEqual([true, true]);
    // The groups' rows and the viewer's membership of them (for the chats' permissions) come with
    // the list (one statement more before).
    expect(two.statements - none.statements).toBe(0);
  });

  it('chat list: its groups, plans, other people and last senders come in the list’s one statement, as a chat room reads them', async () => {
    const { person } = await withChats(6);
    // The senders as the web's list shows them (LAST_CHAT_FIELDS): their names.
    const fields = `key type unreadCount group { key title } plan { key title }
      otherUser { id first friendshipStatus canDm } lastChat { text user { id username first fullName } }
      permissions { read sendMessage deleteOthers } canRemove`;
    const list = `{ myChats { ${fields} } }`;
    await statementsOf(person, list, {});
    const nothing = await statementsOf(person, 'query { __typename }', {});
    const read = await statementsOf(person, list, {});
    const shown = read.res.data!.myChats as Array<Record<string, unknown> & { key: string; type: string }>;
    expect(shown.map((chat) => chat.type).sort()).toEqual(['d', 'd', 'g', 'g', 'p', 'p']);
    // The list's one statement: nothing for the chats' groups, plans, people or senders (four before).
    expect(read.statements - nothing.statements, read.texts.join('\n')).toBe(1);
    // The senders' ties toward the viewer are not read with the list: asked, they come for every
    // sender in one statement more, not one a sender. The viewer and a group's sender are friends,
    // another's sender follows the viewer.
    const groupSenders = shown
      .filter((chat) => chat.type === 'g')
      .map((chat) => Number((chat.lastChat as { user: { id: string | number } }).user.id));
    await db()
      .insert(follows)
      .values([
        { userId: person.userId, targetId: groupSenders[0]!, status: 'FOLLOWING' },
        { userId: groupSenders[0]!, targetId: person.userId, status: 'FOLLOWING' },
        { userId: groupSenders[1]!, targetId: person.userId, status: 'REQUESTED' },
      ]);
    const tied = `{ myChats { key lastChat { user { id friendshipStatus } } } }`;
    await statementsOf(person, tied, {});
    const withTies = await statementsOf(person, tied, {});
    expect(withTies.statements - nothing.statements, withTies.texts.join('\n')).toBe(2);
    const senders = (withTies.res.data!.myChats as Array<{ key: string; lastChat: { user: unknown } }>).map(
      (chat) => [chat.key, chat.lastChat.user],
    );
    expect(senders.map(([, user]) => (user as { friendshipStatus: string }).friendshipStatus).sort()).toEqual(
      ['', '', '', '', 'FRIENDS', 'THEY_REQUESTED'],
    );
    // Each entry as the chat room (its own statement, chat-state.ts) answers the same fields.
    for (const chat of shown) {
      const room = await t.gql<{ chat: Record<string, unknown> & { lastChat: { user: unknown } } }>(
        `query ($key: String!) { chat(key: $key) { ${fields} } tied: chat(key: $key) { lastChat { user { id friendshipStatus } } } }`,
        { key: chat.key },
        person.headers,
      );
      expect(room.errors).toBeUndefined();
      expect(chat).toEqual(room.data!.chat);
      expect(senders.find(([key]) => key === chat.key)?.[1]).toEqual(
        (room.data as unknown as { tied: { lastChat: { user: unknown } } }).tied.lastChat.user,
      );
    }
  });

  it('chat list: the hidden chats, the last messages and their senders come with the list', async () => {
    const { person } = await withChats(3);
    const owner = await buildUser(db(), 'Quiet');
    const { group: quiet } = await buildGroup(db(), owner.id, [{ userId: person.userId }], {
      isPublic: true,
    });
    const before = await t.gql<{ myChats: Array<{ key: string; group: { key: string } | null }> }>(
      '{ myChats { key group { key } } }',
      {},
      person.headers,
    );
    // The group chat with a message is hidden: its access is read with the shown group's.
    const loud = before.data!.myChats.find((chat) => chat.group !== null && chat.group.key !== quiet.key)!;
    await db()
      .update(chatMembers)
      .set({ isHidden: true })
      .where(
        and(
          eq(chatMembers.userId, person.userId),
          eq(chatMembers.chatId, sql`(SELECT id FROM chats WHERE key = ${loud.key})`),
        ),
      );
    const list = '{ myChats { key otherUser { id username } } }';
    const full = `{ myChats { key type group { key } otherUser { id username } lastChat { text user { id fullName } } }
      hidden: myChats(hidden: true) { key lastChat { text } } }`;
    await statementsOf(person, full, {});
    const alone = await statementsOf(person, list, {});
    const all = await statementsOf(person, full, {});
    const shown = all.res.data!.myChats as Array<{
      type: string;
      group: { key: string } | null;
      lastChat: { text: string; user: { id: number } } | null;
    }>;
    expect(shown.map((chat) => chat.type).sort()).toEqual(['d', 'g', 'p']);
    expect(shown.find((chat) => chat.type === 'g')).toMatchObject({
      group: { key: quiet.key },
      lastChat: null,
    });
    expect(
      shown
        .filter((chat) => chat.lastChat)
        .map((chat) => chat.lastChat!.text)
        .sort(),
    ).toEqual(['hello', 'see you']);
    expect(all.res.data!.hidden).toEqual([{ key: loud.key, lastChat: { text: 'hi all' } }]);
    // Before: one statement more for the hidden list, one for the last messages, one for their senders.
    expect({ statements: all.statements }).toEqual({ statements: alone.statements });
  });

  it('a page of messages from as many senders', async () => {
    const viewer = await newPerson(t, 'Reader');
    const make = async (count: number) => {
      const senders = await Promise.all(
        Array.from({ length: count }, (_, i) => buildUser(db(), `Sender${i}`)),
      );
      const { chat } = await buildGroup(
        db(),
        viewer.userId,
        senders.map((s) => ({ userId: s.id })),
        { isPublic: true },
      );
      for (const sender of senders) await buildMessage(db(), chat.id, sender.id, `from ${sender.first}`);
      return { person: viewer, variables: { key: chat.key } };
    };
    await expectFlat(
      `query ($key: String!) { chat(key: $key) { key lastRev
         messages(limit: 50) { canLoadPrev messages { key seq text threadCount user { id username fullName image } } } } }`,
      await make(2),
      await make(20),
      (data) => (data.chat as { messages: { messages: unknown[] } }).messages.messages.length,
    );
  });

  it('plan attendees', async () => {
    const viewer = await newPerson(t, 'Guest');
    const make = async (count: number) => {
      const people = await Promise.all(Array.from({ length: count }, (_, i) => buildUser(db(), `Going${i}`)));
      const { plan } = await buildPlan(
        db(),
        people[0]!.id,
        people.map((p) => ({ userId: p.id, response: 'ATTENDING' })),
      );
      return { person: viewer, variables: { key: plan.key } };
    };
    await expectFlat(
      `query ($key: String!) { planAttendees(key: $key, responses: [ATTENDING]) {
         attendees { response user { id username fullName image friendshipStatus } } } }`,
      await make(2),
      await make(20),
      (data) => (data.planAttendees as { attendees: unknown[] }).attendees.length,
    );
  });

  it('explore near a place', async () => {
    const viewer = await newPerson(t, 'Explorer');
    const make = async (count: number, latitude: number) => {
      for (let index = 0; index < count; index++) {
        const host = await buildUser(db(), `Host${index}`);
        const { plan } = await buildPlan(db(), host.id, [{ userId: host.id, response: 'ATTENDING' }]);
        await db()
          .update(plans)
          .set({ latitude: Math.round((latitude + index / 1000) * 1e6), longitude: 20_000_000, city: 'Far' })
          .where(eq(plans.id, plan.id));
      }
      return { person: viewer, variables: { near: { latitude, longitude: 20 } } };
    };
    await expectFlat(
      `query ($near: CoordinatesInput) { explore(near: $near, limit: 30) {
         plans { key title attendingOrInterestedCount place { name city } } groups { key } people { id } } }`,
      await make(2, -40),
      await make(20, 60),
      (data) => (data.explore as { plans: unknown[] }).plans.length,
    );
  });

  it('search', async () => {
    const viewer = await newPerson(t, 'Seeker');
    const make = async (count: number, word: string) => {
      for (let index = 0; index < count; index++) {
        const host = await buildUser(db(), `Maker${index}`);
        const { plan } = await buildPlan(db(), host.id, [{ userId: host.id, response: 'ATTENDING' }]);
        await db()
          .update(plans)
          .set({ title: `${word} meetup ${index}` })
          .where(eq(plans.id, plan.id));
      }
      return { person: viewer, variables: { text: word } };
    };
    await expectFlat(
      `query ($text: String!) { search(text: $text, limit: 30) {
         plans { key title attendingOrInterestedCount place { name } } groups { key } people { id } } }`,
      await make(2, 'zorblax'),
      await make(20, 'quokkafest'),
      (data) => (data.search as { plans: unknown[] }).plans.length,
    );
  });

  it('activity feed', async () => {
    const make = async (count: number) => {
      const viewer = await newPerson(t, 'Notified');
      for (let index = 0; index < count; index++) {
        const creator = await buildUser(db(), `Friend${index}`);
        await db()
          .insert(activities)
          .values({
            receiverId: viewer.userId,
            creatorId: creator.id,
            type: 'FRIEND_REQUEST',
            action: 'requested',
            modelType: 'User',
            modelId: creator.id,
            href: `/${creator.username}`,
            message: `${creator.first} wants to be friends`,
          });
      }
      return { person: viewer, variables: {} };
    };
    const two = await make(2);
    await expectFlat(
      `{ myActivities(limit: 30) { unreadCount nextMarker
         activities { id type message timeAgo model { typename id } creator { id username fullName image } } } }`,
      two,
      await make(20),
      (data) => (data.myActivities as { activities: unknown[] }).activities.length,
    );
    // The web's badge asks for the count alone: the page is not read for it.
    const badge = await statementsOf(two.person, '{ myActivities(limit: 1) { unreadCount } }', {});
    const withPage = await statementsOf(
      two.person,
      '{ myActivities(limit: 1) { unreadCount activities { id } } }',
      {},
    );
    expect(badge.res.data).toEqual({ myActivities: { unreadCount: 2 } });
    expect((withPage.res.data!.myActivities as { unreadCount: number }).unreadCount).toBe(2);
    // The page and its people's rows (read for the page's creators) are what the badge skips.
    expect({ badge: badge.statements }).toEqual({ badge: withPage.statements - 2 });
    // The count and when the feed was last checked: one statement between them.
    const nothing = await statementsOf(two.person, 'query { __typename }', {});
    expect({ badge: badge.statements - nothing.statements }).toEqual({ badge: 1 });
    await t.gql('mutation { clearNotifications(type: ALL) }', {}, two.person.headers);
    const checked = await statementsOf(
      two.person,
      '{ myActivities(limit: 1) { unreadCount lastChecked } }',
      {},
    );
    expect(checked.res.data).toEqual({ myActivities: { unreadCount: 0, lastChecked: expect.any(String) } });
    expect({ checked: checked.statements - nothing.statements }).toEqual({ checked: 1 });
  });
});

describe('a chat’s state for the viewer', () => {
  it('is read once, however many of its fields the query asks for', async () => {
    const viewer = await newPerson(t, 'Reader');
    const sender = await buildUser(db(), 'Sender');
    const { chat } = await buildGroup(db(), viewer.userId, [{ userId: sender.id }]);
    await buildMessage(db(), chat.id, sender.id, 'hello');
    const one = `query ($key: String!) { chat(key: $key) { key unreadCount } }`;
    const all = `query ($key: String!) { chat(key: $key) { key unreadCount
      pivot { isHidden muteUntil lastSeenSeq } again: unreadCount } }`;
    await statementsOf(viewer, all, { key: chat.key });
    const few = await statementsOf(viewer, one, { key: chat.key });
    const many = await statementsOf(viewer, all, { key: chat.key });
    expect(many.res.data).toEqual({
      chat: {
        key: chat.key,
        unreadCount: 1,
        pivot: { isHidden: false, muteUntil: null, lastSeenSeq: 0 },
        again: 1,
      },
    });
    expect({ statements: many.statements }).toEqual({ statements: few.statements });
  });

  it('comes with the chat in one statement when a chat room reads it by key', async () => {
    const viewer = await newPerson(t, 'Reader');
    const sender = await buildUser(db(), 'Sender');
    const { chat } = await buildGroup(db(), sender.id, [{ userId: viewer.userId }]);
    await buildMessage(db(), chat.id, sender.id, 'one');
    await buildMessage(db(), chat.id, sender.id, 'two');
    await buildMessage(db(), chat.id, viewer.userId, 'mine');
    const key = 'query ($key: String!) { chat(key: $key) { key } }';
    const state = `query ($key: String!) { chat(key: $key) { key unreadCount
      pivot { isHidden muteUntil lastSeenSeq } } }`;
    await statementsOf(viewer, state, { key: chat.key });
    const alone = await statementsOf(viewer, key, { key: chat.key });
    const withState = await statementsOf(viewer, state, { key: chat.key });
    // The viewer's own message is not unread.
    expect(withState.res.data).toEqual({
      chat: { key: chat.key, unreadCount: 2, pivot: { isHidden: false, muteUntil: null, lastSeenSeq: 0 } },
    });
    expect({ statements: withState.statements }).toEqual({ statements: alone.statements });
    // A stranger learns nothing of it: NOT_FOUND, as before.
    const stranger = await newPerson(t, 'Stranger');
    const refused = await t.gql(state, { key: chat.key }, stranger.headers);
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(refused.data?.chat ?? null).toBeNull();
  });
});

/**
 * PostgreSQL's plan for a statement a request sent (its text and parameters), with sequential scans
 * priced out: a test's tables are too small for the planner to prefer an index it would use at scale.
 */
async function planOf(statement: { text: string; params: unknown[] }): Promise<string> {
  const connection = await (db().$client as unknown as Pool).connect();
  try {
    await connection.query('SET enable_seqscan = off');
    const { rows } = await connection.query<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN ${statement.text}`,
      values: statement.params,
    });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await connection.query('RESET enable_seqscan');
    connection.release();
  }
}

/** People named `names` living a few hundred metres apart, north of `near`. */
async function peopleNear(near: { latitude: number; longitude: number }, names: string[]) {
  const people = await Promise.all(names.map((name) => buildUser(db(), name)));
  for (const [index, person] of people.entries()) {
    await db()
      .update(users)
      .set({
        latitude: Math.round((near.latitude + index / 1000) * 1e6),
        longitude: Math.round(near.longitude * 1e6),
      })
      .where(eq(users.id, person.id));
  }
  return people;
}

describe('a group', () => {
  it.runIf(process.env.DATABASE_URL)(
    'reads its member count from its own row (decision 0045), without counting its members',
    async () => {
      const viewer = await newPerson(t, 'Counter');
      const owner = await buildUser(db(), 'Owner');
      const others = await Promise.all(['Ann', 'Bo', 'Cy'].map((name) => buildUser(db(), name)));
      const { group } = await buildGroup(
        db(),
        owner.id,
        others.map((other) => ({ userId: other.id })),
        { isPublic: true },
      );
      const read = await statementsOf(viewer, 'query ($key: String!) { group(key: $key) { memberCount } }', {
        key: group.key,
      });
      expect(read.res.data).toEqual({ group: { memberCount: 4 } });
      expect(
        read.texts.filter((text) => /count\(\*\)/i.test(text) && /from group_members/i.test(text)),
      ).toEqual([]);
      const counts = read.texts.flatMap((text, index) =>
        /\bmember_count AS n\b/i.test(text) ? [{ text, params: read.params[index]! }] : [],
      );
      expect(counts).toHaveLength(1);
      expect(await planOf(counts[0]!)).toMatch(/Index Scan using groups_pkey/);
    },
  );
});

describe('explore near a place', () => {
  it.runIf(process.env.DATABASE_URL)(
    'finds the people it may show from their own index, without reading their rows',
    async () => {
      const viewer = await newPerson(t, 'Explorer');
      const near = { latitude: 48.5, longitude: 2.5 };
      const locals = await peopleNear(near, ['Ida', 'Jon', 'Kim']);
      const read = await statementsOf(
        viewer,
        'query ($near: CoordinatesInput) { explore(near: $near, radiusKm: 5, filter: PEOPLE) { people { id } } }',
        { near },
      );
      const shown = (read.res.data as { explore: { people: Array<{ id: number }> } }).explore.people;
      expect(shown.map((person) => Number(person.id)).sort()).toEqual(locals.map((local) => local.id).sort());
      const candidates = read.texts.flatMap((text, index) =>
        /WITH candidates AS/.test(text) && /FROM users u/.test(text)
          ? [{ text, params: read.params[index]! }]
          : [],
      );
      expect(candidates.length).toBeGreaterThan(0);
      for (const statement of candidates) {
        expect(await planOf(statement)).toMatch(/Index Only Scan using users_place_explorable/);
      }
    },
  );
});

describe('a chat room', () => {
  it('finds its last message in the newest page it reads, and reads it alone when the page has none to show', async () => {
    const viewer = await newPerson(t, 'Reader');
    const sender = await buildUser(db(), 'Sender');
    const { chat } = await buildGroup(db(), sender.id, [{ userId: viewer.userId }]);
    const shown = await buildMessage(db(), chat.id, sender.id, 'shown');
    const deleted = await buildMessage(db(), chat.id, sender.id, 'deleted');
    await db().update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, deleted.id));
    const page = (limit: number) => `query ($key: String!) { chat(key: $key) { key
      messages(limit: ${limit}) { messages { key } } } }`;
    const room = (limit: number) => `query ($key: String!) { chat(key: $key) { key
      messages(limit: ${limit}) { messages { key } } lastChat { key text } } }`;
    await statementsOf(viewer, room(2), { key: chat.key });
    const pageAlone = await statementsOf(viewer, page(2), { key: chat.key });
    const withLast = await statementsOf(viewer, room(2), { key: chat.key });
    // The newest page holds the deleted message and the one before it: that one is the last.
    expect(withLast.res.data).toEqual({
      chat: {
        key: chat.key,
        messages: { messages: [{ key: shown.key }, { key: deleted.key }] },
        lastChat: { key: shown.key, text: 'shown' },
      },
    });
    expect({ statements: withLast.statements }).toEqual({ statements: pageAlone.statements });
    // A page of the deleted message alone shows nothing to take: the last is read on its own.
    const onlyDeleted = await statementsOf(viewer, room(1), { key: chat.key });
    expect((onlyDeleted.res.data as { chat: { lastChat: { key: string } } }).chat.lastChat.key).toBe(
      shown.key,
    );
    expect(onlyDeleted.statements).toBe(pageAlone.statements + 1);
  });

  it('reads its group, plan or other person, with what its access needs, in the statement that reads the chat', async () => {
    const viewer = await newPerson(t, 'Roomer');
    const other = await newPerson(t, 'Roomother');
    const host = await buildUser(db(), 'Roomhost');
    const { group, chat: groupChat } = await buildGroup(db(), host.id, [{ userId: viewer.userId }]);
    const { plan, chat: planChat } = await buildPlan(
      db(),
      host.id,
      [{ userId: viewer.userId, response: 'ATTENDING' }],
      {
        isPublic: true,
      },
    );
    const opened = await t.gql<{ openDirectChat: { key: string } }>(
      'mutation ($u: Int!) { openDirectChat(userId: $u) { key } }',
      { u: other.userId },
      viewer.headers,
    );
    expect(opened.errors).toBeUndefined();
    const room = `query ($key: String!) { chat(key: $key) { key type
      group { key title } plan { key title } otherUser { id first friendshipStatus canDm }
      permissions { read sendMessage pollCreate deleteOthers } canRemove canSetRateLimit } }`;
    const expected = {
      [groupChat.key]: {
        type: 'g',
        group: { key: group.key, title: group.title },
        plan: null,
        otherUser: null,
        permissions: { read: true, sendMessage: true, pollCreate: true, deleteOthers: false },
        canRemove: false,
        canSetRateLimit: false,
      },
      [planChat.key]: {
        type: 'p',
        group: null,
        plan: { key: plan.key, title: plan.title },
        otherUser: null,
        permissions: { read: true, sendMessage: true, pollCreate: true, deleteOthers: false },
        canRemove: false,
        canSetRateLimit: false,
      },
      [opened.data!.openDirectChat.key]: {
        type: 'd',
        group: null,
        plan: null,
        otherUser: { id: other.userId, first: 'Roomother', friendshipStatus: '', canDm: true },
        permissions: { read: true, sendMessage: true, pollCreate: true, deleteOthers: false },
        canRemove: true,
        canSetRateLimit: false,
      },
    };
    for (const [key, answer] of Object.entries(expected)) {
      await statementsOf(viewer, room, { key });
      const nothing = await statementsOf(viewer, 'query { __typename }', {});
      const read = await statementsOf(viewer, room, { key });
      expect(read.res.data).toEqual({ chat: { key, ...answer } });
      // The chat with the viewer's state and what its access is read from: one statement (two before).
      expect(read.statements - nothing.statements, `${answer.type}: ${read.texts.join('\n')}`).toBe(1);
    }
    // Someone outside the group, and the other person of another's direct message, learn nothing.
    const stranger = await newPerson(t, 'Roomstranger');
    for (const key of [groupChat.key, opened.data!.openDirectChat.key]) {
      const refused = await t.gql(room, { key }, stranger.headers);
      expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('knows whether any thread is unseen from the statement that reads the chat', async () => {
    const viewer = await newPerson(t, 'Threader');
    const sender = await buildUser(db(), 'Poster');
    const { chat } = await buildGroup(db(), sender.id, [{ userId: viewer.userId }]);
    const root = await buildMessage(db(), chat.id, sender.id, 'a thread');
    const plain = 'query ($key: String!) { chat(key: $key) { key } }';
    const room = 'query ($key: String!) { chat(key: $key) { key hasUnseenThreads } }';
    await statementsOf(viewer, room, { key: chat.key });
    const alone = await statementsOf(viewer, plain, { key: chat.key });
    const none = await statementsOf(viewer, room, { key: chat.key });
    expect(none.res.data).toEqual({ chat: { key: chat.key, hasUnseenThreads: false } });
    expect({ statements: none.statements }).toEqual({ statements: alone.statements });
    // A reply after the viewer last looked at the thread tab: unseen, still without a statement of its own.
    await db()
      .update(messages)
      .set({ threadLastAt: new Date(), threadCount: 1 })
      .where(eq(messages.id, root.id));
    const unseen = await statementsOf(viewer, room, { key: chat.key });
    expect(unseen.res.data).toEqual({ chat: { key: chat.key, hasUnseenThreads: true } });
    expect({ statements: unseen.statements }).toEqual({ statements: alone.statements });
    // Looked at now: seen, in the mutation's answer (read on its own there) and in the next room.
    const seen = await t.gql<{ markThreadTabSeen: { hasUnseenThreads: boolean } }>(
      `mutation ($key: String!) { markThreadTabSeen(chatKey: $key) { hasUnseenThreads } }`,
      { key: chat.key },
      viewer.headers,
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.markThreadTabSeen.hasUnseenThreads).toBe(false);
    expect((await statementsOf(viewer, room, { key: chat.key })).res.data).toEqual({
      chat: { key: chat.key, hasUnseenThreads: false },
    });
  });

  it.runIf(process.env.DATABASE_URL)(
    'reads its threads, and whether any is unseen, from their own index in order, whatever the chat holds',
    async () => {
      const viewer = await newPerson(t, 'Threader');
      const sender = await buildUser(db(), 'Poster');
      const { chat } = await buildGroup(db(), sender.id, [{ userId: viewer.userId }]);
      for (let index = 0; index < 3; index++) {
        const root = await buildMessage(db(), chat.id, sender.id, `root ${index}`);
        await db()
          .update(messages)
          .set({ threadLastAt: new Date(Date.now() - index * 1000), threadCount: 1 })
          .where(eq(messages.id, root.id));
      }
      const read = await statementsOf(
        viewer,
        'query ($key: String!) { chat(key: $key) { hasUnseenThreads threads { key } } }',
        { key: chat.key },
      );
      // The thread list, and the chat read with its unseen threads (findChatWithState).
      const threads = read.texts.flatMap((text, index) =>
        /thread_last_at"? is not null/i.test(text) ? [{ text, params: read.params[index]! }] : [],
      );
      expect(threads).toHaveLength(2);
      // Without the index either statement reads every message of the chat (a sequential or a
      // chat_id scan, filtered), and the thread list sorts what it found.
      for (const statement of threads) {
        const plan = await planOf(statement);
        expect(plan).toContain('messages_chat_threads');
        expect(plan).not.toMatch(/Sort/);
      }
    },
  );
});

describe('sending a message', () => {
  it('looks its client id up once, and a retry answers the stored message', async () => {
    const sender = await newPerson(t, 'Sender');
    const other = await buildUser(db(), 'Other');
    const { chat } = await buildGroup(db(), sender.userId, [{ userId: other.id }]);
    const send = (clientId: string) =>
      countStatements(() =>
        t.gql<{ sendMessage: { key: string } }>(
          `mutation ($k: String!, $c: String!) { sendMessage(chatKey: $k, clientId: $c, text: "hi") { key } }`,
          { k: chat.key, c: clientId },
          sender.headers,
        ),
      );
    const lookups = (texts: string[]) =>
      texts.filter((text) => /"client_id" = \$\d+/.test(text) && /^select/i.test(text)).length;
    await send('warm-up');
    const first = await send('once');
    expect(first.result.errors).toBeUndefined();
    expect(lookups(first.texts)).toBe(1);
    const retry = await send('once');
    expect(retry.result.data).toEqual(first.result.data);
    expect(lookups(retry.texts)).toBe(1);
    expect(retry.statements).toBeLessThan(first.statements);
  });
});

/**
 * A plan page's query asked after a warm-up, and the plan by its key alone: what the page's fields
 * cost beyond the plan's own statement.
 */
async function pageAgainstBare(viewer: Person, page: string, key: string) {
  await statementsOf(viewer, page, { key });
  const bare = await statementsOf(viewer, 'query ($key: String!) { plan(key: $key) { key } }', { key });
  const full = await statementsOf(viewer, page, { key });
  return { bare, full };
}

describe('a plan page', () => {
  it('reads the plan by its key in one statement, and counts and samples the friends going in one', async () => {
    const viewer = await newPerson(t, 'Viewer');
    const host = await buildUser(db(), 'Host');
    const friends = await Promise.all(['Ada', 'Bo', 'Cy', 'Di'].map((name) => buildUser(db(), name)));
    await db()
      .insert(follows)
      .values(
        friends.flatMap((friend) => [
          { userId: viewer.userId, targetId: friend.id, status: 'FOLLOWING' as const },
          { userId: friend.id, targetId: viewer.userId, status: 'FOLLOWING' as const },
        ]),
      );
    const stranger = await buildUser(db(), 'Al');
    const { plan } = await buildPlan(
      db(),
      host.id,
      [...friends, stranger].map((person, index) => ({
        userId: person.id,
        response: index % 2 === 0 ? 'ATTENDING' : 'INTERESTED',
      })),
      { isPublic: true },
    );
    const sample = 'query ($key: String!) { plan(key: $key) { key pivot { friendSample { first } } } }';
    const both =
      'query ($key: String!) { plan(key: $key) { key pivot { friendCount friendSample { first } } } }';
    await statementsOf(viewer, both, { key: plan.key });
    const nothing = await statementsOf(viewer, 'query { __typename }', {});
    const one = await statementsOf(viewer, sample, { key: plan.key });
    const two = await statementsOf(viewer, both, { key: plan.key });
    // Friends by name, three of them; all four counted (the stranger in neither).
    expect(two.res.data).toEqual({
      plan: {
        key: plan.key,
        pivot: { friendCount: 4, friendSample: [{ first: 'Ada' }, { first: 'Bo' }, { first: 'Cy' }] },
      },
    });
    expect({ statements: two.statements }).toEqual({ statements: one.statements });
    // The plan with the viewer's access to it and its host's row (one statement by its key) and
    // the friends going (six before: the plan's id then its row, its access, the host, the friends
    // twice).
    expect(one.statements - nothing.statements).toBe(2);
  });

  it("reads its creator, with the viewer's ties to them, in the plan's one statement", async () => {
    const viewer = await newPerson(t, 'Guest');
    const friend = await buildUser(db(), 'Hostfriend');
    const followed = await buildUser(db(), 'Hostfollowed');
    const stranger = await buildUser(db(), 'Hoststranger');
    await db()
      .insert(follows)
      .values([
        { userId: viewer.userId, targetId: friend.id, status: 'FOLLOWING' as const },
        { userId: friend.id, targetId: viewer.userId, status: 'FOLLOWING' as const },
        { userId: viewer.userId, targetId: followed.id, status: 'FOLLOWING' as const },
      ]);
    const page = `query ($key: String!) { plan(key: $key) { key
      creator { id first isPublic friendshipStatus canDm } } }`;
    for (const [host, status] of [
      [friend, 'FRIENDS'],
      [followed, 'FOLLOWING'],
      [stranger, ''],
    ] as const) {
      const { plan } = await buildPlan(db(), host.id, [], { isPublic: true });
      await statementsOf(viewer, page, { key: plan.key });
      const nothing = await statementsOf(viewer, 'query { __typename }', {});
      const full = await statementsOf(viewer, page, { key: plan.key });
      const creator = (full.res.data as { plan: { creator: Record<string, unknown> } }).plan.creator;
      expect(creator).toMatchObject({ id: host.id, first: host.first, friendshipStatus: status });
      // The plan's one statement, and nothing for its creator (two before).
      expect(full.statements - nothing.statements, `${status || 'none'}: ${full.texts.join('\n')}`).toBe(1);
      // The same as the person's own query answers.
      const person = await t.gql<{ userProfile: Record<string, unknown> }>(
        `query ($id: Int!) { userProfile(id: $id) { id first isPublic friendshipStatus canDm } }`,
        { id: host.id },
        viewer.headers,
      );
      expect(person.errors).toBeUndefined();
      expect(creator).toEqual(person.data!.userProfile);
    }
  });

  it('reads its hashtags in one statement, the same text for one hashtag as for four', async () => {
    const viewer = await newPerson(t, 'Tagger');
    const host = await buildUser(db(), 'Tagged');
    await db()
      .insert(hashtags)
      .values([
        { name: 'stmtclimbing', emoji: '🧗' },
        { name: 'stmthiking', emoji: '🥾' },
      ]);
    const planTagged = async (tags: string[]) => {
      const { plan } = await buildPlan(db(), host.id, [], { isPublic: true });
      await db().update(plans).set({ hashtags: tags }).where(eq(plans.id, plan.id));
      return { person: viewer, variables: { key: plan.key } };
    };
    const query = 'query ($key: String!) { plan(key: $key) { hashtags { name emoji } } }';
    const tagsOf = (data: Record<string, unknown>) =>
      (data.plan as { hashtags: Array<{ name: string; emoji: string | null }> }).hashtags;
    const one = await planTagged(['stmtHiking']);
    const four = await planTagged(['StmtClimbing', 'stmthiking', 'stmtbouldering', 'stmtoutdoors']);
    await expectFlat(query, one, four, (data) => tagsOf(data).length, [1, 4]);
    // Known hashtags by their name whatever its case, the others by the plan's own spelling.
    const read = await statementsOf(viewer, query, four.variables);
    expect(tagsOf(read.res.data!)).toEqual([
      { name: 'stmtclimbing', emoji: '🧗' },
      { name: 'stmthiking', emoji: '🥾' },
      { name: 'stmtbouldering', emoji: null },
      { name: 'stmtoutdoors', emoji: null },
    ]);
  });

  it("reads a list's cards without the viewer's facts, and the facts of all of them in one more statement when a field asks", async () => {
    const viewer = await newPerson(t, 'Viewer');
    for (let index = 0; index < 3; index++) {
      const host = await buildUser(db(), `Host${index}`);
      const { plan } = await buildPlan(db(), host.id, [], { isPublic: true });
      await db()
        .update(plans)
        .set({ latitude: Math.round((-30 + index / 1000) * 1e6), longitude: -50_000_000, city: 'Far' })
        .where(eq(plans.id, plan.id));
    }
    const explore = (fields: string) =>
      statementsOf(
        viewer,
        `query ($near: CoordinatesInput) { explore(near: $near, filter: EVENTS) { plans { ${fields} } } }`,
        { near: { latitude: -30, longitude: -50 } },
      );
    // Asked twice, a place's lists are read once for everyone (decision 0048): two warm-ups.
    await explore('key authorization { accessLevel invited }');
    await explore('key authorization { accessLevel invited }');
    const keys = await explore('key');
    const access = await explore('key authorization { accessLevel invited }');
    expect((access.res.data as { explore: { plans: unknown[] } }).explore.plans).toHaveLength(3);
    // The cards as the web asks them (explore, search: what the plan is) read no facts (rowViewOf);
    // the viewer's facts toward the three plans come in one statement when a field asks for them.
    const facts = (texts: string[]) => texts.filter((text) => text.includes('AS is_creator')).length;
    expect(facts(keys.texts)).toBe(0);
    expect(facts(access.texts)).toBe(1);
    expect(access.statements).toBe(keys.statements + 1);
  });

  it('explore reads its people in one statement, and its plans’ creators only when asked, in one more', async () => {
    const viewer = await newPerson(t, 'Viewer');
    const near = { latitude: 12.5, longitude: 101.5 };
    const at = (index: number) => ({
      latitude: Math.round((near.latitude + index / 1000) * 1e6),
      longitude: Math.round(near.longitude * 1e6),
    });
    for (let index = 0; index < 3; index++) {
      const host = await buildUser(db(), `Host${index}`);
      const { plan } = await buildPlan(db(), host.id, [], { isPublic: true });
      await db()
        .update(plans)
        .set({ ...at(index), city: 'Far' })
        .where(eq(plans.id, plan.id));
      const local = await buildUser(db(), `Local${index}`);
      await db().update(users).set(at(index)).where(eq(users.id, local.id));
      // A card shows its plan's picture, else its creator's: the first plan has one, the second's
      // creator has one, the third has neither.
      if (index === 0)
        await db()
          .update(plans)
          .set({ image: '/media/PlanPicture0000001.webp' })
          .where(eq(plans.id, plan.id));
      if (index === 1)
        await db()
          .update(users)
          .set({ image: '/media/HostPicture0000001.webp' })
          .where(eq(users.id, host.id));
    }
    const explore = (fields: string) =>
      statementsOf(
        viewer,
        `query ($near: CoordinatesInput) { explore(near: $near, radiusKm: 5) { ${fields} } }`,
        { near },
      );
    const lists = 'plans { key creator { id username } } people { id username }';
    await explore(lists);
    const read = await explore(lists);
    const data = read.res.data as {
      explore: { plans: Array<{ creator: { username: string } }>; people: Array<{ username: string }> };
    };
    expect(data.explore.plans.map((plan) => plan.creator.username.split('_')[0]).sort()).toEqual([
      'host0',
      'host1',
      'host2',
    ]);
    expect(data.explore.people.length).toBeGreaterThanOrEqual(3);
    // People's rows by id: the people listed in one statement, the plans' creators in another.
    const rowsById = (texts: string[]) =>
      texts.filter((text) => /from "users" where "users"\."id" = ANY/i.test(text));
    expect(rowsById(read.texts)).toHaveLength(2);
    // As the web asks (its cards show a plan's picture, or its creator's, not the creator): the
    // people alone; the creators' pictures come with the cards' rows.
    const cards = 'plans { key image } people { id username }';
    await explore(cards);
    const web = await explore(cards);
    const images = (
      web.res.data as { explore: { plans: Array<{ image: string | null }> } }
    ).explore.plans.map((plan) => plan.image);
    expect(images.sort()).toEqual(['/media/HostPicture0000001.webp', '/media/PlanPicture0000001.webp', null]);
    expect(rowsById(web.texts)).toHaveLength(1);
  });

  it('plan cards read their rows, the viewer’s facts and their counts in one statement', async () => {
    const viewer = await newPerson(t, 'Viewer');
    const near = { latitude: -41.5, longitude: 173.5 };
    const goers = await Promise.all(['Ada', 'Bo', 'Cy'].map((name) => buildUser(db(), name)));
    const made: Array<{ key: string; going: number }> = [];
    for (let index = 0; index < 3; index++) {
      const host = await buildUser(db(), `Host${index}`);
      const { plan } = await buildPlan(
        db(),
        host.id,
        goers.slice(0, index + 1).map((goer, n) => ({
          userId: goer.id,
          response: n % 2 === 0 ? ('ATTENDING' as const) : ('INTERESTED' as const),
        })),
        { isPublic: true },
      );
      await db()
        .update(plans)
        .set({
          latitude: Math.round((near.latitude + index / 1000) * 1e6),
          longitude: Math.round(near.longitude * 1e6),
        })
        .where(eq(plans.id, plan.id));
      made.push({ key: plan.key, going: index + 1 });
    }
    const explore = `query ($near: CoordinatesInput) { explore(near: $near, radiusKm: 5, filter: EVENTS) {
      plans { key attendingOrInterestedCount isPublic authorization { accessLevel } } } }`;
    for (const person of [viewer, null]) {
      const ask = () =>
        person
          ? statementsOf(person, explore, { near })
          : countStatements(() => t.gql(explore, { near })).then(({ result, texts }) => ({
              res: result,
              texts,
            }));
      await ask();
      const read = await ask();
      const shown = (
        read.res.data as { explore: { plans: Array<{ key: string; attendingOrInterestedCount: number }> } }
      ).explore.plans;
      expect(shown.map((plan) => [plan.key, plan.attendingOrInterestedCount]).sort()).toEqual(
        made.map((plan) => [plan.key, plan.going]).sort(),
      );
      expect(read.texts.filter((text) => /WITH k\(plan_id, occurrence\)/.test(text))).toEqual([]);
      expect(read.texts.filter((text) => /from "plans" where "plans"\."id" = ANY/i.test(text))).toHaveLength(
        1,
      );
    }
  });

  it('search reads the rows of its plans, groups and people once, as their fields read them', async () => {
    const viewer = await newPerson(t, 'Viewer');
    for (let index = 0; index < 3; index++) {
      const host = await buildUser(db(), `Numbat${index}`);
      const { plan } = await buildPlan(db(), host.id, [], { isPublic: true });
      await db()
        .update(plans)
        .set({ title: `Numbat walk ${index}` })
        .where(eq(plans.id, plan.id));
      const { group } = await buildGroup(db(), host.id, [], { isPublic: true });
      await db()
        .update(groups)
        .set({ title: `Numbat club ${index}` })
        .where(eq(groups.id, group.id));
    }
    const query = `query { search(text: "numbat") {
      plans { key title image startsAt start { utc } attendingOrInterestedCount creator { id username } }
      groups { key title memberCount isPublic shareUrl }
      people { id username fullName isPublic friendshipStatus }
    } }`;
    await statementsOf(viewer, query, {});
    const read = await statementsOf(viewer, query, {});
    const data = read.res.data as {
      search: {
        plans: Array<{ title: string; startsAt: string; start: { utc: string } }>;
        groups: Array<{ title: string; memberCount: number }>;
        people: Array<{ username: string }>;
      };
    };
    expect(data.search.plans.map((plan) => plan.title).sort()).toEqual([
      'Numbat walk 0',
      'Numbat walk 1',
      'Numbat walk 2',
    ]);
    for (const plan of data.search.plans) expect(new Date(plan.startsAt).toISOString()).toBe(plan.start.utc);
    expect(data.search.groups.map((group) => [group.title, group.memberCount]).sort()).toEqual([
      ['Numbat club 0', 1],
      ['Numbat club 1', 1],
      ['Numbat club 2', 1],
    ]);
    expect(data.search.people.map((person) => person.username.split('_')[0]).sort()).toEqual([
      'numbat0',
      'numbat1',
      'numbat2',
    ]);
    const byIds = (table: string) =>
      read.texts.filter((text) =>
        new RegExp(`from "${table}" where "${table}"\\."id" = ANY`, 'i').test(text),
      );
    // Each kind's rows by id once: the plans with the viewer's facts, the groups with their
    // membership, the people (those listed and the plans' creators) with their ties to the viewer.
    expect(byIds('plans')).toHaveLength(1);
    expect(byIds('groups')).toHaveLength(1);
    expect(byIds('users')).toHaveLength(1);
    expect(read.texts.filter((text) => /JOIN users u ON u\.id = p\.creator_id/i.test(text))).toEqual([]);
  });

  it('explore’s and search’s group cards take their member counts from the page, and count right', async () => {
    const viewer = await newPerson(t, 'Viewer');
    const near = { latitude: -33.5, longitude: 151.5 };
    const sizes = [1, 3, 2];
    for (const [index, size] of sizes.entries()) {
      const owner = await buildUser(db(), `Owner${index}`);
      const members = await Promise.all(
        Array.from({ length: size - 1 }, (_, member) => buildUser(db(), `Member${index}_${member}`)),
      );
      const { group } = await buildGroup(
        db(),
        owner.id,
        members.map((member) => ({ userId: member.id })),
        { isPublic: true },
      );
      await db()
        .update(groups)
        .set({
          latitude: Math.round((near.latitude + index / 1000) * 1e6),
          longitude: Math.round(near.longitude * 1e6),
          title: `Wombatry ${index}`,
        })
        .where(eq(groups.id, group.id));
    }
    const memberCounts = (texts: string[]) =>
      texts.filter(
        (text) =>
          /count\(\*\)/i.test(text) &&
          /FROM group_members\s+WHERE status = 'member' AND group_id = ANY/i.test(text),
      );
    const explore = `query ($near: CoordinatesInput) { explore(near: $near, radiusKm: 5, filter: GROUPS) {
      groups { memberCount } } }`;
    await statementsOf(viewer, explore, { near });
    const read = await statementsOf(viewer, explore, { near });
    const shown = (read.res.data as { explore: { groups: Array<{ memberCount: number }> } }).explore.groups;
    expect(shown.map((group) => group.memberCount).sort()).toEqual([1, 2, 3]);
    expect(memberCounts(read.texts)).toEqual([]);
    const search = 'query { search(text: "wombatry", context: GROUPS) { groups { memberCount } } }';
    await statementsOf(viewer, search, {});
    const found = await statementsOf(viewer, search, {});
    const cards = (found.res.data as { search: { groups: Array<{ memberCount: number }> } }).search.groups;
    expect(cards.map((group) => group.memberCount).sort()).toEqual([1, 2, 3]);
    expect(memberCounts(found.texts)).toEqual([]);
  });

  it("reads the viewer's answer, the counts and the plan chat's key with the plan, in its one statement", async () => {
    const viewer = await newPerson(t, 'Viewer');
    const host = await buildUser(db(), 'Host');
    const others = await Promise.all(['Ada', 'Bo'].map((name) => buildUser(db(), name)));
    const { plan } = await buildPlan(
      db(),
      host.id,
      [
        { userId: viewer.userId, response: 'INTERESTED' },
        ...others.map((person) => ({ userId: person.id, response: 'ATTENDING' as const })),
      ],
      { isPublic: true },
    );
    const page = `query ($key: String!) { plan(key: $key) {
      key attendingOrInterestedCount chatKey authorization { attending interested invited }
    } }`;
    // The first asking makes the plan chat; afterwards it is read.
    const { bare, full } = await pageAgainstBare(viewer, page, plan.key);
    expect(full.res.data).toEqual({
      plan: {
        key: plan.key,
        attendingOrInterestedCount: 3,
        chatKey: expect.any(String),
        authorization: { attending: false, interested: true, invited: false },
      },
    });
    expect(full.statements).toBe(bare.statements);
  });

  it("reads the viewer's mute and the plan's hashtags with the plan, in its one statement", async () => {
    const viewer = await newPerson(t, 'Muter');
    const host = await buildUser(db(), 'Muted');
    const { plan } = await buildPlan(db(), host.id, [{ userId: viewer.userId, response: 'ATTENDING' }], {
      isPublic: true,
    });
    await db().insert(hashtags).values({ name: 'pagetagpicnic', emoji: '🧺' });
    await db()
      .update(plans)
      .set({ hashtags: ['PageTagPicnic', 'pagetagunknown'] })
      .where(eq(plans.id, plan.id));
    const until = new Date(Date.now() + 86_400_000);
    await db().execute(
      sql`INSERT INTO notification_mutes (user_id, subject, until) VALUES (${viewer.userId}, ${`plan:${plan.id}`}, ${until.toISOString()}::timestamptz)`,
    );
    const page = `query ($key: String!) { plan(key: $key) { key notificationsMutedUntil hashtags { name emoji } } }`;
    const { bare, full } = await pageAgainstBare(viewer, page, plan.key);
    expect(full.res.data).toEqual({
      plan: {
        key: plan.key,
        notificationsMutedUntil: until.toISOString(),
        hashtags: [
          { name: 'pagetagpicnic', emoji: '🧺' },
          { name: 'pagetagunknown', emoji: null },
        ],
      },
    });
    expect(full.statements).toBe(bare.statements);
    // A mute that ended is no mute; a signed-out visitor has none.
    await db().execute(
      sql`UPDATE notification_mutes SET until = now() - interval '1 minute' WHERE user_id = ${viewer.userId}`,
    );
    const ended = await statementsOf(viewer, page, { key: plan.key });
    expect(
      (ended.res.data!.plan as { notificationsMutedUntil: string | null }).notificationsMutedUntil,
    ).toBeNull();
  });
});

describe('people’s rows', () => {
  it('come with the viewer’s ties: their friendship status and canDm cost no statement more', async () => {
    const viewer = await newPerson(t, 'Viewer');
    const near = { latitude: -33.5, longitude: 151.5 };
    const locals = await peopleNear(near, ['Ada', 'Bo', 'Cy']);
    await db()
      .insert(follows)
      .values([
        { userId: viewer.userId, targetId: locals[0]!.id, status: 'FOLLOWING' as const },
        { userId: locals[0]!.id, targetId: viewer.userId, status: 'FOLLOWING' as const },
        { userId: viewer.userId, targetId: locals[1]!.id, status: 'FOLLOWING' as const },
        { userId: locals[2]!.id, targetId: viewer.userId, status: 'BLOCKED' as const },
      ]);
    const people = (fields: string) =>
      statementsOf(
        viewer,
        `query ($near: CoordinatesInput) { explore(near: $near, radiusKm: 5, filter: PEOPLE) { people { ${fields} } } }`,
        {
          near,
        },
      );
    // Asked twice, a place's lists are read once for everyone (decision 0048): two warm-ups.
    await people('id');
    await people('id');
    const plain = await people('id username');
    const withTies = await people('id username friendshipStatus canDm');
    expect(withTies.statements).toBe(plain.statements);
    const statusOf = new Map(
      (
        withTies.res.data as {
          explore: { people: Array<{ id: number; friendshipStatus: string; canDm: boolean }> };
        }
      ).explore.people.map((person) => [person.id, [person.friendshipStatus, person.canDm]]),
    );
    expect(statusOf.get(locals[0]!.id)).toEqual(['FRIENDS', true]);
    expect(statusOf.get(locals[1]!.id)?.[0]).toBe('FOLLOWING');
    // Blocked by Cy: Cy is not among the people shown, or cannot be messaged.
    expect(statusOf.get(locals[2]!.id)?.[1] ?? false).toBe(false);
  });

  it('are read afresh after a friendship action in the same request', async () => {
    const viewer = await newPerson(t, 'Viewer');
    const other = await buildUser(db(), 'Other');
    await db().update(users).set({ isPublic: true }).where(eq(users.id, other.id));
    const res = await t.gql<Record<'follow' | 'block', { friendshipStatus: string; canDm: boolean }>>(
      `mutation ($id: Int) {
         follow: updateFriendship(userId: $id, action: FOLLOW) { friendshipStatus canDm }
         block: updateFriendship(userId: $id, action: BLOCK) { friendshipStatus canDm }
       }`,
      { id: other.id },
      viewer.headers,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.follow).toEqual({ friendshipStatus: 'FOLLOWING', canDm: true });
    expect(res.data!.block).toEqual({ friendshipStatus: 'BLOCKED', canDm: false });
  });
});

describe('the viewer’s row', () => {
  const once = 'query { myself { user { id } } }';
  const thrice = 'query { a: myself { user { id } } b: myself { user { id } } c: myself { user { id } } }';

  it('is read once per query, however many resolvers ask for it', async () => {
    const person = await newPerson(t, 'Reader');
    await statementsOf(person, once, {});
    const one = await statementsOf(person, once, {});
    const three = await statementsOf(person, thrice, {});
    expect(three.res.data).toEqual({
      a: { user: { id: person.userId } },
      b: { user: { id: person.userId } },
      c: { user: { id: person.userId } },
    });
    expect({ statements: three.statements }).toEqual({ statements: one.statements });
  });

  it('comes with the session in one statement for a bearer token, as for the session cookie', async () => {
    const person = await newPerson(t, 'Reader');
    const cookie = { ...person, ...(await signInWithEmail(t, person.email, { strategy: 'cookie' })) };
    expect(cookie.headers.authorization).toBeUndefined();
    const query = 'query { myself { user { id } } }';
    await statementsOf(person, query, {});
    await statementsOf(cookie, query, {});
    const bearer = await statementsOf(person, query, {});
    const session = await statementsOf(cookie, query, {});
    expect(bearer.res.data).toEqual(session.res.data);
    expect({ statements: bearer.statements }).toEqual({ statements: session.statements });
  });

  it('is the one a group’s access check reads in a query', async () => {
    const person = await newPerson(t, 'Reader');
    const owner = await buildUser(db(), 'Owner');
    // Not a member: the access check reads the viewer's row (an invitation by e-mail or phone).
    const { group } = await buildGroup(db(), owner.id, [], { isPublic: true });
    const groupOnly = `query ($key: String!) { group(key: $key) { key } }`;
    const withMyself = `query ($key: String!) { group(key: $key) { key } myself { user { id } } }`;
    await statementsOf(person, withMyself, { key: group.key });
    const alone = await statementsOf(person, groupOnly, { key: group.key });
    const both = await statementsOf(person, withMyself, { key: group.key });
    expect(both.res.data).toEqual({ group: { key: group.key }, myself: { user: { id: person.userId } } });
    // myself asks for nothing the group did not read already: the viewer's row.
    expect({ statements: both.statements }).toEqual({ statements: alone.statements });
  });

  it('comes with the session: a query of it reads nothing a query of nothing does not', async () => {
    const person = await newPerson(t, 'Reader');
    await statementsOf(person, once, {});
    const nothing = await statementsOf(person, 'query { __typename }', {});
    const row = await statementsOf(person, once, {});
    expect(row.res.data).toEqual({ myself: { user: { id: person.userId } } });
    expect({ statements: row.statements }).toEqual({ statements: nothing.statements });
  });

  it('comes with whether an organization verifies them; people listed with the viewer come with theirs', async () => {
    const person = await newPerson(t, 'Member');
    const org = await createOrganization(db(), { name: 'Statement Rowing', domains: [] });
    const plain = await newPerson(t, 'Plain');
    // A direct message each way makes the other person a row the chat list reads with its ties.
    for (const [viewer, other] of [
      [plain, person],
      [person, plain],
    ] as const)
      await t.gql(
        'mutation ($id: Int!) { openDirectChat(userId: $id) { key } }',
        { id: other.userId },
        viewer.headers,
      );
    const query = 'query { myself { user { isVerified } } }';
    const bare = 'query { myself { user { id } } }';
    const list = 'query { myChats { otherUser { id isVerified } } }';
    const listBare = 'query { myChats { otherUser { id } } }';
    await statementsOf(person, query, {});
    expect((await statementsOf(person, query, {})).res.data).toEqual({
      myself: { user: { isVerified: false } },
    });
    await addOrganizationAccount(db(), { organization: org, userId: person.userId, email: null });
    await statementsOf(person, bare, {});
    const verified = await statementsOf(person, query, {});
    const without = await statementsOf(person, bare, {});
    expect(verified.res.data).toEqual({ myself: { user: { isVerified: true } } });
    expect({ statements: verified.statements }).toEqual({ statements: without.statements });
    // Plain's chat list shows the member verified, at no statement more than without asking.
    await statementsOf(plain, list, {});
    const listed = await statementsOf(plain, list, {});
    const listedBare = await statementsOf(plain, listBare, {});
    expect(listed.res.data).toEqual({ myChats: [{ otherUser: { id: person.userId, isVerified: true } }] });
    expect({ statements: listed.statements }).toEqual({ statements: listedBare.statements });
  });

  it('comes with whether the app made them an administrator, read again by the next request', async () => {
    const person = await newPerson(t, 'Moderator');
    const query = 'query { myself { isAdmin } }';
    await statementsOf(person, query, {});
    const nothing = await statementsOf(person, 'query { __typename }', {});
    const before = await statementsOf(person, query, {});
    expect(before.res.data).toEqual({ myself: { isAdmin: false } });
    expect({ statements: before.statements }).toEqual({ statements: nothing.statements });
    await db().insert(siteAdmins).values({ userId: person.userId });
    const after = await statementsOf(person, query, {});
    expect(after.res.data).toEqual({ myself: { isAdmin: true } });
    expect({ statements: after.statements }).toEqual({ statements: nothing.statements });
  });

  it('is not read again, nor any invitation, by a member’s access check (only a non-member can be invited)', async () => {
    const member = await newPerson(t, 'Member');
    const stranger = await newPerson(t, 'Stranger');
    const owner = await buildUser(db(), 'Owner');
    const { group } = await buildGroup(db(), owner.id, [{ userId: member.userId }], { isPublic: true });
    const query = `query ($key: String!) { group(key: $key) { key } }`;
    await statementsOf(member, query, { key: group.key });
    await statementsOf(stranger, query, { key: group.key });
    const asMember = await statementsOf(member, query, { key: group.key });
    const asStranger = await statementsOf(stranger, query, { key: group.key });
    expect(asMember.res.data).toEqual(asStranger.res.data);
    // The stranger's check reads the invitations to their verified address (their row came with
    // the session).
    expect(asMember.statements).toBe(asStranger.statements - 1);
  });

  it('is read afresh for each resolver of a mutation, which must see what it changed', async () => {
    const person = await newPerson(t, 'Changer');
    const once = 'mutation ($a: String) { a: updateProfile(user: { bio: $a }) { id } }';
    const twice =
      'mutation ($a: String, $b: String) { a: updateProfile(user: { bio: $a }) { id } b: updateProfile(user: { bio: $b }) { id } }';
    // What every request of this person costs whatever it asks (the session), after a warm-up.
    await statementsOf(person, once, { a: 'warm' });
    const perRequest = (await statementsOf(person, 'query { __typename }', {})).statements;
    const one = (await statementsOf(person, once, { a: 'one' })).statements - perRequest;
    const two = (await statementsOf(person, twice, { a: 'two', b: 'three' })).statements - perRequest;
    expect(one).toBeGreaterThan(0);
    // Kept from the first alias, the second update would read the viewer's row once less.
    expect({ statements: two }).toEqual({ statements: 2 * one });
  });
});
