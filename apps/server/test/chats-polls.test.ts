import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../src/db/schema/index.ts';
import type { TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import type { chatApi } from './support/chats.ts';
import { chatTrio, codeOf, fieldOf, subscribeOver } from './support/chats.ts';

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;
let outsider: Person;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
  outsider = await newPerson(t, 'Out');
});
afterAll(() => t.close());

interface PollView {
  key: string;
  parentKey: string | null;
  poll: {
    title: string;
    multiple: boolean;
    options: { id: number; text: string; votes: number; voters: { id: number }[] }[];
    myVotes: number[];
    totalVoters: number;
  } | null;
}
const POLL =
  'key parentKey poll { title multiple options { id text votes voters(limit: 5) { id } } myVotes totalVoters }';

function createPoll(
  person: Person,
  chatKey: string,
  input: { title?: string; options: string[]; multiple?: boolean; parentKey?: string; clientId?: string },
) {
  return t.gql<{ createPoll: PollView }>(
    `mutation ($k: String!, $c: String!, $t: String!, $o: [String!]!, $m: Boolean, $p: String) {
       createPoll(chatKey: $k, clientId: $c, title: $t, options: $o, multiple: $m, parentKey: $p) { ${POLL} } }`,
    {
      k: chatKey,
      c: input.clientId ?? `p-${Math.random()}`,
      t: input.title ?? 'Where do we meet?',
      o: input.options,
      m: input.multiple ?? null,
      p: input.parentKey ?? null,
    },
    person.headers,
  );
}

function vote(person: Person | null, messageKey: string, optionIds: number[]) {
  return t.gql<{ votePoll: PollView }>(
    `mutation ($k: String!, $o: [Int!]!) { votePoll(messageKey: $k, optionIds: $o) { ${POLL} } }`,
    { k: messageKey, o: optionIds },
    person?.headers ?? {},
  );
}

function createPrompt(person: Person, chatKey: string, question: string) {
  return t.gql<{ createPrompt: { key: string; text: string; prompt: { question: string } | null } }>(
    `mutation ($k: String!, $q: String!) {
       createPrompt(chatKey: $k, clientId: "${Math.random()}", question: $q) { key text prompt { question } } }`,
    { k: chatKey, q: question },
    person.headers,
  );
}

async function group(masks: { poll?: number; image?: number } = {}) {
  const built = await buildGroup(api.db(), ana.userId, [{ userId: ben.userId }, { userId: cai.userId }]);
  if (masks.poll === undefined && masks.image === undefined) return built.chat.key;
  await api
    .db()
    .update(groups)
    .set({
      ...(masks.poll !== undefined ? { createChatPollMask: masks.poll } : {}),
      ...(masks.image !== undefined ? { createChatImageMask: masks.image } : {}),
    })
    .where(eq(groups.id, built.group.id));
  return built.chat.key;
}

const CREATOR_ONLY = 64;

describe('polls', () => {
  it('creates a poll as a message, once per client id', async () => {
    const key = await group();
    const res = await createPoll(ben, key, { options: [' Park ', 'Beach'], clientId: 'poll-1' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPoll.poll).toEqual({
      title: 'Where do we meet?',
      multiple: false,
      options: [
        { id: 1, text: 'Park', votes: 0, voters: [] },
        { id: 2, text: 'Beach', votes: 0, voters: [] },
      ],
      myVotes: [],
      totalVoters: 0,
    });
    const again = await createPoll(ben, key, { options: ['Park', 'Beach'], clientId: 'poll-1' });
    expect(again.data!.createPoll.key).toBe(res.data!.createPoll.key);
    expect(await api.messageCount(key)).toBe(1);
  });

  it('refuses a poll with fewer than two options, duplicates or a bad title (BAD_USER_INPUT), storing nothing', async () => {
    const key = await group();
    const before = await api.chatRow(key);
    for (const [input, field] of [
      [{ options: ['only one'] }, 'options'],
      [{ options: ['Park', 'park'] }, 'options'],
      [{ options: ['a', 'x'.repeat(101)] }, 'options'],
      [{ options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, 'options'],
      [{ options: ['a', 'b'], title: '  ' }, 'title'],
      [{ options: ['a', 'b'], title: 't'.repeat(201) }, 'title'],
    ] as const) {
      const res = await createPoll(ben, key, { ...input, options: [...input.options] });
      expect([codeOf(res), fieldOf(res)]).toEqual(['BAD_USER_INPUT', field]);
    }
    const after = await api.chatRow(key);
    expect([after.lastSeq, after.lastRev]).toEqual([before.lastSeq, before.lastRev]);
    expect(await api.messageCount(key)).toBe(0);
  });

  it('needs pollCreate (FORBIDDEN without, nothing stored); threadPollCreate in a thread', async () => {
    const key = await group({ poll: CREATOR_ONLY });
    expect(codeOf(await createPoll(ben, key, { options: ['a', 'b'] }))).toBe('FORBIDDEN');
    expect(codeOf(await createPrompt(ben, key, 'Best trail?'))).toBe('FORBIDDEN');
    expect(await api.messageCount(key)).toBe(0);
    const root = await api.sent(ana, key, 'thread');
    expect(codeOf(await createPoll(ben, key, { options: ['a', 'b'], parentKey: root.key }))).toBe(
      'FORBIDDEN',
    );
    const inThread = await createPoll(ana, key, { options: ['a', 'b'], parentKey: root.key });
    expect(inThread.data!.createPoll.parentKey).toBe(root.key);
    expect(codeOf(await createPoll(outsider, key, { options: ['a', 'b'] }))).toBe('NOT_FOUND');
  });

  it('sets, changes and removes the viewer’s vote; single choice takes one option', async () => {
    const key = await group();
    const poll = (await createPoll(ana, key, { options: ['Park', 'Beach', 'Café'] })).data!.createPoll;
    const tooMany = await vote(ben, poll.key, [1, 2]);
    expect([codeOf(tooMany), fieldOf(tooMany)]).toEqual(['BAD_USER_INPUT', 'optionIds']);
    expect(fieldOf(await vote(ben, poll.key, [9]))).toBe('optionIds');
    let res = await vote(ben, poll.key, [1]);
    expect(res.data!.votePoll.poll!.myVotes).toEqual([1]);
    res = await vote(cai, poll.key, [1]);
    expect(res.data!.votePoll.poll!.options[0]).toEqual({
      id: 1,
      text: 'Park',
      votes: 2,
      voters: [{ id: cai.userId }, { id: ben.userId }],
    });
    res = await vote(ben, poll.key, [2]);
    expect(res.data!.votePoll.poll!.options.map((o) => o.votes)).toEqual([1, 1, 0]);
    expect(res.data!.votePoll.poll!.totalVoters).toBe(2);
    res = await vote(ben, poll.key, []);
    expect(res.data!.votePoll.poll!).toMatchObject({ myVotes: [], totalVoters: 1 });

    const multi = (await createPoll(ana, key, { options: ['Sat', 'Sun', 'Mon'], multiple: true })).data!
      .createPoll;
    res = await vote(ben, multi.key, [3, 1]);
    expect(res.data!.votePoll.poll!).toMatchObject({ multiple: true, myVotes: [1, 3], totalVoters: 1 });
  });

  it('refuses votes from outside the chat, signed out, or on a message that is not a poll', async () => {
    const key = await group();
    const poll = (await createPoll(ana, key, { options: ['a', 'b'] })).data!.createPoll;
    expect(codeOf(await vote(outsider, poll.key, [1]))).toBe('NOT_FOUND');
    expect(codeOf(await vote(null, poll.key, [1]))).toBe('UNAUTHENTICATED');
    const text = await api.sent(ana, key, 'not a poll');
    const res = await vote(ben, text.key, [1]);
    expect([codeOf(res), fieldOf(res)]).toEqual(['BAD_USER_INPUT', 'messageKey']);
    await api.remove(ana, poll.key);
    expect(codeOf(await vote(ben, poll.key, [1]))).toBe('CONFLICT');
  });

  it('delivers a vote live as EDITED with fresh results', async () => {
    const key = await group();
    const poll = (await createPoll(ana, key, { options: ['a', 'b'] })).data!.createPoll;
    const feed = subscribeOver<{ kind: string; message: PollView }>(
      await t.url(),
      {
        query: `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) { kind message { ${POLL} } } }`,
        variables: { k: key, a: (await api.chatRow(key)).lastRev },
      },
      'chatEvents',
      { bearer: ben.headers.authorization },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await vote(cai, poll.key, [2]);
      await feed.until(() => feed.events.length >= 1, 'the vote');
      expect(feed.events[0]!.kind).toBe('EDITED');
      expect(feed.events[0]!.message.poll).toMatchObject({ totalVoters: 1, myVotes: [] });
      expect(feed.events[0]!.message.poll!.options[1]!.votes).toBe(1);
    } finally {
      await feed.client.dispose();
    }
  });
});

describe('prompts', () => {
  it('asks a question answered in its thread', async () => {
    const key = await group();
    const res = await createPrompt(ben, key, ' Best trail nearby? ');
    expect(res.errors).toBeUndefined();
    expect(res.data!.createPrompt).toMatchObject({ text: '', prompt: { question: 'Best trail nearby?' } });
    const answer = await api.sent(cai, key, 'Ridge loop', { parentKey: res.data!.createPrompt.key });
    expect(answer.parentKey).toBe(res.data!.createPrompt.key);
    const blank = await createPrompt(ben, key, '  ');
    expect([codeOf(blank), fieldOf(blank)]).toEqual(['BAD_USER_INPUT', 'question']);
    expect(codeOf(await createPrompt(outsider, key, 'me?'))).toBe('NOT_FOUND');
  });
});

describe('media attachments', () => {
  async function uploadPicture(person: Person): Promise<string> {
    const body = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#219ebc' } })
      .png()
      .toBuffer();
    const res = await fetch(`${await t.url()}/media/upload?kind=chat`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', ...person.headers },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { key: string }).key;
  }

  it('sends an uploaded picture without text; each kind needs its permission; unknown keys are refused', async () => {
    const key = await group({ image: CREATOR_ONLY });
    const anaPicture = await uploadPicture(ana);
    const res = await t.gql<{
      sendMessage: {
        text: string;
        media: { kind: string; key: string; url: string; variants: { x1: string } | null }[];
      };
    }>(
      `mutation ($k: String!, $m: [String!]) {
         sendMessage(chatKey: $k, clientId: "pic-1", text: "", mediaKeys: $m) { text media { kind key url variants { x1 } } } }`,
      { k: key, m: [anaPicture] },
      ana.headers,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.sendMessage.media).toHaveLength(1);
    expect(res.data!.sendMessage.media[0]).toMatchObject({ kind: 'image', key: anaPicture });
    expect(res.data!.sendMessage.media[0]!.variants!.x1).toBe(res.data!.sendMessage.media[0]!.url);

    const benPicture = await uploadPicture(ben);
    const before = await api.messageCount(key);
    expect(codeOf(await api.send(ben, key, 'look', { mediaKeys: [benPicture] }))).toBe('FORBIDDEN');
    const unknown = await api.send(ana, key, 'look', { mediaKeys: ['NOPE'] });
    expect([codeOf(unknown), fieldOf(unknown)]).toEqual(['BAD_USER_INPUT', 'mediaKeys']);
    // Someone else's upload is not yours to send.
    const notMine = await api.send(ana, key, 'look', { mediaKeys: [benPicture] });
    expect(fieldOf(notMine)).toBe('mediaKeys');
    const empty = await api.send(ana, key, '  ', { mediaKeys: [] });
    expect([codeOf(empty), fieldOf(empty)]).toEqual(['BAD_USER_INPUT', 'text']);
    expect(await api.messageCount(key)).toBe(before);
  });
});
