import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlaza } from './harness.ts';
import type { chatApi } from './support/chats.ts';
import { chatTrio, pause, subscribeOver, subscriptionCounters, type Feed } from './support/chats.ts';
import { buildGroup } from './support/factories.ts';
import type { Person } from './support/people.ts';

// Decision 0023: the subscribers of a chat at the same change share one execution of an event when
// every field they select is the same for every viewer; fields that depend on the viewer (a poll's
// own votes, unseen threads) make it theirs. Each event is executed in a context of its own.
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

interface EventView {
  kind: string;
  message: {
    key: string;
    text: string;
    user: { fullName: string } | null;
    poll: { myVotes: number[]; totalVoters: number; options: { id: number; votes: number }[] } | null;
    hasUnseenThread?: boolean;
  };
}

/** What the web app selects of a message, in short: the sender, a poll with the viewer's votes. */
const SHARED_DOCUMENT = `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) {
  kind cursor message { key text user { id fullName image } poll { myVotes totalVoters options { id votes } } hasUnseenThread } } }`;

/** The same with a field not listed as the same for every viewer (a profile's bio). */
const OWN_DOCUMENT = `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) {
  kind cursor message { key text user { id fullName bio } poll { myVotes } } } }`;

function feedOf(person: Person, key: string, afterRev: number, query = SHARED_DOCUMENT) {
  return subscribeOver<EventView>(base, { query, variables: { k: key, a: afterRev } }, 'chatEvents', {
    bearer: person.headers.authorization,
  });
}

const executions = () => subscriptionCounters(base);

async function groupChat() {
  const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
  const first = await api.sent(ana, chat.key, 'first');
  return { key: chat.key, before: first.rev - 1 };
}

/** Both feeds live: each has heard the chat's first message. */
async function live(...feeds: Array<Feed<EventView>>) {
  for (const feed of feeds) await feed.until(() => feed.events.length > 0 || feed.errors.length > 0, 'first');
  for (const feed of feeds) expect(feed.errors).toEqual([]);
}

async function dispose(...feeds: Array<Feed<unknown>>) {
  for (const feed of feeds) await feed.client.dispose();
}

function createPoll(person: Person, chatKey: string) {
  return t.gql<{ createPoll: { key: string; poll: { options: { id: number }[] } } }>(
    `mutation ($k: String!, $c: String!) {
       createPoll(chatKey: $k, clientId: $c, title: "Where?", options: ["Park", "Beach"]) { key poll { options { id } } } }`,
    { k: chatKey, c: `p-${Math.random()}` },
    person.headers,
  );
}

describe('subscription events shared among subscribers', () => {
  it('executes a plain message once for two subscribers of the same document, a poll for each with their own votes', async () => {
    const chat = await groupChat();
    const benFeed = feedOf(ben, chat.key, chat.before);
    const caiFeed = feedOf(cai, chat.key, chat.before);
    try {
      await live(benFeed, caiFeed);
      const start = await executions();
      await api.sent(ana, chat.key, 'plain');
      for (const feed of [benFeed, caiFeed]) await feed.until(() => feed.events.length === 2, 'plain');
      const afterPlain = await executions();
      expect(afterPlain.own - start.own).toBe(1);
      expect(afterPlain.shared - start.shared).toBe(1);
      expect(benFeed.events[1]).toEqual(caiFeed.events[1]);
      expect(benFeed.events[1]!.message.text).toBe('plain');
      expect(benFeed.events[1]!.message.user?.fullName).toContain('Ana');

      const created = await createPoll(ana, chat.key);
      expect(created.errors).toBeUndefined();
      const [park] = created.data!.createPoll.poll.options;
      const voted = await t.gql(
        'mutation ($k: String!, $o: [Int!]!) { votePoll(messageKey: $k, optionIds: $o) { key } }',
        { k: created.data!.createPoll.key, o: [park!.id] },
        ben.headers,
      );
      expect(voted.errors).toBeUndefined();
      for (const feed of [benFeed, caiFeed])
        await feed.until(() => feed.events.length === 4, 'poll and vote');
      const afterPoll = await executions();
      // The poll and the vote: each subscriber's own execution (2 + 2), nothing shared.
      expect(afterPoll.own - afterPlain.own).toBe(4);
      expect(afterPoll.shared - afterPlain.shared).toBe(0);
      const benVote = benFeed.events[3]!.message.poll!;
      const caiVote = caiFeed.events[3]!.message.poll!;
      expect(benFeed.events[3]!.kind).toBe('EDITED');
      expect(benVote.myVotes).toEqual([park!.id]);
      expect(caiVote.myVotes).toEqual([]);
      expect([benVote.totalVoters, caiVote.totalVoters]).toEqual([1, 1]);
    } finally {
      await dispose(benFeed, caiFeed);
    }
  });

  it('does not share between documents, nor a document selecting a field that may depend on the viewer', async () => {
    const chat = await groupChat();
    const benFeed = feedOf(ben, chat.key, chat.before, OWN_DOCUMENT);
    const caiFeed = feedOf(cai, chat.key, chat.before, OWN_DOCUMENT);
    const anaFeed = feedOf(ana, chat.key, chat.before);
    try {
      await live(benFeed, caiFeed, anaFeed);
      const start = await executions();
      await api.sent(ben, chat.key, 'hello');
      for (const feed of [benFeed, caiFeed, anaFeed])
        await feed.until(() => feed.events.length === 2, 'hello');
      const after = await executions();
      expect(after.own - start.own).toBe(3);
      expect(after.shared - start.shared).toBe(0);
      expect(caiFeed.events[1]!.message.text).toBe('hello');
    } finally {
      await dispose(benFeed, caiFeed, anaFeed);
    }
  });

  it('shows the sender as they are at each event, not as the subscription first read them', async () => {
    const chat = await groupChat();
    const benFeed = feedOf(ben, chat.key, chat.before);
    try {
      await live(benFeed);
      expect(benFeed.events[0]!.message.user?.fullName).not.toContain('Anabel');
      const renamed = await t.gql(
        'mutation { updateProfile(user: { first: "Anabel" }) { id } }',
        {},
        ana.headers,
      );
      expect(renamed.errors).toBeUndefined();
      await api.sent(ana, chat.key, 'after the rename');
      await benFeed.until(() => benFeed.events.length === 2, 'after the rename');
      expect(benFeed.events[1]!.message.user?.fullName).toContain('Anabel');
      await pause(50);
      expect(benFeed.errors).toEqual([]);
    } finally {
      await dispose(benFeed);
    }
  });
});

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

async function ready(...feeds: Array<Feed<ListEvent>>) {
  for (const feed of feeds) await feed.until(() => feed.events[0]?.kind === 'READY', 'READY');
  for (const feed of feeds) expect(feed.errors).toEqual([]);
}

/** The feed's latest event of the chat once it shows `text` as the last message. */
async function showing(feed: Feed<ListEvent>, chatKey: string, text: string) {
  const find = () =>
    feed.events.find((event) => event.chatKey === chatKey && event.chat?.lastChat?.text === text);
  await feed.until(() => find() !== undefined, text);
  return find()!;
}

/** Ana sends `text`: each list's event showing it, in the lists' order, and the executions it cost. */
async function sentToLists<Feeds extends Array<Feed<ListEvent>>>(
  chatKey: string,
  text: string,
  ...feeds: Feeds
) {
  const before = await executions();
  await api.sent(ana, chatKey, text);
  const views: ListEvent[] = [];
  for (const feed of feeds) views.push(await showing(feed, chatKey, text));
  const after = await executions();
  return {
    views: views as { [K in keyof Feeds]: ListEvent },
    own: after.own - before.own,
    shared: after.shared - before.shared,
    direct: after.direct - before.direct,
  };
}

/** Ana's group with Ben and Cai, whose state of it is alike (nothing seen, nothing muted). */
async function listGroupChat() {
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
    const { key, title } = await listGroupChat();
    const benList = listOf(ben);
    const caiList = listOf(cai);
    try {
      await ready(benList, caiList);
      const one = await sentToLists(key, 'one', benList, caiList);
      const [benOne, caiOne] = one.views;
      expect(one.own).toBe(1);
      expect(one.shared).toBe(1);
      // Both sent from the source straight to their sockets.
      expect(one.direct).toBe(2);
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
      const two = await sentToLists(key, 'two', benList, caiList);
      const [benTwo, caiTwo] = two.views;
      expect(two.own).toBe(2);
      expect(two.shared).toBe(0);
      expect(benTwo.chat!.pivot.muteUntil).toBeNull();
      expect(Date.parse(caiTwo.chat!.pivot.muteUntil!)).toBe(Date.parse(until));
      expect([benTwo.chat!.unreadCount, caiTwo.chat!.unreadCount]).toEqual([2, 2]);

      // Ben reads the chat: at the next message he has 1 unread, Cai 3.
      await markSeen(ben, key, 2);
      // The next message at once: his list's event of the seen change, if read after it was
      // stored, shows it with its count (1), as the message's own event does.
      const [benThree, caiThree] = (await sentToLists(key, 'three', benList, caiList)).views;
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
      // At once: the event of Ana's message may be read while Ben's is stored; it shows the last
      // message and the unread count of one moment (the chat's lastSeq bounds both), never his
      // message with her count from before it.
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

  it('shows the last message with the unread count of the same moment, whatever is sent meanwhile', async () => {
    const anaList = listOf(ana);
    try {
      await ready(anaList);
      const key = await api.openDm(ana, ben.userId);
      // Both send at once, round after round: an event of one message is often read while the
      // next is being stored. Read one after the other, the chat's state and its last message
      // showed Ben's message with Ana's count from before it (0) about one event in four on
      // PostgreSQL; read by one statement, the last one is Ana's (she has seen up to it: 0) or
      // Ben's (unseen: at least 1).
      const rounds = 30;
      for (let round = 0; round < rounds; round++)
        await Promise.all([api.sent(ana, key, `ana ${round}`), api.sent(ben, key, `ben ${round}`)]);
      const last = (text: string | undefined) => text === `ana ${rounds - 1}` || text === `ben ${rounds - 1}`;
      await anaList.until(() => anaList.events.some((event) => last(event.chat?.lastChat?.text)), 'last');
      await pause(300);
      const shown = anaList.events.filter((event) => event.chatKey === key && event.chat?.lastChat);
      expect(shown.length).toBeGreaterThan(rounds / 2);
      const mismatched = shown
        .map((event) => ({ text: event.chat!.lastChat!.text, unread: event.chat!.unreadCount }))
        .filter(({ text, unread }) => (text.startsWith('ana') ? unread !== 0 : unread < 1));
      expect(mismatched).toEqual([]);
      expect(anaList.errors).toEqual([]);
    } finally {
      await dispose(anaList);
    }
  });

  it('executes a selection of what the variant does not hold for each subscriber, with their own values', async () => {
    const { key } = await listGroupChat();
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
      const { views, own, shared } = await sentToLists(key, 'third', benSeen, caiSeen, benList, caiList);
      // The web's selection: one execution for both; with lastSeenSeq: one each.
      expect(own).toBe(3);
      expect(shared).toBe(1);
      expect(views.map((view) => view.chat!.unreadCount)).toEqual([1, 1, 1, 1]);
      expect(views.map((view) => view.chat!.pivot.lastSeenSeq)).toEqual([1, 2, undefined, undefined]);
      expect(views[2]).toEqual(views[3]);
    } finally {
      await dispose(benSeen, caiSeen, benList, caiList);
    }
  });
});
