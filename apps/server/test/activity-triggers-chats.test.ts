import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { chatApi } from './support/chats.ts';
import { buildGroup, buildUser } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import { activitiesOf, activitiesOfType, block, ok, onlyActivity } from './activity-triggers-support.ts';

/** Mentions, thread replies, votes and poll suggestions in chats (decision 0014, issue 8). */

let t: TestPlaza;
let chat: ReturnType<typeof chatApi>;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  chat = chatApi(t);
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;

async function groupWith(owner: Person, members: Person[]) {
  const built = await buildGroup(
    db(),
    owner.userId,
    members.map((m) => ({ userId: m.userId })),
  );
  return { group: built.group, chat: built.chat };
}

async function createPoll(
  person: Person,
  chatKey: string,
  title: string,
  options: string[],
  parentKey?: string,
) {
  const data = await ok<{ createPoll: { key: string; poll: { options: Array<{ id: number }> } } }>(
    t,
    person,
    `mutation ($k: String!, $c: String!, $t: String!, $o: [String!]!, $p: String) {
       createPoll(chatKey: $k, clientId: $c, title: $t, options: $o, parentKey: $p) { key poll { options { id } } } }`,
    { k: chatKey, c: `poll-${Math.random()}`, t: title, o: options, p: parentKey ?? null },
  );
  return data.createPoll;
}

/** Mutes the chat for a day. */
async function mute(person: Person, chatKey: string) {
  const until = new Date(Date.now() + 86_400_000).toISOString();
  await ok(t, person, 'mutation ($k: String!, $u: String) { muteChat(key: $k, until: $u) { key } }', {
    k: chatKey,
    u: until,
  });
}

async function vote(person: Person, messageKey: string, optionIds: number[]) {
  await ok(
    t,
    person,
    'mutation ($k: String!, $o: [Int!]!) { votePoll(messageKey: $k, optionIds: $o) { key } }',
    {
      k: messageKey,
      o: optionIds,
    },
  );
}

describe('mentions', () => {
  it('reach the people named who may read the chat, once each; not the sender, an outsider, a blocker or an e-mail address', async () => {
    const [ana, bob, cat, dan, eve] = [
      await newPerson(t, 'Ana'),
      await newPerson(t, 'Bob'),
      await newPerson(t, 'Cat'),
      await newPerson(t, 'Dan'),
      await newPerson(t, 'Eve'),
    ];
    const { group, chat: room } = await groupWith(ana, [bob, cat, eve]);
    await block(t, eve, ana);
    const sent = await chat.sent(
      ana,
      room.key,
      `Hi @${bob.username} and @${bob.username.toUpperCase()}! @${dan.username} is not here, @${ana.username} is me, ` +
        `@${eve.username} blocked me, mail ${cat.username}@example.org, @nobody_here.`,
    );
    const mention = await onlyActivity(t, bob, 'MENTION');
    expect(mention).toMatchObject({
      creatorId: ana.userId,
      modelType: 'Message',
      to: group.title,
      href: `/chat/g/${room.key}`,
      message: `Ana Test mentioned you in ${group.title}`,
      subject: `chat:${room.id}`,
      read: false,
    });
    const [stored] = (await db().execute(sql`SELECT id FROM messages WHERE key = ${sent.key}`))
      .rows as Array<{
      id: number;
    }>;
    expect(mention.modelId).toBe(Number(stored!.id));
    for (const person of [ana, cat, dan, eve]) expect(await activitiesOf(t, person)).toEqual([]);
  });

  it('pass a chat mute (unread), and are honoured for at most 20 people a message', async () => {
    const ana = await newPerson(t, 'Ana');
    const bob = await newPerson(t, 'Bob');
    const crowd = [];
    for (let i = 0; i < 22; i++) crowd.push(await buildUser(db(), `Crowd${i}`));
    const built = await buildGroup(db(), ana.userId, [
      { userId: bob.userId },
      ...crowd.map((u) => ({ userId: u.id })),
    ]);
    const root = await chat.sent(bob, built.chat.key, 'Anyone?');
    await mute(bob, built.chat.key);
    await chat.sent(ana, built.chat.key, 'Me', { parentKey: root.key });
    expect((await onlyActivity(t, bob, 'THREAD_REPLY')).read).toBe(true);
    await chat.sent(ana, built.chat.key, `@${bob.username} look`);
    expect((await onlyActivity(t, bob, 'MENTION')).read).toBe(false);

    await chat.sent(ana, built.chat.key, crowd.map((u) => `@${u.username}`).join(' '));
    const told = [];
    for (const u of crowd) told.push((await activitiesOfType(t, u.id, 'MENTION')).length);
    expect(told.slice(0, 20)).toEqual(Array(20).fill(1));
    expect(told.slice(20)).toEqual([0, 0]);
  });
});

describe('thread replies', () => {
  it('reach the thread’s author and earlier repliers, folded per thread; a muted chat keeps them silent', async () => {
    const [ana, bob, cat, dan, eve] = [
      await newPerson(t, 'Ana'),
      await newPerson(t, 'Bob'),
      await newPerson(t, 'Cat'),
      await newPerson(t, 'Dan'),
      await newPerson(t, 'Eve'),
    ];
    const { group, chat: room } = await groupWith(ana, [bob, cat, dan, eve]);
    const root = await chat.sent(bob, room.key, 'Who brings the ball?');
    await chat.sent(cat, room.key, 'Me', { parentKey: root.key });
    const first = await onlyActivity(t, bob, 'THREAD_REPLY');
    expect(first).toMatchObject({
      creatorId: cat.userId,
      href: `/chat/g/${room.key}/thread?m=${root.key}`,
      message: `Cat Test replied to your message in ${group.title}`,
      subject: `chat:${room.id}`,
      collapseKey: expect.stringMatching(/^thread:\d+$/),
    });
    expect(await activitiesOf(t, cat)).toEqual([]);

    await mute(cat, room.key);
    await chat.sent(dan, room.key, 'I can too', { parentKey: root.key });
    const folded = await onlyActivity(t, bob, 'THREAD_REPLY');
    expect(folded.id).toBe(first.id);
    expect(folded).toMatchObject({
      creatorId: dan.userId,
      message: `Dan Test replied to your message in ${group.title}`,
    });
    const forCat = await onlyActivity(t, cat, 'THREAD_REPLY');
    expect(forCat).toMatchObject({ message: `Dan Test replied in a thread in ${group.title}`, read: true });
    expect(await activitiesOf(t, dan)).toEqual([]);
    // Not in the thread: nothing; the group's other members are not told of replies.
    expect(await activitiesOf(t, eve)).toEqual([]);
    expect(await activitiesOf(t, ana)).toEqual([]);
  });

  it('a mention in a reply is told once, as a mention', async () => {
    const [ana, bob] = [await newPerson(t, 'Ana'), await newPerson(t, 'Bob')];
    const { chat: room } = await groupWith(ana, [bob]);
    const root = await chat.sent(bob, room.key, 'Plans?');
    await chat.sent(ana, room.key, `@${bob.username} yes`, { parentKey: root.key });
    expect((await activitiesOf(t, bob)).map((a) => [a.type, a.href])).toEqual([
      ['MENTION', `/chat/g/${room.key}/thread?m=${root.key}`],
    ]);
  });
});

describe('polls', () => {
  it('a new poll is suggested to the group’s members; votes reach its author, one row with the count', async () => {
    const [ana, bob, cat, dan] = [
      await newPerson(t, 'Ana'),
      await newPerson(t, 'Bob'),
      await newPerson(t, 'Cat'),
      await newPerson(t, 'Dan'),
    ];
    const { group, chat: room } = await groupWith(ana, [bob, cat]);
    const poll = await createPoll(ana, room.key, 'Where?', ['Park', 'Beach']);
    for (const person of [bob, cat])
      expect(await onlyActivity(t, person, 'SUGGESTION')).toMatchObject({
        creatorId: ana.userId,
        modelType: 'Message',
        href: `/chat/g/${room.key}/poll`,
        message: `Ana Test asked “Where?” in ${group.title}`,
        suggestion: { kind: 'POLL', title: 'Where?', options: ['Park', 'Beach'] },
        subject: `chat:${room.id}`,
      });
    expect(await activitiesOf(t, ana)).toEqual([]);
    expect(await activitiesOf(t, dan)).toEqual([]);

    const [park, beach] = poll.poll.options.map((o) => o.id);
    await vote(bob, poll.key, [park!]);
    const first = await onlyActivity(t, ana, 'POLL_RESULT');
    expect(first).toMatchObject({
      creatorId: bob.userId,
      to: 'Where?',
      href: `/chat/g/${room.key}/poll`,
      message: `Bob Test voted in your poll “Where?” in ${group.title}`,
      read: false,
    });
    await vote(cat, poll.key, [beach!]);
    const second = await onlyActivity(t, ana, 'POLL_RESULT');
    expect(second.id).toBe(first.id);
    expect(second.message).toBe(`2 people voted in your poll “Where?” in ${group.title}`);
    // The author's own vote, and a vote taken back, change nothing.
    await vote(ana, poll.key, [park!]);
    await vote(cat, poll.key, []);
    expect((await onlyActivity(t, ana, 'POLL_RESULT')).message).toBe(
      `2 people voted in your poll “Where?” in ${group.title}`,
    );
    expect(await activitiesOfType(t, bob, 'POLL_RESULT')).toEqual([]);
  });

  it('a poll in a direct message is suggested to nobody', async () => {
    const [ana, bob] = [await newPerson(t, 'Ana'), await newPerson(t, 'Bob')];
    const key = await chat.openDm(ana, bob.userId);
    await createPoll(ana, key, 'Lunch?', ['Yes', 'No']);
    expect(await activitiesOfType(t, bob, 'SUGGESTION')).toEqual([]);
  });
});
