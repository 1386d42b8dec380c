import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import WebSocket from 'ws';
import { messages } from '../src/db/schema/index.ts';
import type { TestPlaza } from './harness.ts';
import { chatTrio, subscriptionCounters, type chatApi } from './support/chats.ts';
import { buildGroup } from './support/factories.ts';
import type { Person } from './support/people.ts';

// The server's graphql-transport-ws sends (http/graphql-ws.ts), read frame by frame off a raw
// socket: a result executed once for several subscribers is serialised once and spliced into each
// one's message under that subscriber's own id; frames ready in one turn leave together, still one
// whole message per frame and in order.

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;
let base: string;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
  base = await t.url();
});
afterAll(() => t.close());

interface RawFeed {
  socket: WebSocket;
  /** Every text frame, as sent. */
  frames: string[];
  until(test: () => boolean, what: string): Promise<void>;
}

/** A socket speaking graphql-transport-ws by hand: connection_init with the bearer token, then acked. */
async function rawSocket(person: Person, at = base): Promise<RawFeed> {
  const socket = new WebSocket(`${at.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(String(data)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(
    JSON.stringify({ type: 'connection_init', payload: { authorization: person.headers.authorization } }),
  );
  const feed: RawFeed = {
    socket,
    frames,
    async until(test, what) {
      const deadline = Date.now() + 10_000;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}: ${frames.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  await feed.until(() => frames.some((frame) => JSON.parse(frame).type === 'connection_ack'), 'the ack');
  return feed;
}

function subscribe(feed: RawFeed, id: string, query: string, variables: Record<string, unknown>): void {
  feed.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
}

const TEXT_EVENTS = `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) {
  kind message { text user { fullName } } } }`;
/** A profile's bio is not listed as the same for every viewer: each subscriber's event is its own. */
const OWN_EVENTS = `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) {
  kind message { text user { fullName bio } } } }`;

/** A poll shows the viewer's own votes: a poll message is executed for each subscriber (guarded). */
const POLL_EVENTS = `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) {
  kind message { text poll { myVotes } } } }`;

const messagesSent = (at = base) => subscriptionCounters(at);

function createPoll(person: Person, chatKey: string, title: string) {
  return t.gql<{ createPoll: { key: string } }>(
    `mutation ($k: String!, $c: String!, $title: String!) {
       createPoll(chatKey: $k, clientId: $c, title: $title, options: ["Park", "Beach"]) { key } }`,
    { k: chatKey, c: `p-${Math.random()}`, title },
    person.headers,
  );
}

/** The texts of the chat's messages after its first, in change order, as stored. */
async function storedAfterFirst(chats: typeof api, key: string, before: number): Promise<string[]> {
  const chat = await chats.chatRow(key);
  const rows = await chats
    .db()
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), gt(messages.rev, before + 1)))
    .orderBy(asc(messages.rev));
  return rows.map((row) => row.text);
}

function nextFrames(feed: RawFeed, id: string): string[] {
  return feed.frames.filter((frame) => frame.startsWith(`{"id":${JSON.stringify(id)},"type":"next"`));
}

async function groupChat(trio = { api, ana, ben, cai }): Promise<{ key: string; before: number }> {
  const { chat } = await buildGroup(trio.api.db(), trio.ana.userId, [
    { userId: trio.ben.userId },
    { userId: trio.cai.userId },
  ]);
  const first = await trio.api.sent(trio.ana, chat.key, 'first');
  return { key: chat.key, before: first.rev - 1 };
}

describe('graphql-ws sends', () => {
  it('splices a shared result into each subscriber’s own message, and serialises an own one whole', async () => {
    const { key, before } = await groupChat();
    const benFeed = await rawSocket(ben);
    const caiFeed = await rawSocket(cai);
    try {
      subscribe(benFeed, 'ben-1', TEXT_EVENTS, { k: key, a: before });
      subscribe(caiFeed, 'cai "7"', TEXT_EVENTS, { k: key, a: before });
      subscribe(caiFeed, 'cai-own', OWN_EVENTS, { k: key, a: before });
      await benFeed.until(() => nextFrames(benFeed, 'ben-1').length === 1, 'Ben’s first');
      await caiFeed.until(
        () => nextFrames(caiFeed, 'cai "7"').length === 1 && nextFrames(caiFeed, 'cai-own').length === 1,
        'Cai’s first two',
      );
      await api.sent(ana, key, 'a "quoted" line, then ü and 🙂');
      await benFeed.until(() => nextFrames(benFeed, 'ben-1').length === 2, 'Ben’s second');
      await caiFeed.until(
        () => nextFrames(caiFeed, 'cai "7"').length === 2 && nextFrames(caiFeed, 'cai-own').length === 2,
        'Cai’s second two',
      );
      const expected = {
        data: {
          chatEvents: {
            kind: 'NEW',
            message: { text: 'a "quoted" line, then ü and 🙂', user: { fullName: 'Ana Test' } },
          },
        },
      };
      const benLast = JSON.parse(nextFrames(benFeed, 'ben-1')[1]!);
      const caiLast = JSON.parse(nextFrames(caiFeed, 'cai "7"')[1]!);
      expect(benLast).toEqual({ id: 'ben-1', type: 'next', payload: expected });
      expect(caiLast).toEqual({ id: 'cai "7"', type: 'next', payload: expected });
      const own = JSON.parse(nextFrames(caiFeed, 'cai-own')[1]!);
      expect(own.payload.data.chatEvents.message.user).toEqual({
        fullName: 'Ana Test',
        bio: 'Ana likes long walks.',
      });
      // The spliced message is the exact text graphql-ws would have made of the same object.
      expect(nextFrames(benFeed, 'ben-1')[1]).toBe(
        JSON.stringify({ id: 'ben-1', type: 'next', payload: expected }),
      );
    } finally {
      benFeed.socket.close();
      caiFeed.socket.close();
    }
  });

  it('writes shared results straight to the socket and own ones through graphql-ws, in change order, once each', async () => {
    const { key, before } = await groupChat();
    const benFeed = await rawSocket(ben);
    const caiFeed = await rawSocket(cai);
    try {
      subscribe(benFeed, 'mixed', POLL_EVENTS, { k: key, a: before });
      subscribe(caiFeed, 'mixed', POLL_EVENTS, { k: key, a: before });
      await benFeed.until(() => nextFrames(benFeed, 'mixed').length === 1, 'Ben’s first');
      await caiFeed.until(() => nextFrames(caiFeed, 'mixed').length === 1, 'Cai’s first');
      const sentBefore = await messagesSent();
      // Texts (one execution for both, sent directly) and polls (one each, through graphql-ws),
      // sent at once: the feed hands them over in few reads, a poll's turn holding up the texts after it.
      const texts = Array.from({ length: 12 }, (_, index) => `text ${index}`);
      const polls = Array.from({ length: 6 }, (_, index) => `poll ${index}`);
      await Promise.all([
        ...texts.map((text) => api.sent(ana, key, text)),
        ...polls.map((title) => createPoll(ana, key, title)),
      ]);
      const total = texts.length + polls.length + 1;
      await benFeed.until(() => nextFrames(benFeed, 'mixed').length === total, 'Ben’s all');
      await caiFeed.until(() => nextFrames(caiFeed, 'mixed').length === total, 'Cai’s all');
      const stored = await storedAfterFirst(api, key, before);
      for (const feed of [benFeed, caiFeed]) {
        const heard = nextFrames(feed, 'mixed')
          .slice(1)
          .map((frame) => JSON.parse(frame).payload.data.chatEvents.message);
        expect(heard.map((message: { text: string }) => message.text)).toEqual(stored);
        expect(heard.filter((message: { poll: unknown }) => message.poll !== null)).toHaveLength(
          polls.length,
        );
      }
      const sentAfter = await messagesSent();
      expect(sentAfter.direct - sentBefore.direct).toBe(2 * texts.length);
      expect(sentAfter.protocol - sentBefore.protocol).toBe(2 * polls.length);
    } finally {
      benFeed.socket.close();
      caiFeed.socket.close();
    }
  });

  it('sends nothing more for a subscription its client completed', async () => {
    const { key, before } = await groupChat();
    const benFeed = await rawSocket(ben);
    const caiFeed = await rawSocket(cai);
    try {
      subscribe(benFeed, 'stopping', TEXT_EVENTS, { k: key, a: before });
      subscribe(caiFeed, 'staying', TEXT_EVENTS, { k: key, a: before });
      await benFeed.until(() => nextFrames(benFeed, 'stopping').length === 1, 'Ben’s first');
      await caiFeed.until(() => nextFrames(caiFeed, 'staying').length === 1, 'Cai’s first');
      benFeed.socket.send(JSON.stringify({ id: 'stopping', type: 'complete' }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.all(['after 1', 'after 2', 'after 3'].map((text) => api.sent(ana, key, text)));
      await caiFeed.until(() => nextFrames(caiFeed, 'staying').length === 4, 'Cai’s three more');
      // Ben shared every execution with Cai until he stopped: none of the later ones reaches him.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(nextFrames(benFeed, 'stopping')).toHaveLength(1);
    } finally {
      benFeed.socket.close();
      caiFeed.socket.close();
    }
  });

  it('sends a burst to every subscriber whole and in order, once each, with errors and completes unspliced', async () => {
    const { key, before } = await groupChat();
    const benFeed = await rawSocket(ben);
    try {
      subscribe(benFeed, 'burst', TEXT_EVENTS, { k: key, a: before });
      await benFeed.until(() => nextFrames(benFeed, 'burst').length === 1, 'the first');
      const texts = Array.from({ length: 40 }, (_, index) => `burst ${index}`);
      // Sent before the subscriber reads any: the feed hands it several at once.
      await Promise.all(texts.map((text) => api.sent(ana, key, text)));
      await benFeed.until(() => nextFrames(benFeed, 'burst').length === 41, 'all 40');
      const heard = nextFrames(benFeed, 'burst')
        .slice(1)
        .map((frame) => JSON.parse(frame).payload.data.chatEvents.message.text as string);
      // In change order, as stored.
      const stored = await storedAfterFirst(api, key, before);
      expect(heard).toEqual(stored);
      expect([...heard].sort()).toEqual([...texts].sort());
      // A refusal (a result with errors, executed for this subscriber alone) and a complete are
      // serialised whole.
      subscribe(benFeed, 'nowhere', TEXT_EVENTS, { k: 'no-such-chat', a: null });
      await benFeed.until(
        () => benFeed.frames.some((frame) => frame.startsWith('{"id":"nowhere"')),
        'the refusal',
      );
      await benFeed.until(
        () => benFeed.frames.includes('{"id":"nowhere","type":"complete"}'),
        'the refusal’s complete',
      );
      const refusal = benFeed.frames.filter((frame) => frame.startsWith('{"id":"nowhere"'));
      expect(refusal).toHaveLength(2);
      const answer = JSON.parse(refusal[0]!);
      expect(answer.type).toBe('next');
      expect(answer.payload.data).toBeUndefined();
      expect(answer.payload.errors[0].extensions.code).toBe('NOT_FOUND');
      benFeed.socket.send(JSON.stringify({ id: 'burst', type: 'complete' }));
    } finally {
      benFeed.socket.close();
    }
  });
});

describe('graphql-ws sends to a reader that holds frames unsent', () => {
  // PLAZA_WS_SEND_BUFFER_BYTES=1: a socket holding any frame unsent (the turn's first, corked) is
  // a slow reader, so the events after it in the turn take graphql-ws's path and wait for their
  // write, while the next turn's first goes direct again: both paths, one subscription.
  let slow: Awaited<ReturnType<typeof chatTrio>>;
  let slowBase: string;
  beforeAll(async () => {
    slow = await chatTrio({ PLAZA_WS_SEND_BUFFER_BYTES: '1' });
    slowBase = await slow.t.url();
  });
  afterAll(() => slow.t.close());

  /** Resolvers that answer at once: a read's events are executed and sent in one turn. */
  const PLAIN_EVENTS = `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) {
    kind message { text } } }`;

  it('sends every event once and in change order, direct while the socket is empty and through graphql-ws while it is not', async () => {
    const { key, before } = await groupChat(slow);
    const texts = Array.from({ length: 30 }, (_, index) => `slow ${index}`);
    await Promise.all(texts.map((text) => slow.api.sent(slow.ana, key, text)));
    const benFeed = await rawSocket(slow.ben, slowBase);
    const caiFeed = await rawSocket(slow.cai, slowBase);
    try {
      const sentBefore = await messagesSent(slowBase);
      // From before the first: the feed's first read hands each of them all 31 in one turn.
      subscribe(benFeed, 'slow', PLAIN_EVENTS, { k: key, a: before });
      subscribe(caiFeed, 'slow', PLAIN_EVENTS, { k: key, a: before });
      await benFeed.until(() => nextFrames(benFeed, 'slow').length === texts.length + 1, 'Ben’s all');
      await caiFeed.until(() => nextFrames(caiFeed, 'slow').length === texts.length + 1, 'Cai’s all');
      const stored = await storedAfterFirst(slow.api, key, before);
      for (const feed of [benFeed, caiFeed]) {
        const heard = nextFrames(feed, 'slow').map(
          (frame) => JSON.parse(frame).payload.data.chatEvents.message.text as string,
        );
        expect(heard).toEqual(['first', ...stored]);
      }
      const sentAfter = await messagesSent(slowBase);
      const direct = sentAfter.direct - sentBefore.direct;
      const protocol = sentAfter.protocol - sentBefore.protocol;
      expect(direct + protocol).toBe(2 * (texts.length + 1));
      expect(direct).toBeGreaterThan(0);
      expect(protocol).toBeGreaterThan(0);
    } finally {
      benFeed.socket.close();
      caiFeed.socket.close();
    }
  });
});
