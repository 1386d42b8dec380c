import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers } from '../src/db/schema/index.ts';
import { myChatEventStream, type MyChatEvent } from '../src/domains/chats/my-chat-events.ts';
import type { TestPlaza } from './harness.ts';
import type { chatApi } from './support/chats.ts';
import {
  chatTrio,
  pause,
  subscribeOver,
  subscriptionCounters,
  type Feed,
  requestContextOf,
} from './support/chats.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import type { Person } from './support/people.ts';

// Decision 0032: a chat-list subscription that selects `message` hears a new message of a group
// chat or a direct message as MESSAGE, the message alone, the same for every member (one execution
// for all of them, one for the sender), which the client applies itself. Anything more than a new
// message, a change merged with another while waiting, a plan chat, and a reader the group no
// longer admits are read in full (UPDATED or REMOVED), as is everything for a subscription that
// does not select `message`.

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;
let base: string;
const db = () => t.plaza.platform.store.db;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
  base = await t.url();
});
afterAll(() => t.close());

interface ListEvent {
  kind: 'READY' | 'UPDATED' | 'REMOVED' | 'MESSAGE';
  chatKey: string | null;
  chat: { key: string; unreadCount: number; lastChat: { text: string } | null } | null;
  message?: { key: string; seq: number; text: string; user: { fullName: string } | null } | null;
  sentByViewer?: boolean | null;
}

const MESSAGES_DOCUMENT = `subscription { myChatEvents { kind chatKey
  chat { key unreadCount lastChat { text } }
  message { key seq text user { fullName } } sentByViewer } }`;

/** What a client of before MESSAGE selects: the chat alone. */
const FULL_DOCUMENT = `subscription { myChatEvents { kind chatKey chat { key unreadCount lastChat { text } } } }`;

function listOf(person: Person, query = MESSAGES_DOCUMENT): Feed<ListEvent> {
  return subscribeOver<ListEvent>(base, { query }, 'myChatEvents', { bearer: person.headers.authorization });
}

async function ready(...feeds: Array<Feed<ListEvent>>) {
  for (const feed of feeds) await feed.until(() => feed.events[0]?.kind === 'READY', 'READY');
  for (const feed of feeds) expect(feed.errors).toEqual([]);
}

async function dispose(...feeds: Array<Feed<unknown>>) {
  for (const feed of feeds) await feed.client.dispose();
}

/** The feed's first event of the chat after the first `skip` of it. */
async function nextOf(feed: Feed<ListEvent>, chatKey: string, skip: number): Promise<ListEvent> {
  const ofChat = () => feed.events.filter((event) => event.chatKey === chatKey);
  await feed.until(() => ofChat().length > skip, `event ${skip + 1} of ${chatKey}`);
  return ofChat()[skip]!;
}

const executions = () => subscriptionCounters(base);

describe('MESSAGE events of the chat list', () => {
  it('executes a new message once for every member whatever their state, once for its sender; a client of before gets the chat', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
    await api.sent(ana, chat.key, 'before');
    // Ben and Cai see the chat differently: Cai muted it and has read everything.
    const muted = await t.gql(
      'mutation ($k: String!, $u: String) { muteChat(key: $k, until: $u) { key } }',
      { k: chat.key, u: new Date(Date.now() + 3_600_000).toISOString() },
      cai.headers,
    );
    expect(muted.errors).toBeUndefined();
    const seen = await t.gql(
      `mutation { markChatSeen(key: "${chat.key}", seq: 1) { key } }`,
      {},
      cai.headers,
    );
    expect(seen.errors).toBeUndefined();
    const anaList = listOf(ana);
    const benList = listOf(ben);
    const caiList = listOf(cai);
    const benOld = listOf(ben, FULL_DOCUMENT);
    try {
      await ready(anaList, benList, caiList, benOld);
      const start = await executions();
      const sent = await api.sent(ana, chat.key, 'hello all');
      const [forAna, forBen, forCai, forOld] = await Promise.all(
        [anaList, benList, caiList, benOld].map((feed) => nextOf(feed, chat.key, 0)),
      );
      const after = await executions();
      const message = { key: sent.key, seq: sent.seq, text: 'hello all', user: { fullName: 'Ana Test' } };
      expect(forBen).toEqual({
        kind: 'MESSAGE',
        chatKey: chat.key,
        chat: null,
        message,
        sentByViewer: false,
      });
      expect(forCai).toEqual(forBen);
      expect(forAna).toEqual({ ...forBen, sentByViewer: true });
      // The client that does not select `message` reads the chat as Ben now sees it.
      expect(forOld).toEqual({
        kind: 'UPDATED',
        chatKey: chat.key,
        chat: { key: chat.key, unreadCount: 2, lastChat: { text: 'hello all' } },
      });
      // Executed: the members' MESSAGE, the sender's, and the old client's chat; Cai's shared Ben's.
      expect(after.own - start.own).toBe(3);
      expect(after.shared - start.shared).toBe(1);
      expect(after.direct - start.direct).toBe(4);

      // In a direct message too: each person gets the message, the sender knowing it is theirs.
      const dm = await api.openDm(ben, cai.userId);
      const direct = await api.sent(ben, dm, 'hi Cai');
      const skipOpened = (feed: Feed<ListEvent>) =>
        feed.until(() => feed.events.some((event) => event.message?.key === direct.key), 'hi Cai');
      await Promise.all([skipOpened(benList), skipOpened(caiList)]);
      const mine = benList.events.find((event) => event.message?.key === direct.key)!;
      const theirs = caiList.events.find((event) => event.message?.key === direct.key)!;
      expect([mine.kind, mine.sentByViewer, theirs.kind, theirs.sentByViewer]).toEqual([
        'MESSAGE',
        true,
        'MESSAGE',
        false,
      ]);
      await pause(50);
      for (const feed of [anaList, benList, caiList, benOld]) expect(feed.errors).toEqual([]);
    } finally {
      await dispose(anaList, benList, caiList, benOld);
    }
  });

  it('reads in full a thread reply, a plan chat, and for a reader the group no longer admits', async () => {
    const { group, chat } = await buildGroup(db(), ana.userId, [
      { userId: ben.userId },
      { userId: cai.userId },
    ]);
    const root = await api.sent(ana, chat.key, 'root');
    const { chat: planChat } = await buildPlan(
      db(),
      ana.userId,
      [{ userId: ben.userId, response: 'going' }],
      {
        isPublic: true,
      },
    );
    await api.sent(ana, planChat.key, 'plan hello');
    // Ben's list shows the plan's chat once he has a state in it.
    const seen = await t.gql(
      `mutation { markChatSeen(key: "${planChat.key}", seq: 1) { key } }`,
      {},
      ben.headers,
    );
    expect(seen.errors).toBeUndefined();
    const benList = listOf(ben);
    const caiList = listOf(cai);
    try {
      await ready(benList, caiList);
      // A reply in a thread changes the thread's state too: the chat as Ben now sees it.
      await api.sent(cai, chat.key, 'a reply', { parentKey: root.key });
      const reply = await nextOf(benList, chat.key, 0);
      expect(reply).toMatchObject({ kind: 'UPDATED', chat: { key: chat.key, lastChat: { text: 'root' } } });
      expect(reply.message).toBeNull();

      // A plan chat's readers depend on the plan: read in full.
      await api.sent(ana, planChat.key, 'plan news');
      const plan = await nextOf(benList, planChat.key, 0);
      expect(plan).toMatchObject({
        kind: 'UPDATED',
        chat: { key: planChat.key, lastChat: { text: 'plan news' } },
      });

      // Cai leaves the group but keeps his state row: the next message is REMOVED for him.
      await db()
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, cai.userId)));
      await api.sent(ana, chat.key, 'after Cai left');
      const forBen = await nextOf(benList, chat.key, 1);
      const forCai = await nextOf(caiList, chat.key, 1);
      expect(forBen).toMatchObject({ kind: 'MESSAGE', message: { text: 'after Cai left' } });
      expect(forCai).toEqual({
        kind: 'REMOVED',
        chatKey: chat.key,
        chat: null,
        message: null,
        sentByViewer: null,
      });
    } finally {
      await dispose(benList, caiList);
    }
  });
});

describe('READY of a subscription given since', () => {
  const readyOf = async (person: Person, since: string | null) => {
    const feed = subscribeOver<ListEvent & { missed: boolean | null }>(
      base,
      {
        query: 'subscription ($s: String) { myChatEvents(since: $s) { kind missed } }',
        variables: { s: since },
      },
      'myChatEvents',
      { bearer: person.headers.authorization },
    );
    try {
      await feed.until(() => feed.events.length > 0 || feed.errors.length > 0, 'READY');
      return { event: feed.events[0], errors: feed.errors };
    } finally {
      await feed.client.dispose();
    }
  };

  it('says whether a chat of the viewer’s had a message after the newest the client holds', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }]);
    await api.sent(ana, chat.key, 'first');
    const read = await t.gql<{ myChats: Array<{ key: string; lastMessageAt: string }> }>(
      '{ myChats { key lastMessageAt } }',
      {},
      ben.headers,
    );
    const held = read.data!.myChats.find((entry) => entry.key === chat.key)!.lastMessageAt;
    // The list as read: nothing missed (the times compared to the millisecond the client got).
    expect((await readyOf(ben, held)).event).toEqual({ kind: 'READY', missed: false });
    await api.sent(ana, chat.key, 'while the page loaded');
    expect((await readyOf(ben, held)).event).toEqual({ kind: 'READY', missed: true });
    // Without since: nothing said.
    expect((await readyOf(ben, null)).event).toEqual({ kind: 'READY', missed: null });
    // Another person's chats are not Cai's.
    expect((await readyOf(cai, held)).event).toEqual({ kind: 'READY', missed: false });
  });

  it('refuses a since that is not a time', async () => {
    const { event, errors } = await readyOf(ben, 'yesterday');
    expect(event).toBeUndefined();
    expect(JSON.stringify(errors)).toContain('BAD_USER_INPUT');
  });
});

/** Waits until the bus has handed the subscriber what was published (it queues without being asked). */
async function settle() {
  await pause(100);
}

describe('a chat-list subscriber behind its events', () => {
  it('reads two new messages waiting for it as the chat now is, not as one MESSAGE that would count one', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }]);
    const stream = myChatEventStream(requestContextOf(t, ben.userId), ben.userId, { messages: true });
    try {
      expect((await stream.next()).value).toMatchObject({ kind: 'READY' });
      await t.plaza.platform.bus.ping();
      await api.sent(ana, chat.key, 'one');
      await api.sent(ana, chat.key, 'two');
      await settle();
      const merged = (await stream.next()).value as MyChatEvent;
      expect(merged.kind).toBe('UPDATED');
      expect(merged.chat?.state?.unreadCount).toBe(2);
      const sent = await api.sent(ana, chat.key, 'three');
      const alone = (await stream.next()).value as MyChatEvent;
      expect(alone).toMatchObject({ kind: 'MESSAGE', chatKey: chat.key, sentByViewer: false });
      expect(alone.message?.key).toBe(sent.key);
    } finally {
      await stream.return?.();
    }
  });
});
