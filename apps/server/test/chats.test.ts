import { eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMembers, chats, follows, messages, plans } from '../src/db/schema/index.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
let ana: Person;
let ben: Person;
let cai: Person;
let dee: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
  ben = await newPerson(t, 'Ben');
  cai = await newPerson(t, 'Cai');
  dee = await newPerson(t, 'Dee', { isPublic: false });
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;

interface Message {
  key: string;
  seq: number;
  clientId: string;
  text: string;
  parentKey: string | null;
  deletedAt: string | null;
  editedAt: string | null;
  user: { id: number } | null;
}
const MESSAGE = 'key seq clientId text parentKey deletedAt editedAt user { id }';

async function openDm(person: Person, userId: number) {
  return t.gql<{ openDirectChat: { key: string; type: string; typename: string } }>(
    'mutation ($u: Int!) { openDirectChat(userId: $u) { key type typename permissions { sendMessage } } }',
    { u: userId },
    person.headers,
  );
}

async function send(
  person: Person,
  chatKey: string,
  text: string,
  clientId = `c-${Math.random()}`,
  parentKey?: string,
) {
  return t.gql<{ sendMessage: Message }>(
    `mutation ($k: String!, $c: String!, $t: String!, $p: String) {
       sendMessage(chatKey: $k, clientId: $c, text: $t, parentKey: $p) { ${MESSAGE} } }`,
    { k: chatKey, c: clientId, t: text, p: parentKey ?? null },
    person.headers,
  );
}

async function sent(person: Person, chatKey: string, text: string, clientId?: string): Promise<Message> {
  const res = await send(person, chatKey, text, clientId);
  expect(res.errors).toBeUndefined();
  return res.data!.sendMessage;
}

async function messageCount(chatKey: string): Promise<number> {
  const [chat] = await db().select().from(chats).where(eq(chats.key, chatKey));
  return (await db().select().from(messages).where(eq(messages.chatId, chat!.id))).length;
}

function codeOf(res: GraphQLResponse) {
  return res.errors?.[0]?.extensions?.code;
}

describe('direct messages', () => {
  it('one chat per pair, opened from either side', async () => {
    const first = await openDm(ana, ben.userId);
    expect(first.errors).toBeUndefined();
    expect(first.data!.openDirectChat).toMatchObject({ type: 'd', typename: 'DirectMessage' });
    const second = await openDm(ben, ana.userId);
    expect(second.data!.openDirectChat.key).toBe(first.data!.openDirectChat.key);
  });

  it('needs canDm to start: a private person who does not follow you cannot be messaged', async () => {
    const res = await openDm(ana, dee.userId);
    expect(codeOf(res)).toBe('FORBIDDEN');
    const self = await openDm(ana, ana.userId);
    expect(codeOf(self)).toBe('BAD_USER_INPUT');
  });

  it('a private person may start a chat with a public one, who may then answer', async () => {
    const opened = await openDm(dee, ana.userId);
    expect(opened.errors).toBeUndefined();
    const key = opened.data!.openDirectChat.key;
    const refusedFirst = await send(ana, key, 'hello first?');
    expect(codeOf(refusedFirst)).toBe('FORBIDDEN');
    await sent(dee, key, 'Hi Ana');
    await sent(ana, key, 'Hi Dee');
  });

  it('blocked people cannot message each other; the history stays readable; nothing is stored', async () => {
    const opened = await openDm(ana, cai.userId);
    const key = opened.data!.openDirectChat.key;
    await sent(cai, key, 'before the block');
    await db().insert(follows).values({ userId: cai.userId, targetId: ana.userId, status: 'BLOCKED' });
    try {
      const before = await messageCount(key);
      for (const person of [ana, cai]) {
        const res = await send(person, key, 'after the block');
        expect(codeOf(res)).toBe('FORBIDDEN');
      }
      expect(await messageCount(key)).toBe(before);
      const read = await t.gql<{ chat: { messages: { messages: Message[] } } }>(
        '{ chat(key: "' + key + '") { messages { messages { text } } } }',
        {},
        ana.headers,
      );
      expect(read.data!.chat.messages.messages.map((m) => m.text)).toEqual(['before the block']);
    } finally {
      await db().delete(follows).where(eq(follows.userId, cai.userId));
    }
  });

  it('someone outside the pair finds no chat', async () => {
    const opened = await openDm(ana, ben.userId);
    const key = opened.data!.openDirectChat.key;
    const res = await t.gql('{ chat(key: "' + key + '") { key } }', {}, cai.headers);
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(codeOf(await send(cai, key, 'let me in'))).toBe('NOT_FOUND');
  });
});

describe('sending', () => {
  let key: string;
  beforeAll(async () => {
    const opened = await openDm(ben, cai.userId);
    key = opened.data!.openDirectChat.key;
  });

  it('numbers messages 1, 2, 3 per chat', async () => {
    const a = await sent(ben, key, 'one');
    const b = await sent(cai, key, 'two');
    const c = await sent(ben, key, 'three');
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);
  });

  it('stores a retried send (same client id) once and answers the stored message', async () => {
    const first = await sent(ben, key, 'only once', 'retry-1');
    const again = await sent(ben, key, 'only once', 'retry-1');
    expect(again).toEqual(first);
    const [chat] = await db().select().from(chats).where(eq(chats.key, key));
    const stored = await db().select().from(messages).where(eq(messages.clientId, 'retry-1'));
    expect(stored).toHaveLength(1);
    expect(chat!.lastSeq).toBe(first.seq);
    // The same client id from the other person is their own message.
    const other = await sent(cai, key, 'mine', 'retry-1');
    expect(other.seq).toBe(first.seq + 1);
  });

  it('concurrent sends with one client id store one message, and sequence numbers stay gapless', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => send(ben, key, 'race', 'race-1')));
    const keys = new Set(results.map((r) => r.data?.sendMessage.key));
    expect(keys.size).toBe(1);
    const many = await Promise.all([1, 2, 3, 4, 5].map((i) => sent(cai, key, `burst ${i}`)));
    const [chat] = await db().select().from(chats).where(eq(chats.key, key));
    const seqs = (
      await db().select({ seq: messages.seq }).from(messages).where(eq(messages.chatId, chat!.id))
    )
      .map((r) => r.seq)
      .sort((x, y) => x - y);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(Math.max(...many.map((m) => m.seq))).toBe(chat!.lastSeq);
  });

  it('refuses empty and overlong text with BAD_USER_INPUT naming the field, storing nothing', async () => {
    const before = await messageCount(key);
    for (const text of ['', '   \n ', 'x'.repeat(4001)]) {
      const res = await send(ben, key, text);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(res.errors![0]!.extensions!.field).toBe('text');
    }
    const noClientId = await send(ben, key, 'hi', ' ');
    expect(noClientId.errors![0]!.extensions!.field).toBe('clientId');
    expect(await messageCount(key)).toBe(before);
  });

  it('pages backwards with canLoadPrev and firstMessageKey, and forwards after a sequence number', async () => {
    const page = async (args: string) =>
      (
        await t.gql<{
          chat: {
            messages: {
              messages: Message[];
              canLoadPrev: boolean;
              canLoadNext: boolean;
              firstMessageKey: string | null;
            };
          };
        }>(
          `{ chat(key: "${key}") { messages(${args}) { messages { ${MESSAGE} } canLoadPrev canLoadNext firstMessageKey } } }`,
          {},
          ben.headers,
        )
      ).data!.chat.messages;
    const newest = await page('limit: 3');
    expect(newest.messages).toHaveLength(3);
    expect(newest.canLoadPrev).toBe(true);
    expect(newest.firstMessageKey).toBe(newest.messages[0]!.key);
    const seqs = newest.messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const older = await page(`limit: 3, before: "${newest.firstMessageKey}"`);
    expect(older.messages.at(-1)!.seq).toBe(newest.messages[0]!.seq - 1);
    expect(older.canLoadNext).toBe(true);
    const all: Message[] = [];
    let cursor: string | null = null;
    for (;;) {
      const p = await page(cursor ? `limit: 4, before: "${cursor}"` : 'limit: 4');
      all.unshift(...p.messages);
      if (!p.canLoadPrev) break;
      cursor = p.firstMessageKey;
    }
    expect(all.map((m) => m.seq)).toEqual(all.map((_, i) => i + 1));
    const after = await page('after: 2, limit: 2');
    expect(after.messages.map((m) => m.seq)).toEqual([3, 4]);
    expect(after.canLoadPrev).toBe(true);
    expect(after.canLoadNext).toBe(true);
  });

  it('edits and deletes own messages, not the other person’s', async () => {
    const mine = await sent(ben, key, 'typo');
    const edit = (person: Person, k: string, text: string) =>
      t.gql<{ editMessage: Message }>(
        `mutation ($k: String!, $t: String!) { editMessage(key: $k, text: $t) { ${MESSAGE} } }`,
        { k, t: text },
        person.headers,
      );
    const del = (person: Person, k: string) =>
      t.gql<{ deleteMessage: Message }>(
        `mutation ($k: String!) { deleteMessage(key: $k) { ${MESSAGE} } }`,
        { k },
        person.headers,
      );
    expect(codeOf(await edit(cai, mine.key, 'not yours'))).toBe('FORBIDDEN');
    expect(codeOf(await del(cai, mine.key))).toBe('FORBIDDEN');
    expect(codeOf(await edit(ben, mine.key, ''))).toBe('BAD_USER_INPUT');
    const edited = await edit(ben, mine.key, 'fixed');
    expect(edited.data!.editMessage).toMatchObject({ text: 'fixed', seq: mine.seq });
    expect(edited.data!.editMessage.editedAt).not.toBeNull();
    const deleted = await del(ben, mine.key);
    expect(deleted.data!.deleteMessage).toMatchObject({ text: '', seq: mine.seq });
    expect(deleted.data!.deleteMessage.deletedAt).not.toBeNull();
    expect(codeOf(await del(dee, mine.key))).toBe('NOT_FOUND');
  });
});

describe('group and plan chats', () => {
  it('group members write; a moderator deletes others’ messages; non-members find nothing', async () => {
    const { group, chat } = await buildGroup(db(), ana.userId, [
      { userId: ben.userId },
      { userId: cai.userId, role: 'moderator' },
    ]);
    const res = await t.gql<{ group: { chatKey: string } }>(
      `{ group(id: ${group.id}) { chatKey } }`,
      {},
      ben.headers,
    );
    expect(res.data!.group.chatKey).toBe(chat.key);
    const m = await sent(ben, chat.key, 'hello group');
    expect(codeOf(await send(dee, chat.key, 'me too'))).toBe('NOT_FOUND');
    const perms = await t.gql<{ chat: { typename: string; permissions: Record<string, boolean> } }>(
      `{ chat(key: "${chat.key}") { typename permissions { sendMessage deleteOthers slowmodeBypass } } }`,
      {},
      cai.headers,
    );
    expect(perms.data!.chat).toEqual({
      typename: 'Group',
      permissions: { sendMessage: true, deleteOthers: true, slowmodeBypass: true },
    });
    const del = await t.gql(`mutation { deleteMessage(key: "${m.key}") { deletedAt } }`, {}, cai.headers);
    expect(del.errors).toBeUndefined();
    // A thread reply.
    const parent = await sent(ana, chat.key, 'thread starter');
    const reply = await send(ben, chat.key, 'in the thread', 'thread-1', parent.key);
    expect(reply.data!.sendMessage.parentKey).toBe(parent.key);
  });

  it('a plan chat exists only with the chat flag on; Plan.chatKey is the real chat key', async () => {
    const { plan, chat } = await buildPlan(
      db(),
      ana.userId,
      [{ userId: ben.userId, response: 'ATTENDING' }],
      {
        isPublic: false,
      },
    );
    const read = () =>
      t.gql<{ plan: { chatKey: string | null } }>(
        `{ plan(key: "${plan.key}") { chatKey } }`,
        {},
        ben.headers,
      );
    expect((await read()).data!.plan.chatKey).toBe(chat.key);
    await sent(ben, chat.key, 'see you there');
    expect(codeOf(await send(cai, chat.key, 'who, me?'))).toBe('NOT_FOUND');
    await db().update(plans).set({ chatEnabled: false }).where(eq(plans.id, plan.id));
    expect((await read()).data!.plan.chatKey).toBeNull();
    expect(codeOf(await send(ben, chat.key, 'still here?'))).toBe('NOT_FOUND');
  });

  it('Plan.lastChat and Group.lastChat show the newest message to those who may read the chat only; Plan.userIds', async () => {
    const { plan, chat } = await buildPlan(
      db(),
      ana.userId,
      [{ userId: ben.userId, response: 'ATTENDING' }],
      {
        isPublic: true,
      },
    );
    const planLast = (person: Person | null) =>
      t.gql<{ plan: { lastChat: { text: string } | null; userIds: number[] } }>(
        `{ plan(key: "${plan.key}") { lastChat { text } userIds } }`,
        {},
        person?.headers ?? {},
      );
    expect((await planLast(ben)).data!.plan.lastChat).toBeNull();
    await sent(ben, chat.key, 'who is driving?');
    await sent(ana, chat.key, 'bring snacks');
    const benView = (await planLast(ben)).data!.plan;
    expect(benView.lastChat).toEqual({ text: 'bring snacks' });
    // The factory's plan has Ben attending (its creator has not answered).
    expect(benView.userIds).toEqual([ben.userId]);
    // A stranger follows the chat's own rule (a public plan's chat is open to them, as its chatKey
    // says); a signed-out visitor sees the public plan, not its chat.
    const stranger = await t.gql<{ plan: { chatKey: string | null; lastChat: { text: string } | null } }>(
      `{ plan(key: "${plan.key}") { chatKey lastChat { text } } }`,
      {},
      cai.headers,
    );
    expect(stranger.data!.plan.lastChat).toEqual(
      stranger.data!.plan.chatKey ? { text: 'bring snacks' } : null,
    );
    const visitor = await planLast(null);
    expect(visitor.errors).toBeUndefined();
    expect(visitor.data!.plan.lastChat).toBeNull();
    // Once the chat is switched off, nobody reads its last message.
    await db().update(plans).set({ chatEnabled: false }).where(eq(plans.id, plan.id));
    expect((await planLast(ben)).data!.plan.lastChat).toBeNull();

    const { group, chat: groupChat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }]);
    await sent(ben, groupChat.key, 'group news');
    const groupLast = (person: Person) =>
      t.gql<{ group: { lastChat: { text: string } | null } | null }>(
        `{ group(id: ${group.id}) { lastChat { text } } }`,
        {},
        person.headers,
      );
    expect((await groupLast(ben)).data!.group?.lastChat).toEqual({ text: 'group news' });
    expect((await groupLast(dee)).data?.group?.lastChat ?? null).toBeNull();
  });
});

describe('chat list', () => {
  it('counts unread messages up to 100, in the list, the chat and after marking some seen', async () => {
    const ivy = await newPerson(t, 'Ivy');
    const jon = await newPerson(t, 'Jon');
    const key = (await openDm(ivy, jon.userId)).data!.openDirectChat.key;
    for (let i = 1; i <= 104; i++) await sent(jon, key, `note ${i}`);
    const unread = async () => {
      const res = await t.gql<{
        myChats: Array<{ key: string; unreadCount: number }>;
        chat: { unreadCount: number };
      }>(
        `query ($k: String!) { myChats { key unreadCount } chat(key: $k) { unreadCount } }`,
        { k: key },
        ivy.headers,
      );
      return [res.data!.myChats.find((c) => c.key === key)?.unreadCount, res.data!.chat.unreadCount];
    };
    expect(await unread()).toEqual([100, 100]);
    // 99 of the 104 seen: 5 left, counted exactly.
    await t.gql(`mutation { markChatSeen(key: "${key}", seq: 99) { key } }`, {}, ivy.headers);
    expect(await unread()).toEqual([5, 5]);
  });

  it('orders by last activity with unread counts; mark seen, hide and unhide, mute', async () => {
    const eve = await newPerson(t, 'Eve');
    const fay = await newPerson(t, 'Fay');
    const gus = await newPerson(t, 'Gus');
    const withFay = (await openDm(eve, fay.userId)).data!.openDirectChat.key;
    const withGus = (await openDm(eve, gus.userId)).data!.openDirectChat.key;
    await sent(fay, withFay, 'one');
    await sent(fay, withFay, 'two');
    await sent(gus, withGus, 'hey');
    type Entry = {
      key: string;
      unreadCount: number;
      pivot: { isHidden: boolean; muteUntil: string | null; lastSeenSeq: number };
      lastChat: { text: string } | null;
    };
    const list = async (hidden = false) =>
      (
        await t.gql<{ myChats: Entry[] }>(
          `query ($h: Boolean) { myChats(hidden: $h) { key unreadCount pivot { isHidden muteUntil lastSeenSeq } lastChat { text } } }`,
          { h: hidden },
          eve.headers,
        )
      ).data!.myChats;
    let chatsNow = await list();
    expect(chatsNow.map((c) => [c.key, c.unreadCount, c.lastChat?.text])).toEqual([
      [withGus, 1, 'hey'],
      [withFay, 2, 'two'],
    ]);
    await sent(fay, withFay, 'three');
    chatsNow = await list();
    expect(chatsNow.map((c) => c.key)).toEqual([withFay, withGus]);
    const seen = await t.gql(
      `mutation { markChatSeen(key: "${withFay}", seq: 2) { unreadCount pivot { lastSeenSeq } } }`,
      {},
      eve.headers,
    );
    expect(seen.data).toEqual({ markChatSeen: { unreadCount: 1, pivot: { lastSeenSeq: 2 } } });
    // Never backwards, never past the chat's last message.
    for (const [seq, kept, unread] of [
      [1, 2, 1],
      [99, 3, 0],
    ] as const) {
      const marked = await t.gql(
        `mutation { markChatSeen(key: "${withFay}", seq: ${seq}) { unreadCount pivot { lastSeenSeq } } }`,
        {},
        eve.headers,
      );
      expect(marked.data).toEqual({ markChatSeen: { unreadCount: unread, pivot: { lastSeenSeq: kept } } });
    }
    await t.gql(`mutation { hideChat(key: "${withGus}", hidden: true) { key } }`, {}, eve.headers);
    expect((await list()).map((c) => c.key)).toEqual([withFay]);
    expect((await list(true)).map((c) => c.key)).toEqual([withGus]);
    await t.gql(`mutation { hideChat(key: "${withGus}", hidden: false) { key } }`, {}, eve.headers);
    expect((await list()).map((c) => c.key)).toEqual([withFay, withGus]);
    await t.gql(`mutation { hideChat(key: "${withGus}", hidden: true) { key } }`, {}, eve.headers);
    await sent(gus, withGus, 'back again');
    expect((await list()).map((c) => c.key)).toEqual([withGus, withFay]);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const muted = await t.gql<{ muteChat: { pivot: { muteUntil: string } } }>(
      `mutation ($u: String) { muteChat(key: "${withFay}", until: $u) { pivot { muteUntil } } }`,
      { u: until },
      eve.headers,
    );
    expect(muted.data!.muteChat.pivot.muteUntil).toBe(until);
    const unmuted = await t.gql<{ muteChat: { pivot: { muteUntil: string | null } } }>(
      `mutation { muteChat(key: "${withFay}", until: null) { pivot { muteUntil } } }`,
      {},
      eve.headers,
    );
    expect(unmuted.data!.muteChat.pivot.muteUntil).toBeNull();
    const bad = await t.gql(
      `mutation { muteChat(key: "${withFay}", until: "soon") { key } }`,
      {},
      eve.headers,
    );
    expect(bad.errors![0]!.extensions!.field).toBe('until');
    const rows = await db().select().from(chatMembers).where(eq(chatMembers.userId, eve.userId));
    expect(rows).toHaveLength(2);
  });
});

describe('real time (graphql-ws)', () => {
  interface Event {
    kind: 'NEW' | 'EDITED' | 'DELETED';
    cursor: number;
    message: { seq: number; text: string; key: string; deletedAt: string | null };
  }
  interface Feed {
    events: Event[];
    errors: unknown[];
    completed: boolean;
    client: Client;
    until(check: () => boolean, what: string): Promise<void>;
  }

  async function subscribe(person: Person | null, key: string, after?: number): Promise<Feed> {
    const base = await t.url();
    const client = createClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: person ? { authorization: person.headers.authorization } : {},
    });
    const feed: Feed = {
      events: [],
      errors: [],
      completed: false,
      client,
      until: async (check, what) => {
        const deadline = Date.now() + 10_000;
        while (!check()) {
          if (Date.now() > deadline)
            throw new Error(`timed out waiting for ${what}: ${JSON.stringify(feed)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
    client.subscribe<{ chatEvents: Event }>(
      {
        query: `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) { kind cursor message { seq text key deletedAt } } }`,
        variables: { k: key, a: after ?? null },
      },
      {
        next: (value) => {
          if (value.errors) feed.errors.push(...value.errors);
          if (value.data?.chatEvents) feed.events.push(value.data.chatEvents);
        },
        error: (error) => feed.errors.push(error),
        complete: () => (feed.completed = true),
      },
    );
    return feed;
  }

  async function lastRevOf(key: string): Promise<number> {
    const [chat] = await db().select().from(chats).where(eq(chats.key, key));
    return chat!.lastRev;
  }

  it('delivers a sent message, then its edit and deletion', async () => {
    const key = (await openDm(ana, ben.userId)).data!.openDirectChat.key;
    const feed = await subscribe(ben, key, await lastRevOf(key));
    try {
      const m = await sent(ana, key, 'live hello');
      await feed.until(() => feed.events.length >= 1, 'the new message');
      expect(feed.events[0]).toEqual({
        kind: 'NEW',
        cursor: expect.any(Number),
        message: { seq: m.seq, text: 'live hello', key: m.key, deletedAt: null },
      });
      await t.gql(`mutation { editMessage(key: "${m.key}", text: "live, edited") { key } }`, {}, ana.headers);
      await feed.until(() => feed.events.length >= 2, 'the edit');
      expect(feed.events[1]).toMatchObject({ kind: 'EDITED', message: { key: m.key, text: 'live, edited' } });
      await t.gql(`mutation { deleteMessage(key: "${m.key}") { key } }`, {}, ana.headers);
      await feed.until(() => feed.events.length >= 3, 'the deletion');
      expect(feed.events[2]).toMatchObject({ kind: 'DELETED', message: { key: m.key, text: '' } });
      expect(feed.errors).toEqual([]);
    } finally {
      await feed.client.dispose();
    }
  });

  it('a client that loses its connection catches up from its cursor, every message exactly once, in order', async () => {
    const key = (await openDm(ana, ben.userId)).data!.openDirectChat.key;
    const start = await lastRevOf(key);
    const received: number[] = [];
    const first = await subscribe(ben, key, start);
    const before = [await sent(ana, key, 'gap 1'), await sent(ana, key, 'gap 2')];
    await first.until(() => first.events.length >= 2, 'the first two');
    received.push(...first.events.map((e) => e.message.seq));
    await first.client.dispose();
    // Sent while ben is away.
    const during = [];
    for (let i = 3; i <= 6; i++) during.push(await sent(ana, key, `gap ${i}`));
    const second = await subscribe(ben, key, first.events.at(-1)!.cursor);
    const after = [await sent(ana, key, 'gap 7')];
    try {
      await second.until(() => second.events.length >= 5, 'the missed four and one more');
      await new Promise((resolve) => setTimeout(resolve, 200));
      received.push(...second.events.map((e) => e.message.seq));
      expect(received).toEqual([...before, ...during, ...after].map((m) => m.seq));
      expect(second.events.map((e) => e.message.text)).toEqual(['gap 3', 'gap 4', 'gap 5', 'gap 6', 'gap 7']);
    } finally {
      await second.client.dispose();
    }
  });

  it('ends the subscription when the person may no longer read the chat', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }]);
    const feed = await subscribe(ben, chat.key, 0);
    try {
      await sent(ana, chat.key, 'welcome');
      await feed.until(() => feed.events.length >= 1, 'the first message');
      await t.gql(
        `mutation { removeGroupMember(id: ${chat.groupId}, userId: ${ben.userId}) }`,
        {},
        ana.headers,
      );
      await sent(ana, chat.key, 'ben is gone');
      await feed.until(() => feed.errors.length > 0 || feed.completed, 'the end');
      expect(feed.events.map((e) => e.message.text)).toEqual(['welcome']);
      expect(JSON.stringify(feed.errors)).toContain('NOT_FOUND');
    } finally {
      await feed.client.dispose();
    }
  });

  it('refuses a signed-out subscriber and someone outside the chat', async () => {
    const key = (await openDm(ana, ben.userId)).data!.openDirectChat.key;
    for (const [person, code] of [
      [null, 'UNAUTHENTICATED'],
      [cai, 'NOT_FOUND'],
    ] as const) {
      const feed = await subscribe(person, key, 0);
      try {
        await feed.until(() => feed.errors.length > 0, 'a refusal');
        expect(JSON.stringify(feed.errors)).toContain(code);
        expect(feed.events).toEqual([]);
      } finally {
        await feed.client.dispose();
      }
    }
  });
});

describe('slow mode', () => {
  it('takes one message per sender per rate-limit seconds in a group; moderators and direct messages are exempt', async () => {
    const { chat } = await buildGroup(db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
    await db().update(chats).set({ rateLimit: 60 }).where(eq(chats.id, chat.id));
    const res = await t.gql<{ chat: { slowModeEnabled: boolean } }>(
      `{ chat(key: "${chat.key}") { slowModeEnabled } }`,
      {},
      ben.headers,
    );
    expect(res.data!.chat.slowModeEnabled).toBe(true);
    await sent(ben, chat.key, 'first');
    const before = await messageCount(chat.key);
    const second = await send(ben, chat.key, 'second, too soon');
    expect(codeOf(second)).toBe('RATE_LIMITED');
    expect(await messageCount(chat.key)).toBe(before);
    // Someone else, and the owner (who bypasses), may still write.
    await sent(cai, chat.key, 'my first');
    await sent(ana, chat.key, 'owner one');
    await sent(ana, chat.key, 'owner two');
    // A retry of the stored message is not a new send.
    const [first] = await db().select().from(messages).where(eq(messages.text, 'first'));
    const retried = await send(ben, chat.key, 'first', first!.clientId);
    expect(retried.data!.sendMessage.key).toBe(first!.key);
    // Never in direct messages, whatever the rate limit says.
    const dm = (await openDm(ben, cai.userId)).data!.openDirectChat.key;
    await db().update(chats).set({ rateLimit: 60 }).where(eq(chats.key, dm));
    await sent(ben, dm, 'quick one');
    await sent(ben, dm, 'quick two');
  });
});
