import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMembers,
  follows,
  groupMembers,
  groups,
  messageThreadStates,
  messages,
  pollVotes,
} from '../src/db/schema/index.ts';
import type { TestPlaza } from './harness.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import type { chatApi } from './support/chats.ts';
import { chatTrio, chatEvents, codeOf, fieldOf, subscribeOver } from './support/chats.ts';

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;
let outsider: Person;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
  outsider = await newPerson(t, 'Out');
});
afterAll(() => t.close());

interface ListEvent {
  kind: 'READY' | 'UPDATED' | 'REMOVED';
  chatKey: string | null;
  chat: {
    key: string;
    unreadCount: number;
    pivot: { isHidden: boolean };
    lastChat: { text: string } | null;
  } | null;
}

async function myChatEvents(person: Person | null) {
  const feed = subscribeOver<ListEvent>(
    await t.url(),
    {
      query: `subscription { myChatEvents { kind chatKey chat { key unreadCount pivot { isHidden } lastChat { text } } } }`,
    },
    'myChatEvents',
    person ? { bearer: person.headers.authorization } : {},
  );
  if (person) await feed.until(() => feed.events.length >= 1, 'READY');
  return feed;
}

function hide(person: Person, key: string, hidden: boolean) {
  return t.gql(`mutation { hideChat(key: "${key}", hidden: ${hidden}) { key } }`, {}, person.headers);
}

describe('myChatEvents', () => {
  it('says READY, then tells of new messages, unread counts, hiding and un-hiding by a new message, and removal', async () => {
    const eve = await newPerson(t, 'Eve');
    const fay = await newPerson(t, 'Fay');
    const key = await api.openDm(fay, eve.userId);
    const feed = await myChatEvents(eve);
    try {
      expect(feed.events[0]).toEqual({ kind: 'READY', chatKey: null, chat: null });
      await api.sent(fay, key, 'hello eve');
      await feed.until(() => feed.events.length >= 2, 'the new message');
      expect(feed.events[1]).toEqual({
        kind: 'UPDATED',
        chatKey: key,
        chat: { key, unreadCount: 1, pivot: { isHidden: false }, lastChat: { text: 'hello eve' } },
      });
      await hide(eve, key, true);
      await feed.until(() => feed.events.length >= 3, 'hidden');
      expect(feed.events[2]!.chat!.pivot.isHidden).toBe(true);
      await api.sent(fay, key, 'still there?');
      await feed.until(() => feed.events.length >= 4, 'shown again');
      // Read afresh for each event (decision 0023), not kept from the first one.
      expect(feed.events[3]!.chat).toMatchObject({
        unreadCount: 2,
        pivot: { isHidden: false },
        lastChat: { text: 'still there?' },
      });
      const lists = await t.gql<{ shown: { key: string }[]; hidden: { key: string }[] }>(
        '{ shown: myChats { key } hidden: myChats(hidden: true) { key } }',
        {},
        eve.headers,
      );
      expect(lists.data).toEqual({ shown: [{ key }], hidden: [] });
      const removed = await t.gql(`mutation { removeChat(key: "${key}") }`, {}, fay.headers);
      expect(removed.data).toEqual({ removeChat: true });
      await feed.until(() => feed.events.length >= 5, 'the removal');
      expect(feed.events[4]).toEqual({ kind: 'REMOVED', chatKey: key, chat: null });
      expect(feed.errors).toEqual([]);
    } finally {
      await feed.client.dispose();
    }
  });

  it('tells both people when a new direct message opens', async () => {
    const ivy = await newPerson(t, 'Ivy');
    const jon = await newPerson(t, 'Jon');
    const feed = await myChatEvents(jon);
    try {
      const key = await api.openDm(ivy, jon.userId);
      await feed.until(() => feed.events.length >= 2, 'the new chat');
      expect(feed.events[1]).toMatchObject({ kind: 'UPDATED', chatKey: key, chat: { key, unreadCount: 0 } });
    } finally {
      await feed.client.dispose();
    }
  });

  it('hands an event to the subscriptions of the people it names only, each of a person’s subscriptions', async () => {
    const kim = await newPerson(t, 'Kim');
    const lea = await newPerson(t, 'Lea');
    const max = await newPerson(t, 'Max');
    const kimTab1 = await myChatEvents(kim);
    const kimTab2 = await myChatEvents(kim);
    const leaFeed = await myChatEvents(lea);
    const maxFeed = await myChatEvents(max);
    try {
      const key = await api.openDm(kim, lea.userId);
      await api.sent(kim, key, 'just us');
      const heard = (feed: typeof kimTab1) =>
        feed.events.some((event) => event.chat?.lastChat?.text === 'just us');
      await kimTab1.until(() => heard(kimTab1), 'Kim’s first tab');
      await kimTab2.until(() => heard(kimTab2), 'Kim’s second tab');
      await leaFeed.until(() => heard(leaFeed), 'Lea');
      // Kim closes one tab: the other still hears; Max, named in nothing, heard nothing.
      await kimTab1.client.dispose();
      await api.sent(lea, key, 'still here?');
      await kimTab2.until(
        () => kimTab2.events.some((event) => event.chat?.lastChat?.text === 'still here?'),
        'Kim’s second tab again',
      );
      const { chat } = await buildGroup(api.db(), kim.userId, [{ userId: max.userId }]);
      await api.sent(kim, chat.key, 'hello group');
      await maxFeed.until(() => maxFeed.events.length >= 2, 'Max’s group');
      expect(maxFeed.events.map((event) => event.chatKey)).toEqual([null, chat.key]);
      expect(kimTab1.events.some((event) => event.chat?.lastChat?.text === 'still here?')).toBe(false);
    } finally {
      for (const feed of [kimTab1, kimTab2, leaFeed, maxFeed]) await feed.client.dispose();
    }
  });

  it('re-checks access on every wake: a chat the person may no longer read comes as REMOVED', async () => {
    const { chat, group } = await buildGroup(api.db(), ana.userId, [{ userId: ben.userId }]);
    const feed = await myChatEvents(ben);
    try {
      // Ben leaves the group behind the chat's back: his state row stays, his access does not.
      await api
        .db()
        .update(groupMembers)
        .set({ status: 'left' })
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, ben.userId)));
      await api.sent(ana, chat.key, 'after ben left');
      await feed.until(() => feed.events.length >= 2, 'the re-check');
      expect(feed.events[1]).toEqual({ kind: 'REMOVED', chatKey: chat.key, chat: null });
    } finally {
      await feed.client.dispose();
    }
  });

  it('refuses the signed-out', async () => {
    const feed = await myChatEvents(null);
    try {
      await feed.until(() => feed.errors.length > 0, 'a refusal');
      expect(JSON.stringify(feed.errors)).toContain('UNAUTHENTICATED');
    } finally {
      await feed.client.dispose();
    }
  });
});

describe('search', () => {
  it('finds the viewer’s chats by group or plan title and by the other person’s name, % and _ taken literally', async () => {
    const gil = await newPerson(t, 'Gilberto');
    const dm = await api.openDm(gil, ana.userId);
    const { chat, group } = await buildGroup(api.db(), gil.userId, [{ userId: ana.userId }]);
    await api.db().update(groups).set({ title: 'Sale 100% off' }).where(eq(groups.id, group.id));
    const { chat: planChat } = await buildPlan(api.db(), gil.userId);
    await api.db().insert(chatMembers).values({ chatId: planChat.id, userId: gil.userId });
    const search = async (person: Person, text: string) => {
      const res = await t.gql<{ searchChats: { key: string }[] }>(
        'query ($t: String!) { searchChats(text: $t) { key } }',
        { t: text },
        person.headers,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.searchChats.map((c) => c.key).sort();
    };
    expect(await search(ana, 'gilbert')).toEqual([dm]);
    expect(await search(gil, 'ANA')).toContain(dm);
    expect(await search(gil, '100%')).toEqual([chat.key]);
    expect(await search(gil, '%')).toEqual([chat.key]);
    expect(await search(gil, '_')).toEqual([]);
    expect(await search(gil, 'picnic')).toEqual([planChat.key]);
    // Only the viewer's chats, and only those they may still read.
    expect(await search(outsider, 'sale')).toEqual([]);
    await api
      .db()
      .update(groupMembers)
      .set({ status: 'left' })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, ana.userId)));
    expect(await search(ana, 'sale')).toEqual([]);
    const blank = await t.gql('{ searchChats(text: " ") { key } }', {}, ana.headers);
    expect([codeOf(blank), fieldOf(blank)]).toEqual(['BAD_USER_INPUT', 'text']);
    expect(codeOf(await t.gql('{ searchChats(text: "ana") { key } }'))).toBe('UNAUTHENTICATED');
  });

  it('searches messages inside a chat the viewer can read, thread replies too, newest first', async () => {
    const key = await api.openDm(ana, ben.userId);
    const root = await api.sent(ana, key, 'Meet at 5_30?');
    await api.sent(ben, key, 'meet at the gate', { parentKey: root.key });
    await api.sent(ben, key, '100% yes');
    const gone = await api.sent(ana, key, 'meet secret');
    await api.remove(ana, gone.key);
    const search = (person: Person, text: string) =>
      t.gql<{ chat: { search: { text: string }[] } }>(
        `query ($t: String!) { chat(key: "${key}") { search(text: $t) { text } } }`,
        { t: text },
        person.headers,
      );
    expect((await search(ben, 'MEET')).data!.chat.search.map((m) => m.text)).toEqual([
      'meet at the gate',
      'Meet at 5_30?',
    ]);
    expect((await search(ben, '5_3')).data!.chat.search.map((m) => m.text)).toEqual(['Meet at 5_30?']);
    expect((await search(ben, '%')).data!.chat.search.map((m) => m.text)).toEqual(['100% yes']);
    expect((await search(ben, 't_e')).data!.chat.search).toEqual([]);
    expect(codeOf(await search(cai, 'meet'))).toBe('NOT_FOUND');
  });
});

describe('removeChat', () => {
  it('lets either person remove a direct message for both, with its messages, threads, votes and states; subscribers end', async () => {
    const key = await api.openDm(ana, cai.userId);
    const chat = await api.chatRow(key);
    const root = await api.sent(ana, key, 'hi');
    await api.sent(cai, key, 'in thread', { parentKey: root.key });
    const [rootRow] = await api.db().select().from(messages).where(eq(messages.key, root.key));
    expect(
      await api.db().select().from(messageThreadStates).where(eq(messageThreadStates.messageId, rootRow!.id)),
    ).toHaveLength(1);
    const poll = await t.gql<{ createPoll: { key: string } }>(
      `mutation { createPoll(chatKey: "${key}", clientId: "p", title: "t", options: ["a", "b"]) { key } }`,
      {},
      ana.headers,
    );
    await t.gql(
      `mutation { votePoll(messageKey: "${poll.data!.createPoll.key}", optionIds: [1]) { key } }`,
      {},
      cai.headers,
    );
    const feed = await chatEvents(t, ana, key);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(codeOf(await t.gql(`mutation { removeChat(key: "${key}") }`, {}, outsider.headers))).toBe(
        'NOT_FOUND',
      );
      expect(codeOf(await t.gql(`mutation { removeChat(key: "${key}") }`))).toBe('UNAUTHENTICATED');
      const res = await t.gql(`mutation { removeChat(key: "${key}") }`, {}, cai.headers);
      expect(res.data).toEqual({ removeChat: true });
      await feed.until(() => feed.errors.length > 0 || feed.completed, 'the end');
      expect(JSON.stringify(feed.errors)).toContain('NOT_FOUND');
    } finally {
      await feed.client.dispose();
    }
    expect(await api.db().select().from(messages).where(eq(messages.chatId, chat.id))).toEqual([]);
    expect(await api.db().select().from(chatMembers).where(eq(chatMembers.chatId, chat.id))).toEqual([]);
    expect(await api.db().select().from(pollVotes).where(eq(pollVotes.userId, cai.userId))).toEqual([]);
    expect(
      await api.db().select().from(messageThreadStates).where(eq(messageThreadStates.messageId, rootRow!.id)),
    ).toEqual([]);
    expect(codeOf(await t.gql(`{ chat(key: "${key}") { key } }`, {}, ana.headers))).toBe('NOT_FOUND');
    // A new chat opens for the pair, empty.
    const again = await api.openDm(ana, cai.userId);
    expect(again).not.toBe(key);
  });

  it('a group chat: owner and admins only (FORBIDDEN for others, nothing removed); the group gets a new, empty chat', async () => {
    const { chat, group } = await buildGroup(api.db(), ana.userId, [
      { userId: ben.userId, role: 'moderator' },
      { userId: cai.userId, role: 'admin' },
    ]);
    await api.sent(ana, chat.key, 'history');
    const remove = (person: Person) =>
      t.gql(`mutation { removeChat(key: "${chat.key}") }`, {}, person.headers);
    expect(codeOf(await remove(ben))).toBe('FORBIDDEN');
    expect(await api.messageCount(chat.key)).toBe(1);
    expect((await remove(cai)).data).toEqual({ removeChat: true });
    const res = await t.gql<{ group: { chatKey: string } }>(
      `{ group(id: ${group.id}) { chatKey } }`,
      {},
      ben.headers,
    );
    const fresh = res.data!.group.chatKey;
    expect(fresh).not.toBe(chat.key);
    const list = await t.gql<{ myChats: { key: string; lastChat: null }[] }>(
      '{ myChats { key lastChat { text } } }',
      {},
      ben.headers,
    );
    expect(list.data!.myChats).toContainEqual({ key: fresh, lastChat: null });
  });

  it('a plan chat: the creator only', async () => {
    const { chat } = await buildPlan(api.db(), ana.userId, [{ userId: ben.userId, response: 'ATTENDING' }]);
    await api.sent(ben, chat.key, 'see you');
    expect(codeOf(await t.gql(`mutation { removeChat(key: "${chat.key}") }`, {}, ben.headers))).toBe(
      'FORBIDDEN',
    );
    expect((await t.gql(`mutation { removeChat(key: "${chat.key}") }`, {}, ana.headers)).data).toEqual({
      removeChat: true,
    });
  });
});

describe('setChatRateLimit', () => {
  const setLimit = (person: Person | null, key: string, seconds: number) =>
    t.gql<{ setChatRateLimit: { rateLimit: number; slowModeEnabled: boolean } }>(
      `mutation { setChatRateLimit(key: "${key}", seconds: ${seconds}) { rateLimit slowModeEnabled } }`,
      {},
      person?.headers ?? {},
    );

  it('moderators and above set it in a group (0 to 3600); members may not; direct messages have none', async () => {
    const { chat } = await buildGroup(api.db(), ana.userId, [
      { userId: ben.userId, role: 'moderator' },
      { userId: cai.userId },
    ]);
    expect(codeOf(await setLimit(cai, chat.key, 30))).toBe('FORBIDDEN');
    expect(codeOf(await setLimit(outsider, chat.key, 30))).toBe('NOT_FOUND');
    expect(codeOf(await setLimit(null, chat.key, 30))).toBe('UNAUTHENTICATED');
    for (const bad of [-1, 3601]) {
      const res = await setLimit(ben, chat.key, bad);
      expect([codeOf(res), fieldOf(res)]).toEqual(['BAD_USER_INPUT', 'seconds']);
    }
    expect((await api.chatRow(chat.key)).rateLimit).toBe(0);
    expect((await setLimit(ben, chat.key, 30)).data!.setChatRateLimit).toEqual({
      rateLimit: 30,
      slowModeEnabled: true,
    });
    await api.sent(cai, chat.key, 'one');
    expect(codeOf(await api.send(cai, chat.key, 'two'))).toBe('RATE_LIMITED');
    expect((await setLimit(ana, chat.key, 0)).data!.setChatRateLimit.slowModeEnabled).toBe(false);
    await api.sent(cai, chat.key, 'two');

    const dm = await api.openDm(ana, ben.userId);
    const res = await setLimit(ana, dm, 30);
    expect([codeOf(res), fieldOf(res)]).toEqual(['BAD_USER_INPUT', 'key']);
  });

  it('a plan’s creator sets it; attendees may not', async () => {
    const { chat } = await buildPlan(api.db(), ana.userId, [{ userId: ben.userId, response: 'ATTENDING' }]);
    expect(codeOf(await setLimit(ben, chat.key, 10))).toBe('FORBIDDEN');
    expect((await setLimit(ana, chat.key, 3600)).data!.setChatRateLimit.rateLimit).toBe(3600);
  });
});

describe('blocks in group chats', () => {
  it('do not silence anyone in a group: both still write and read (decision 0012)', async () => {
    const { chat } = await buildGroup(api.db(), ana.userId, [{ userId: ben.userId }]);
    await api.db().insert(follows).values({ userId: ana.userId, targetId: ben.userId, status: 'BLOCKED' });
    try {
      await api.sent(ben, chat.key, 'from ben');
      await api.sent(ana, chat.key, 'from ana');
      const read = await t.gql<{ chat: { messages: { messages: { text: string }[] } } }>(
        `{ chat(key: "${chat.key}") { messages { messages { text } } } }`,
        {},
        ana.headers,
      );
      expect(read.data!.chat.messages.messages.map((m) => m.text)).toEqual(['from ben', 'from ana']);
    } finally {
      await api.db().delete(follows).where(eq(follows.userId, ana.userId));
    }
  });
});
