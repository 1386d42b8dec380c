import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatementsFrom } from '../src/db/client.ts';
import { chatMembers } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

// A chat list event (myChatEvents) concerns every member of the chat: what is the same for all of
// them (the chat, the group, the last message and its sender) is read once per event in a process,
// and what is each one's own (their row, membership, unread count, hidden, muted) in one statement
// for all of them, so a message to a group costs the same statements for 2 subscribers as for 8.

let t: TestPlaza;
const db = () => t.plaza.platform.store.db;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const LIST_EVENTS = `subscription { myChatEvents { kind chatKey chat {
  key unreadCount pivot { isHidden lastSeenSeq muteUntil } lastChat { text user { fullName } }
  group { title } permissions { read sendMessage }
} } }`;

interface ListEvent {
  kind: 'READY' | 'UPDATED' | 'REMOVED';
  chatKey: string | null;
  chat: {
    key: string;
    unreadCount: number;
    pivot: { isHidden: boolean; lastSeenSeq: number; muteUntil: string | null };
    lastChat: { text: string; user: { fullName: string } | null } | null;
    group: { title: string } | null;
    permissions: { read: boolean; sendMessage: boolean };
  } | null;
}

interface Stream {
  events: ListEvent[];
  until(check: (events: ListEvent[]) => boolean, what: string): Promise<void>;
  close(): void;
}

/** myChatEvents over server-sent events, in this process (so what it sends is counted). */
function listStream(person: Person): Stream {
  const controller = new AbortController();
  const events: ListEvent[] = [];
  void (async () => {
    const response = await t.plaza.yoga.fetch('http://plaza.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...person.headers },
      body: JSON.stringify({ query: LIST_EVENTS }),
      signal: controller.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('');
        if (!data) continue;
        const payload = JSON.parse(data) as { data?: { myChatEvents: ListEvent }; errors?: unknown };
        if (payload.errors) throw new Error(JSON.stringify(payload.errors));
        if (payload.data) events.push(payload.data.myChatEvents);
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return {
    events,
    async until(check, what) {
      const deadline = Date.now() + 10_000;
      while (!check(events)) {
        if (Date.now() > deadline) throw new Error(`no ${what} after 10 s: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => controller.abort(),
  };
}

async function send(person: Person, chatKey: string, text: string) {
  const res = await t.gql(
    `mutation ($k: String!, $c: String!, $t: String!) { sendMessage(chatKey: $k, clientId: $c, text: $t) { key } }`,
    { k: chatKey, c: `${text}-${Date.now()}`, t: text },
    person.headers,
  );
  expect(res.errors).toBeUndefined();
}

/** A group of `size` members besides its creator, each subscribed; what one message's events cost. */
async function statementsOfOneMessage(size: number): Promise<number> {
  const owner = await newPerson(t, 'Owner');
  const members = await Promise.all(Array.from({ length: size }, () => newPerson(t, 'Member')));
  const { chat } = await buildGroup(
    db(),
    owner.userId,
    members.map((member) => ({ userId: member.userId })),
    { isPublic: true },
  );
  const { result: streams, counted } = countStatementsFrom(() => members.map(listStream));
  try {
    for (const stream of streams) await stream.until((events) => events[0]?.kind === 'READY', 'READY');
    // A first message: loaders and caches of the first event are not what is measured.
    await send(owner, chat.key, 'warm-up');
    for (const stream of streams)
      await stream.until((events) => events.some((e) => e.chat?.lastChat?.text === 'warm-up'), 'warm-up');
    const before = counted();
    await send(owner, chat.key, 'hello all');
    for (const stream of streams)
      await stream.until((events) => events.some((e) => e.chat?.lastChat?.text === 'hello all'), 'event');
    return counted() - before;
  } finally {
    for (const stream of streams) stream.close();
  }
}

describe('chat list events of a group', () => {
  it('cost the same statements for 2 subscribers as for 8', async () => {
    const two = await statementsOfOneMessage(2);
    const eight = await statementsOfOneMessage(8);
    expect(two).toBeGreaterThan(0);
    // Each subscriber's own reads in one statement for all: one statement a subscriber more would be 6 more.
    expect({ eight }).toEqual({ eight: two });
  });

  it('give each member their own unread count, hidden state and last seen, read together', async () => {
    const owner = await newPerson(t, 'Host');
    const [ada, bo, cy] = await Promise.all([newPerson(t, 'Ada'), newPerson(t, 'Bo'), newPerson(t, 'Cy')]);
    const { chat } = await buildGroup(
      db(),
      owner.userId,
      [ada!, bo!, cy!].map((member) => ({ userId: member.userId })),
      { isPublic: true },
    );
    for (const text of ['one', 'two', 'three']) await send(owner, chat.key, text);
    // Ada has seen two of them, Bo none, Cy all three and hid the chat.
    const seen = (person: Person, seq: number) =>
      t.gql(`mutation { markChatSeen(key: "${chat.key}", seq: ${seq}) { key } }`, {}, person.headers);
    await seen(ada!, 2);
    await seen(cy!, 3);
    await t.gql(`mutation { hideChat(key: "${chat.key}", hidden: true) { key } }`, {}, cy!.headers);
    await db()
      .update(chatMembers)
      .set({ muteUntil: new Date('2030-01-01T00:00:00Z') })
      .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, bo!.userId)));
    const streams = [ada!, bo!, cy!].map(listStream);
    try {
      for (const stream of streams) await stream.until((events) => events[0]?.kind === 'READY', 'READY');
      await send(owner, chat.key, 'four');
      const last = async (stream: Stream) => {
        await stream.until((events) => events.some((e) => e.chat?.lastChat?.text === 'four'), 'four');
        const event = stream.events.find((e) => e.chat?.lastChat?.text === 'four')!;
        return {
          unread: event.chat!.unreadCount,
          lastSeenSeq: event.chat!.pivot.lastSeenSeq,
          hidden: event.chat!.pivot.isHidden,
          muted: event.chat!.pivot.muteUntil !== null,
          sender: event.chat!.lastChat!.user?.fullName,
        };
      };
      const [forAda, forBo, forCy] = await Promise.all(streams.map(last));
      // A new message brings a hidden chat back (isHidden false for Cy).
      expect(forAda).toEqual({ unread: 2, lastSeenSeq: 2, hidden: false, muted: false, sender: 'Host Test' });
      expect(forBo).toEqual({ unread: 4, lastSeenSeq: 0, hidden: false, muted: true, sender: 'Host Test' });
      expect(forCy).toEqual({ unread: 1, lastSeenSeq: 3, hidden: false, muted: false, sender: 'Host Test' });
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
