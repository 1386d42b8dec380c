import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import type { Person } from './support/people.ts';
import type { chatApi } from './support/chats.ts';
import { chatTrio, chatEvents, pause } from './support/chats.ts';

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
});
afterAll(() => t.close());

async function createPoll(person: Person, chatKey: string, options: string[], parentKey?: string) {
  return t.gql<{ createPoll: { key: string; rev: number } }>(
    `mutation ($k: String!, $o: [String!]!, $p: String) {
       createPoll(chatKey: $k, clientId: "${Math.random()}", title: "Where?", options: $o, parentKey: $p) { key rev } }`,
    { k: chatKey, o: options, p: parentKey ?? null },
    person.headers,
  );
}

describe('change numbers (rev)', () => {
  it('every insert, edit, deletion, vote and thread reply takes the next change number; seq stays gapless', async () => {
    const { chat } = await buildGroup(api.db(), ana.userId, [{ userId: ben.userId }]);
    const m1 = await api.sent(ana, chat.key, 'one');
    const m2 = await api.sent(ben, chat.key, 'two');
    expect([m1.rev, m2.rev]).toEqual([1, 2]);
    const edited = await api.edit(ana, m1.key, 'one!');
    expect(edited.rev).toBe(3);
    const reply = await api.sent(ben, chat.key, 'in thread', { parentKey: m1.key });
    expect(reply.rev).toBe(4);
    const deleted = await api.remove(ben, m2.key);
    expect(deleted.rev).toBe(6);
    const poll = await createPoll(ana, chat.key, ['a', 'b']);
    expect(poll.data!.createPoll.rev).toBe(7);
    const row = await api.chatRow(chat.key);
    expect(row.lastRev).toBe(7);
    expect(row.lastSeq).toBe(4);
    const read = await t.gql<{ chat: { lastRev: number; thread: { rev: number; threadCount: number } } }>(
      `{ chat(key: "${chat.key}") { lastRev thread(key: "${m1.key}") { rev threadCount } } }`,
      {},
      ben.headers,
    );
    expect(read.data!.chat).toEqual({ lastRev: 7, thread: { rev: 5, threadCount: 1 } });
  });
});

describe('replay after a gap (graphql-ws over a real socket)', () => {
  it('a reconnecting client gets every edit, deletion, vote, thread change and new message exactly once, in order', async () => {
    const { chat } = await buildGroup(api.db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
    const key = chat.key;
    const first = await chatEvents(t, ben, key, (await api.chatRow(key)).lastRev);
    const m1 = await api.sent(ana, key, 'm1');
    const m2 = await api.sent(ana, key, 'm2');
    await first.until(() => first.events.length >= 2, 'the first two');
    expect(first.events.map((e) => [e.kind, e.message.key])).toEqual([
      ['NEW', m1.key],
      ['NEW', m2.key],
    ]);
    const cursor = first.events.at(-1)!.cursor;
    // The connection dies.
    await first.client.dispose();

    // While ben is away:
    await api.edit(ana, m1.key, 'm1 edited');
    await api.remove(ana, m2.key);
    const m3 = await api.sent(cai, key, 'm3');
    const m4 = await api.sent(cai, key, 'm4');
    await api.edit(cai, m4.key, 'm4 edited');
    const poll = (await createPoll(ana, key, ['park', 'beach'])).data!.createPoll;
    const vote = await t.gql(
      `mutation { votePoll(messageKey: "${poll.key}", optionIds: [2]) { key } }`,
      {},
      cai.headers,
    );
    expect(vote.errors).toBeUndefined();
    const reply = await api.sent(ana, key, 'reply to m3', { parentKey: m3.key });

    const second = await chatEvents(t, ben, key, cursor);
    try {
      await second.until(() => second.events.length >= 6, 'the six changed messages');
      const live = await api.edit(ana, m1.key, 'm1 again');
      await second.until(() => second.events.length >= 7, 'a live change after the replay');
      await pause(200);
      expect(second.events.map((e) => [e.kind, e.message.key, e.message.text])).toEqual([
        ['EDITED', m1.key, 'm1 edited'],
        ['DELETED', m2.key, ''],
        ['NEW', m4.key, 'm4 edited'],
        ['NEW', poll.key, ''],
        ['NEW', reply.key, 'reply to m3'],
        ['NEW', m3.key, 'm3'],
        ['EDITED', m1.key, 'm1 again'],
      ]);
      expect(second.events[4]!.message.parentKey).toBe(m3.key);
      const cursors = second.events.map((e) => e.cursor);
      expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(cursors.at(-1)).toBe(live.rev);
      expect(second.errors).toEqual([]);
    } finally {
      await second.client.dispose();
    }
  });

  it('refuses a negative cursor with BAD_USER_INPUT', async () => {
    const key = await api.openDm(ana, ben.userId);
    const feed = await chatEvents(t, ben, key, -1);
    try {
      await feed.until(() => feed.errors.length > 0, 'a refusal');
      expect(JSON.stringify(feed.errors)).toContain('BAD_USER_INPUT');
    } finally {
      await feed.client.dispose();
    }
  });

  it('takes afterRev, not the sequence-number cursor of before', async () => {
    const key = await api.openDm(ana, ben.userId);
    const res = await t.gql(`subscription { chatEvents(key: "${key}", after: 0) { kind } }`, {}, ben.headers);
    expect(res.errors?.[0]?.message).toContain('Unknown argument "after"');
  });
});
