import { AsyncResource } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../src/db/client.ts';
import { chats, groups, users } from '../src/db/schema/index.ts';
import { chatEventStream, type ChatEvent } from '../src/domains/chats/chat-events.ts';
import type { TestPlaza } from './harness.ts';
import type { chatApi } from './support/chats.ts';
import {
  chatTrio,
  chatEvents,
  pause,
  type ChatEventOut,
  type Feed,
  requestContextOf,
} from './support/chats.ts';
import { buildGroup, buildUser } from './support/factories.ts';
import type { Person } from './support/people.ts';

// Decision 0022: a chat's subscribers in one process share one bus subscription and one read per
// wake-up; each keeps its own cursor and access.

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;
const db = () => t.plaza.platform.store.db;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
});
afterAll(() => t.close());

async function dispose(...feeds: Array<Feed<ChatEventOut>>) {
  for (const feed of feeds) await feed.client.dispose();
}

/** A chatEvents subscription over graphql-ws that has heard its first event (so it is live). */
async function liveFeed(person: Person, key: string, afterRev: number) {
  const feed = await chatEvents(t, person, key, afterRev);
  await feed.until(() => feed.events.length > 0 || feed.errors.length > 0, 'the first event');
  return feed;
}

describe('chat feed: one read per chat and process', () => {
  it('two subscribers with different afterRev each get exactly their changes once, in order, also over several pages', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
    // More than a page (100) before ben's cursor, so the shared read pages from the lower cursor.
    const before = [];
    for (let index = 1; index <= 105; index++) before.push(await api.sent(ana, chat.key, `before ${index}`));
    const caiFrom = before[99]!.rev;
    // Both at once, so that one pass may read for both from ben's cursor.
    const [benFeed, caiFeed] = await Promise.all([
      liveFeed(ben, chat.key, 0),
      liveFeed(cai, chat.key, caiFrom),
    ]);
    try {
      const edited = await api.edit(ana, before[102]!.key, 'before 103, edited');
      const after = [];
      for (let index = 1; index <= 5; index++) after.push(await api.sent(ana, chat.key, `after ${index}`));
      await benFeed.until(() => benFeed.events.length >= 105 + 5, 'ben: every message');
      await caiFeed.until(() => caiFeed.events.length >= 5 + 1 + 5, 'cai: its messages');
      await pause(200);
      for (const feed of [benFeed, caiFeed]) {
        expect(feed.errors).toEqual([]);
        const cursors = feed.events.map((event) => event.cursor);
        expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
        expect(new Set(cursors).size).toBe(cursors.length);
      }
      // Ben read from 0: the edited message may come as NEW in its latest state (edited before he
      // got it) or as NEW then EDITED; either way every message once per change, in order.
      const benTexts = benFeed.events.map((event) => event.message.text);
      expect(benTexts.filter((text) => text.startsWith('before')).length).toBeGreaterThanOrEqual(105);
      expect(benTexts.slice(-5)).toEqual(after.map((m) => m.text));
      expect(benFeed.events.filter((event) => event.kind !== 'EDITED').map((e) => e.message.seq)).toEqual([
        ...before.map((m) => m.seq),
        ...after.map((m) => m.seq),
      ]);
      // Cai's cursor was after message 100: 101-105 as NEW, the edit of 103 as EDITED, then the 5.
      expect(caiFeed.events.map((event) => [event.kind, event.message.text])).toEqual([
        ...before.slice(100).map((m) => ['NEW', m.text]),
        ['EDITED', 'before 103, edited'],
        ...after.map((m) => ['NEW', m.text]),
      ]);
      expect(caiFeed.events.at(-6)!.cursor).toBe(edited.rev);
    } finally {
      await dispose(benFeed, caiFeed);
    }
  });

  it('a subscriber who loses access mid-stream ends NOT_FOUND while the others of the chat go on', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
    const start = (await api.chatRow(chat.key)).lastRev;
    await api.sent(ana, chat.key, 'welcome');
    const benFeed = await liveFeed(ben, chat.key, start);
    const caiFeed = await liveFeed(cai, chat.key, start);
    try {
      await t.gql(
        `mutation { removeGroupMember(id: ${chat.groupId}, userId: ${ben.userId}) }`,
        {},
        ana.headers,
      );
      await api.sent(ana, chat.key, 'ben is gone');
      await benFeed.until(() => benFeed.errors.length > 0 || benFeed.completed, 'ben: the end');
      await caiFeed.until(() => caiFeed.events.length >= 2, 'cai: the next message');
      expect(benFeed.events.map((e) => e.message.text)).toEqual(['welcome']);
      expect(JSON.stringify(benFeed.errors)).toContain('NOT_FOUND');
      // A moderator hides the group: only its creator still reads the chat.
      const anaFeed = await liveFeed(ana, chat.key, start);
      await db().update(groups).set({ hiddenAt: new Date() }).where(eq(groups.id, chat.groupId!));
      await api.sent(ana, chat.key, 'hidden now');
      await caiFeed.until(() => caiFeed.errors.length > 0 || caiFeed.completed, 'cai: the end');
      await anaFeed.until(() => anaFeed.events.length >= 3, 'ana: the message');
      expect(caiFeed.events.map((e) => e.message.text)).toEqual(['welcome', 'ben is gone']);
      expect(JSON.stringify(caiFeed.errors)).toContain('NOT_FOUND');
      expect(anaFeed.events.map((e) => e.message.text)).toEqual(['welcome', 'ben is gone', 'hidden now']);
      expect(anaFeed.errors).toEqual([]);
      await dispose(anaFeed);
    } finally {
      await dispose(benFeed, caiFeed);
    }
  });

  it('ends every subscriber of a removed chat NOT_FOUND, and a later subscriber of another chat hears its messages', async () => {
    const key = await api.openDm(ana, ben.userId);
    const start = (await api.chatRow(key)).lastRev;
    await api.sent(ana, key, 'hi');
    const anaFeed = await liveFeed(ana, key, start);
    const benFeed = await liveFeed(ben, key, start);
    try {
      expect(await t.gql(`mutation { removeChat(key: "${key}") }`, {}, ben.headers)).toMatchObject({
        data: { removeChat: true },
      });
      for (const feed of [anaFeed, benFeed]) {
        await feed.until(() => feed.errors.length > 0 || feed.completed, 'the end');
        expect(JSON.stringify(feed.errors)).toContain('NOT_FOUND');
      }
    } finally {
      await dispose(anaFeed, benFeed);
    }
    // The feed of that chat closed with its last subscriber; a new chat gets a new one, live.
    const again = await api.openDm(ana, ben.userId);
    const feed = await chatEvents(t, ben, again, (await api.chatRow(again)).lastRev);
    try {
      await pause(300);
      await api.sent(ana, again, 'hello again');
      await feed.until(() => feed.events.length >= 1, 'the message');
      expect(feed.events.map((e) => e.message.text)).toEqual(['hello again']);
    } finally {
      await dispose(feed);
    }
  });

  it('publishes nothing on the bus to find out that a subscription is live', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
    const bus = t.plaza.platform.bus;
    const published: unknown[] = [];
    const original = bus.pubsub.publish;
    bus.pubsub.publish = ((...args: unknown[]) => {
      published.push(args);
      return (original as (...all: unknown[]) => void)(...args);
    }) as typeof original;
    const feeds: Array<Feed<ChatEventOut>> = [];
    try {
      const start = (await api.chatRow(chat.key)).lastRev;
      for (const person of [ana, ben, cai]) feeds.push(await chatEvents(t, person, chat.key, start));
      await pause(500);
      expect(published).toEqual([]);
    } finally {
      bus.pubsub.publish = original;
      await dispose(...feeds);
    }
  });
});

describe('many subscribers of one chat', () => {
  it('1,100 joining at once all get live and hear the next message once (pings once overflowed their bus iterators)', async () => {
    const made = await db()
      .insert(users)
      .values(
        Array.from({ length: 1100 }, (_, index) => ({
          key: `fan${index}`,
          username: `fan_many_${index}`,
          first: 'Fan',
          last: 'Many',
          onboardedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const { chat } = await buildGroup(
      db(),
      ana.userId,
      made.map((person) => ({ userId: person.id })),
    );
    const start = (await api.chatRow(chat.key)).lastRev;
    const hello = await api.sent(ana, chat.key, 'hello');
    const streams = made.map((person) => chatEventStream(requestContextOf(t, person.id), chat.key, start));
    try {
      // Each takes its first event, then nobody pulls: what a subscription hears meanwhile (the
      // others joining) waits in it. Before decision 0022 every join pinged every subscriber, and
      // past 1,024 unread the bus dispatch threw (RepeaterOverflowError) and ended the server.
      const first = await Promise.all(streams.map((stream) => stream.next()));
      expect(first.every((result) => !result.done && result.value.message.key === hello.key)).toBe(true);
      await pause(500);
      const sent = await api.sent(ana, chat.key, 'to everyone');
      const heard = await Promise.all(streams.map((stream) => stream.next()));
      expect(heard.every((result) => !result.done && result.value.message.key === sent.key)).toBe(true);
    } finally {
      for (const stream of streams) void stream.return?.();
    }
  }, 60_000);
});

describe('statements per message do not grow with the subscribers', () => {
  /**
   * All statements of: `subscribers` chatEvents streams joining a group chat one after the other
   * (each from just before the last message, so its first event says it joined), then `messages`
   * messages, each heard by every stream before the next. The sends themselves are not counted.
   */
  async function statementsFor(subscribers: number, messages: number): Promise<number> {
    const people: Array<{ id: number }> = [];
    for (let index = 0; index < subscribers; index++) people.push(await buildUser(db(), `Fan${index}`));
    const { chat } = await buildGroup(
      db(),
      ana.userId,
      people.map((person) => ({ userId: person.id })),
    );
    const sendUncounted = AsyncResource.bind((text: string) => api.sent(ana, chat.key, text));
    await sendUncounted('first');
    const [row] = await db().select().from(chats).where(eq(chats.id, chat.id));
    const streams: Array<AsyncIterableIterator<ChatEvent, undefined>> = [];
    const heard: string[][] = [];
    const { statements } = await countStatements(async () => {
      try {
        for (const person of people) {
          const stream = chatEventStream(requestContextOf(t, person.id), chat.key, row!.lastRev - 1);
          const texts: string[] = [];
          streams.push(stream);
          heard.push(texts);
          await stream.next().then((result) => texts.push((result.value as ChatEvent).message.text));
          void (async () => {
            for (;;) {
              const result = await stream.next();
              if (result.done) return;
              texts.push(result.value.message.text);
            }
          })();
        }
        for (let index = 0; index < messages; index++) {
          await sendUncounted(`message ${index}`);
          const deadline = Date.now() + 10_000;
          while (!heard.every((texts) => texts.includes(`message ${index}`))) {
            if (Date.now() > deadline)
              throw new Error(`message ${index} not heard: ${JSON.stringify(heard)}`);
            await pause(5);
          }
        }
      } finally {
        // Not awaited: a generator waiting for its next event would only stop after it.
        for (const stream of streams) void stream.return?.();
      }
    });
    return statements;
  }

  it('one shared access check and read per message, whether 2 or 10 people listen', async () => {
    const perMessage = async (subscribers: number) =>
      ((await statementsFor(subscribers, 5)) - (await statementsFor(subscribers, 1))) / 4;
    const few = await perMessage(2);
    const many = await perMessage(10);
    expect({ many }).toEqual({ many: few });
    expect(few).toBeLessThanOrEqual(2);
  });
});
