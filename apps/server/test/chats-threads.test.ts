import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../src/db/schema/index.ts';
import type { TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import type { chatApi } from './support/chats.ts';
import { MESSAGE, chatTrio, codeOf, fieldOf, type ChatMessage } from './support/chats.ts';

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;
let dee: Person;
let outsider: Person;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
  dee = await newPerson(t, 'Dee');
  outsider = await newPerson(t, 'Out');
});
afterAll(() => t.close());

interface ThreadView extends ChatMessage {
  threadCount: number;
  threadLastAt: string | null;
  threadUsers: { id: number }[];
  threadLabel: string;
  hasUnseenThread: boolean;
}
const THREAD = `${MESSAGE} threadCount threadLastAt threadUsers { id } threadLabel hasUnseenThread`;

async function threadOf(person: Person, chatKey: string, key: string) {
  const res = await t.gql<{ chat: { thread: ThreadView } }>(
    `{ chat(key: "${chatKey}") { thread(key: "${key}") { ${THREAD} } } }`,
    {},
    person.headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.chat.thread;
}

async function unseenThreads(person: Person, chatKey: string) {
  const res = await t.gql<{ chat: { hasUnseenThreads: boolean } }>(
    `{ chat(key: "${chatKey}") { hasUnseenThreads } }`,
    {},
    person.headers,
  );
  return res.data!.chat.hasUnseenThreads;
}

async function group() {
  const { chat } = await buildGroup(api.db(), ana.userId, [
    { userId: ben.userId },
    { userId: cai.userId },
    { userId: dee.userId },
  ]);
  return chat.key;
}

describe('threads', () => {
  it('replies attach to the root, even when answering a reply; counts and repliers (most recent first) live on the parent', async () => {
    const key = await group();
    const root = await api.sent(ana, key, 'Who brings snacks?');
    const r1 = await api.sent(ben, key, 'me', { parentKey: root.key });
    const r2 = await api.sent(cai, key, 'me too', { parentKey: r1.key });
    expect([r1.parentKey, r2.parentKey]).toEqual([root.key, root.key]);
    await api.sent(ben, key, 'crisps', { parentKey: root.key });
    const view = await threadOf(ana, key, root.key);
    expect(view.threadCount).toBe(3);
    expect(view.threadUsers.map((u) => u.id)).toEqual([ben.userId, cai.userId]);
    expect(view.threadLastAt).not.toBeNull();
    expect(view.threadLabel).toBe(`@${ben.username} and @${cai.username}`);
    expect((await threadOf(ben, key, root.key)).threadLabel).toBe(`you and @${cai.username}`);
    // A reply's key names its thread too.
    expect((await threadOf(ana, key, r2.key)).key).toBe(root.key);
  });

  it('keeps replies out of the main chat, its unread count and lastChat; messages(parentKey) pages them', async () => {
    const key = await group();
    const root = await api.sent(ana, key, 'root');
    for (let i = 1; i <= 5; i++) await api.sent(ben, key, `reply ${i}`, { parentKey: root.key });
    type Page = { messages: ChatMessage[]; canLoadPrev: boolean; firstMessageKey: string | null };
    const res = await t.gql<{
      chat: { main: Page; thread: Page; older: Page; unreadCount: number; lastChat: { key: string } };
    }>(
      `{ chat(key: "${key}") {
          unreadCount lastChat { key }
          main: messages { messages { key } canLoadPrev firstMessageKey }
          thread: messages(parentKey: "${root.key}", limit: 3) { messages { text parentKey } canLoadPrev firstMessageKey }
          older: messages(parentKey: "${root.key}", limit: 3, after: 0) { messages { text } canLoadPrev firstMessageKey }
       } }`,
      {},
      cai.headers,
    );
    expect(res.errors).toBeUndefined();
    const chat = res.data!.chat;
    expect(chat.main.messages.map((m) => m.key)).toEqual([root.key]);
    expect(chat.unreadCount).toBe(1);
    expect(chat.lastChat.key).toBe(root.key);
    expect(chat.thread.messages.map((m) => m.text)).toEqual(['reply 3', 'reply 4', 'reply 5']);
    expect(chat.thread.messages.every((m) => m.parentKey === root.key)).toBe(true);
    expect(chat.thread.canLoadPrev).toBe(true);
    expect(chat.older.messages.map((m) => m.text)).toEqual(['reply 1', 'reply 2', 'reply 3']);
  });

  it('a thread has unseen activity for the viewer until they see it; the chat until the thread tab is seen', async () => {
    const key = await group();
    const root = await api.sent(ana, key, 'plans?');
    expect(await unseenThreads(ana, key)).toBe(false);
    await api.sent(ben, key, 'saturday', { parentKey: root.key });
    expect((await threadOf(ana, key, root.key)).hasUnseenThread).toBe(true);
    expect((await threadOf(ben, key, root.key)).hasUnseenThread).toBe(false);
    expect(await unseenThreads(ana, key)).toBe(true);
    expect(await unseenThreads(ben, key)).toBe(false);

    const seen = await t.gql<{ markThreadSeen: ThreadView }>(
      `mutation { markThreadSeen(messageKey: "${root.key}") { ${THREAD} } }`,
      {},
      ana.headers,
    );
    expect(seen.data!.markThreadSeen.hasUnseenThread).toBe(false);
    expect(await unseenThreads(ana, key)).toBe(false);

    await api.sent(cai, key, 'sunday', { parentKey: root.key });
    expect(await unseenThreads(ana, key)).toBe(true);
    const tab = await t.gql<{
      markThreadTabSeen: { hasUnseenThreads: boolean; pivot: { lastSeenThreadTab: string } };
    }>(
      `mutation { markThreadTabSeen(chatKey: "${key}") { hasUnseenThreads pivot { lastSeenThreadTab } } }`,
      {},
      ana.headers,
    );
    expect(tab.data!.markThreadTabSeen.hasUnseenThreads).toBe(false);
    expect(tab.data!.markThreadTabSeen.pivot.lastSeenThreadTab).not.toBeNull();
    // The thread itself is still unseen until opened.
    expect((await threadOf(ana, key, root.key)).hasUnseenThread).toBe(true);
  });

  it('lists threads by latest activity; a deleted reply leaves the count and repliers', async () => {
    const key = await group();
    const a = await api.sent(ana, key, 'thread a');
    const b = await api.sent(ana, key, 'thread b');
    await api.sent(ana, key, 'no thread');
    await api.sent(ben, key, 'on a', { parentKey: a.key });
    const onB = await api.sent(cai, key, 'on b', { parentKey: b.key });
    await api.sent(dee, key, 'on b too', { parentKey: b.key });
    await api.sent(ben, key, 'on a again', { parentKey: a.key });
    const list = async () =>
      (
        await t.gql<{
          chat: { threads: { key: string; threadCount: number; threadUsers: { id: number }[] }[] };
        }>(`{ chat(key: "${key}") { threads { key threadCount threadUsers { id } } } }`, {}, ana.headers)
      ).data!.chat.threads;
    expect((await list()).map((m) => m.key)).toEqual([a.key, b.key]);
    await api.remove(cai, onB.key);
    const after = await list();
    expect(after[1]).toEqual({ key: b.key, threadCount: 1, threadUsers: [{ id: dee.userId }] });
  });

  it('refuses a reply to a missing or deleted message, and anyone blocked, storing nothing', async () => {
    const key = await group();
    const root = await api.sent(ana, key, 'soon gone');
    const before = await api.messageCount(key);
    const missing = await api.send(ben, key, 'hello?', { parentKey: 'NOPE' });
    expect([codeOf(missing), fieldOf(missing)]).toEqual(['BAD_USER_INPUT', 'parentKey']);
    await api.remove(ana, root.key);
    const deleted = await api.send(ben, key, 'hello?', { parentKey: root.key });
    expect([codeOf(deleted), fieldOf(deleted)]).toEqual(['BAD_USER_INPUT', 'parentKey']);
    expect(await api.messageCount(key)).toBe(before);

    // A blocked direct message has no threadMessage.
    const dm = await api.openDm(ana, dee.userId);
    const dmRoot = await api.sent(dee, dm, 'hi');
    await api.db().insert(follows).values({ userId: dee.userId, targetId: ana.userId, status: 'BLOCKED' });
    try {
      const dmBefore = await api.messageCount(dm);
      expect(codeOf(await api.send(ana, dm, 'answer', { parentKey: dmRoot.key }))).toBe('FORBIDDEN');
      expect(await api.messageCount(dm)).toBe(dmBefore);
    } finally {
      await api.db().delete(follows).where(eq(follows.userId, dee.userId));
    }
  });

  it('refuses thread reads and seen marks to someone outside the chat, and to the signed-out', async () => {
    const key = await group();
    const root = await api.sent(ana, key, 'private');
    await api.sent(ben, key, 'reply', { parentKey: root.key });
    const reads = [
      `{ chat(key: "${key}") { thread(key: "${root.key}") { key } } }`,
      `{ chat(key: "${key}") { threads { key } } }`,
      `{ chat(key: "${key}") { messages(parentKey: "${root.key}") { messages { key } } } }`,
      `mutation { markThreadSeen(messageKey: "${root.key}") { key } }`,
      `mutation { markThreadTabSeen(chatKey: "${key}") { key } }`,
    ];
    for (const query of reads) {
      expect(codeOf(await t.gql(query, {}, outsider.headers))).toBe('NOT_FOUND');
      expect(codeOf(await t.gql(query))).toBe('UNAUTHENTICATED');
    }
  });
});
