import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlaza } from './harness.ts';
import type { chatApi } from './support/chats.ts';
import { chatTrio, subscribeOver, subscriptionCounters, type Feed } from './support/chats.ts';
import { buildGroup } from './support/factories.ts';
import type { Person } from './support/people.ts';

// Decision 0031: the chat-list subscribers who see a chat the same way (unread count, hidden,
// muted, permissions, the other person of a direct message) share one execution of its event;
// anyone else, and any selection of what the variant does not hold, gets an execution of their own.

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;
const db = () => t.plaza.platform.store.db;

let base: string;
beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
  base = await t.url();
});
afterAll(() => t.close());

interface ListEvent {
  kind: string;
  chatKey: string | null;
  chat: {
    key: string;
    unreadCount: number;
    group: { title: string } | null;
    otherUser: { id: number; fullName: string } | null;
    lastChat: { text: string; user: { fullName: string } | null } | null;
    pivot: { isHidden: boolean; muteUntil: string | null; lastSeenSeq?: number };
    permissions: { sendMessage: boolean };
  } | null;
}

/** What the web app's chat list selects, in short. */
const LIST_DOCUMENT = `subscription { myChatEvents { kind chatKey chat {
  key unreadCount group { title } otherUser { id fullName } lastChat { text user { fullName } }
  pivot { isHidden muteUntil } permissions { sendMessage } } } }`;

/** The same with what the variant does not hold: the last message seen. */
const SEEN_DOCUMENT = LIST_DOCUMENT.replace(
  'pivot { isHidden muteUntil }',
  'pivot { isHidden muteUntil lastSeenSeq }',
);

function listOf(person: Person, query = LIST_DOCUMENT): Feed<ListEvent> {
  return subscribeOver<ListEvent>(base, { query }, 'myChatEvents', { bearer: person.headers.authorization });
}

const executions = () => subscriptionCounters(base);

async function ready(...feeds: Array<Feed<ListEvent>>) {
  for (const feed of feeds) await feed.until(() => feed.events[0]?.kind === 'READY', 'READY');
  for (const feed of feeds) expect(feed.errors).toEqual([]);
}

async function dispose(...feeds: Array<Feed<ListEvent>>) {
  for (const feed of feeds) await feed.client.dispose();
}

/** The feed's latest event of the chat once it shows `text` as the last message. */
async function showing(feed: Feed<ListEvent>, chatKey: string, text: string) {
  const find = () =>
    feed.events.find((event) => event.chatKey === chatKey && event.chat?.lastChat?.text === text);
  await feed.until(() => find() !== undefined, text);
  return find()!;
}

/** Ana's group with Ben and Cai, whose state of it is alike (nothing seen, nothing muted). */
async function groupChat() {
  const { group, chat } = await buildGroup(db(), ana.userId, [
    { userId: ben.userId },
    { userId: cai.userId },
  ]);
  return { key: chat.key, title: group.title };
}

async function markSeen(person: Person, key: string, seq: number) {
  const seen = await t.gql(
    'mutation ($k: String!, $s: Int!) { markChatSeen(key: $k, seq: $s) { key } }',
    { k: key, s: seq },
    person.headers,
  );
  expect(seen.errors).toBeUndefined();
}

describe('chat-list events shared among the subscribers who see the chat alike', () => {
  it('executes a message once for two members with the same state, and each of their own once they differ', async () => {
    const { key, title } = await groupChat();
    const benList = listOf(ben);
    const caiList = listOf(cai);
    try {
      await ready(benList, caiList);
      const start = await executions();
      await api.sent(ana, key, 'one');
      const [benOne, caiOne] = [await showing(benList, key, 'one'), await showing(caiList, key, 'one')];
      const afterOne = await executions();
      expect(afterOne.own - start.own).toBe(1);
      expect(afterOne.shared - start.shared).toBe(1);
      // Both sent from the source straight to their sockets.
      expect(afterOne.direct - start.direct).toBe(2);
      expect(benOne).toEqual(caiOne);
      expect(benOne.chat).toMatchObject({ unreadCount: 1, group: { title }, otherUser: null });
      expect(benOne.chat!.lastChat!.user!.fullName).toContain('Ana');

      // Cai mutes the chat: from now on the two see it differently, and each sees their own.
      const until = new Date(Date.now() + 3_600_000).toISOString();
      const muted = await t.gql(
        'mutation ($k: String!, $u: String) { muteChat(key: $k, until: $u) { key } }',
        { k: key, u: until },
        cai.headers,
      );
      expect(muted.errors).toBeUndefined();
      await caiList.until(() => caiList.events.some((event) => event.chat?.pivot.muteUntil), 'muted');
      const beforeTwo = await executions();
      await api.sent(ana, key, 'two');
      const [benTwo, caiTwo] = [await showing(benList, key, 'two'), await showing(caiList, key, 'two')];
      const afterTwo = await executions();
      expect(afterTwo.own - beforeTwo.own).toBe(2);
      expect(afterTwo.shared - beforeTwo.shared).toBe(0);
      expect(benTwo.chat!.pivot.muteUntil).toBeNull();
      expect(Date.parse(caiTwo.chat!.pivot.muteUntil!)).toBe(Date.parse(until));
      expect([benTwo.chat!.unreadCount, caiTwo.chat!.unreadCount]).toEqual([2, 2]);

      // Ben reads the chat: at the next message he has 1 unread, Cai 3.
      await markSeen(ben, key, 2);
      await api.sent(ana, key, 'three');
      const [benThree, caiThree] = [
        await showing(benList, key, 'three'),
        await showing(caiList, key, 'three'),
      ];
      expect([benThree.chat!.unreadCount, caiThree.chat!.unreadCount]).toEqual([1, 3]);
    } finally {
      await dispose(benList, caiList);
    }
  });

  it('gives each person of a direct message the other one, never a shared person', async () => {
    const anaList = listOf(ana);
    const benList = listOf(ben);
    try {
      await ready(anaList, benList);
      const key = await api.openDm(ana, ben.userId);
      await api.sent(ana, key, 'hi Ben');
      await api.sent(ben, key, 'hi Ana');
      const anaView = await showing(anaList, key, 'hi Ana');
      const benView = await showing(benList, key, 'hi Ana');
      expect(anaView.chat!.otherUser!.id).toBe(ben.userId);
      expect(benView.chat!.otherUser!.id).toBe(ana.userId);
      expect([anaView.chat!.unreadCount, benView.chat!.unreadCount]).toEqual([1, 0]);
    } finally {
      await dispose(anaList, benList);
    }
  });

  it('executes a selection of what the variant does not hold for each subscriber, with their own values', async () => {
    const { key } = await groupChat();
    await api.sent(ana, key, 'first');
    const second = await api.sent(ana, key, 'second');
    await markSeen(ben, key, 1);
    await markSeen(cai, key, 2);
    // The second message deleted: neither has anything unread, though they saw up to 1 and 2.
    await api.remove(ana, second.key);
    const benSeen = listOf(ben, SEEN_DOCUMENT);
    const caiSeen = listOf(cai, SEEN_DOCUMENT);
    const benList = listOf(ben);
    const caiList = listOf(cai);
    try {
      await ready(benSeen, caiSeen, benList, caiList);
      const start = await executions();
      await api.sent(ana, key, 'third');
      const views = [];
      for (const feed of [benSeen, caiSeen, benList, caiList]) views.push(await showing(feed, key, 'third'));
      const after = await executions();
      // The web's selection: one execution for both; with lastSeenSeq: one each.
      expect(after.own - start.own).toBe(3);
      expect(after.shared - start.shared).toBe(1);
      expect(views.map((view) => view.chat!.unreadCount)).toEqual([1, 1, 1, 1]);
      expect(views.map((view) => view.chat!.pivot.lastSeenSeq)).toEqual([1, 2, undefined, undefined]);
      expect(views[2]).toEqual(views[3]);
    } finally {
      await dispose(benSeen, caiSeen, benList, caiList);
    }
  });
});
