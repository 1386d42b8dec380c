import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ROOM_FIELDS, MESSAGE_FIELDS } from '../../web/app/features/chat/chat-data.ts';
import { messages } from '../src/db/schema/index.ts';
import { findChat } from '../src/domains/chats/chat-access.ts';
import { storeMessage } from '../src/domains/chats/send-message.ts';
import type { TestPlaza } from './harness.ts';
import { buildPlan } from './support/factories.ts';
import type { Person } from './support/people.ts';
import type { chatApi } from './support/chats.ts';
import { chatTrio, codeOf, requestContextOf } from './support/chats.ts';
import { makeMp4 } from './support/mp4.ts';

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;

beforeAll(async () => {
  ({ t, api, ana, ben, cai } = await chatTrio());
});
afterAll(() => t.close());

interface Shared {
  key: string;
  text: string;
  plan: { key: string; title: string } | null;
}

function share(person: Person, chatKey: string, planKey: string, text = '') {
  return t.gql<{ sendMessage: Shared }>(
    `mutation ($k: String!, $c: String!, $t: String!, $p: String) {
       sendMessage(chatKey: $k, clientId: $c, text: $t, planKey: $p) { key text plan { key title } } }`,
    { k: chatKey, c: `s-${Math.random()}`, t: text, p: planKey },
    person.headers,
  );
}

function readPlanCard(person: Person, chatKey: string) {
  return t.gql<{ chat: { messages: { messages: Shared[] } } }>(
    'query ($k: String!) { chat(key: $k) { messages { messages { key text plan { key title } } } } }',
    { k: chatKey },
    person.headers,
  );
}

describe('sharing a plan into a chat (irl/event)', () => {
  it('sends the plan as a card, with or without words', async () => {
    const { plan } = await buildPlan(api.db(), ana.userId, [], { isPublic: true });
    const dm = await api.openDm(ana, ben.userId);
    const res = await share(ana, dm, plan.key);
    expect(res.errors).toBeUndefined();
    expect(res.data!.sendMessage).toMatchObject({ text: '', plan: { key: plan.key, title: 'Picnic' } });
    const seen = await readPlanCard(ben, dm);
    expect(seen.data!.chat.messages.messages.at(-1)!.plan).toEqual({ key: plan.key, title: 'Picnic' });
  });

  it('refuses a plan the sender may not see, as if it did not exist, and stores nothing', async () => {
    const { plan: secret } = await buildPlan(api.db(), cai.userId, [], { isPublic: false });
    const dm = await api.openDm(ana, ben.userId);
    const before = await api.messageCount(dm);
    const res = await share(ana, dm, secret.key, 'look');
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(await api.messageCount(dm)).toBe(before);
  });

  it('shows no card to a reader who may not see the plan', async () => {
    const { plan: own } = await buildPlan(api.db(), ana.userId, [], { isPublic: false });
    const dm = await api.openDm(ana, ben.userId);
    const res = await share(ana, dm, own.key, 'just for me');
    expect(res.data!.sendMessage.plan).toEqual({ key: own.key, title: 'Picnic' });
    const seen = await readPlanCard(ben, dm);
    expect(seen.data!.chat.messages.messages.at(-1)).toMatchObject({ text: 'just for me', plan: null });
  });
});

describe('memix (irl/memix): a picture with captions', () => {
  async function upload(person: Person, body: Buffer, type: string): Promise<string> {
    const res = await fetch(`${await t.url()}/media/upload?kind=chat`, {
      method: 'POST',
      headers: { 'content-type': type, ...person.headers },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { key: string }).key;
  }
  const picture = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#219ebc' } })
      .png()
      .toBuffer();

  function sendMemix(
    person: Person,
    chatKey: string,
    memix: { mediaKey: string; top?: string; bottom?: string },
  ) {
    return t.gql<{
      sendMessage: {
        text: string;
        memix: { top: string; bottom: string; image: { kind: string; url: string } } | null;
      };
    }>(
      `mutation ($k: String!, $c: String!, $x: MemixInput) {
         sendMessage(chatKey: $k, clientId: $c, text: "", memix: $x) { text memix { top bottom image { kind url } } } }`,
      { k: chatKey, c: `x-${Math.random()}`, x: memix },
      person.headers,
    );
  }

  it('sends one of the sender’s pictures with its captions, trimmed', async () => {
    const dm = await api.openDm(ana, ben.userId);
    const key = await upload(ana, await picture(), 'image/png');
    const res = await sendMemix(ana, dm, { mediaKey: key, top: '  when the 8:11 is late ', bottom: 'again' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.sendMessage.memix).toMatchObject({
      top: 'when the 8:11 is late',
      bottom: 'again',
      image: { kind: 'image', url: expect.stringMatching(/^\/media\/.+\.webp$/) },
    });
  });

  it('refuses a memix without a caption, with a caption too long, from a video or from another person’s picture, and stores nothing', async () => {
    const dm = await api.openDm(ana, ben.userId);
    const before = await api.messageCount(dm);
    const mine = await upload(ana, await picture(), 'image/png');
    const video = await upload(
      ana,
      makeMp4({ video: { width: 320, height: 240 }, durationMs: 2000 }),
      'video/mp4',
    );
    const bens = await upload(ben, await picture(), 'image/png');
    for (const memix of [
      { mediaKey: mine, top: ' ', bottom: '' },
      { mediaKey: mine, top: 'x'.repeat(81) },
      { mediaKey: video, top: 'moving pictures' },
      { mediaKey: bens, top: 'not mine' },
    ]) {
      const res = await sendMemix(ana, dm, memix);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
    }
    expect(await api.messageCount(dm)).toBe(before);
  });
});

describe('a message of the main chat, stored in one statement', () => {
  it('answers every field as the chat reads the message back, attachments included', async () => {
    const { plan } = await buildPlan(api.db(), ana.userId, [], { isPublic: true });
    const dm = await api.openDm(ana, ben.userId);
    const sent = await t.gql<{ sendMessage: Record<string, unknown> }>(
      `mutation ($k: String!, $c: String!, $t: String!, $p: String) {
         sendMessage(chatKey: $k, clientId: $c, text: $t, planKey: $p) { ${MESSAGE_FIELDS} } }`,
      { k: dm, c: `whole-${Math.random()}`, t: 'Picnic, anyone? 🧺', p: plan.key },
      ana.headers,
    );
    expect(sent.errors).toBeUndefined();
    const room = await t.gql<{ chat: { messages: { messages: Array<Record<string, unknown>> } } }>(
      `query ($k: String!) { chat(key: $k) { ${CHAT_ROOM_FIELDS}
         messages { messages { ${MESSAGE_FIELDS} } } } }`,
      { k: dm },
      ana.headers,
    );
    const read = room.data!.chat.messages.messages.find((m) => m.key === sent.data!.sendMessage.key);
    expect(read).toEqual(sent.data!.sendMessage);
    expect(read).toMatchObject({ text: 'Picnic, anyone? 🧺', plan: { key: plan.key } });
  });

  it('gives storeMessage the row a select of the table reads, value for value', async () => {
    const { plan } = await buildPlan(api.db(), ana.userId, [], { isPublic: true });
    const dm = await api.openDm(ana, ben.userId);
    const context = requestContextOf(t, ana.userId);
    const access = await findChat(context, dm);
    const stored = await storeMessage(context, access, ana.userId, {
      clientId: `row-${Math.random()}`,
      text: 'row check',
      attachments: [{ kind: 'irl/event', planId: plan.id, planKey: plan.key }],
    });
    const [selected] = await api.db().select().from(messages).where(eq(messages.id, stored.id));
    expect(stored).toEqual(selected);
    expect(stored.createdAt).toBeInstanceOf(Date);
    expect(typeof stored.seq).toBe('number');
    expect(stored.threadUserIds).toEqual([]);
  });
});
