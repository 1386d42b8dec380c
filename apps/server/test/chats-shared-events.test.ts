import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlaza } from './harness.ts';
import type { chatApi } from './support/chats.ts';
import { chatTrio, pause, subscribeOver, subscriptionCounters, type Feed } from './support/chats.ts';
import { buildGroup } from './support/factories.ts';
import type { Person } from './support/people.ts';

// Decision 0023: the subscribers of a chat at the same change share one execution of an event when
// every field they select is the same for every viewer; fields that depend on the viewer (a poll's
// own votes, unseen threads) make it theirs. Each event is executed in a context of its own.

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

async function dispose(...feeds: Array<Feed<EventView>>) {
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
