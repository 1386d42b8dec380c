import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import { chatApi, codeOf } from './support/chats.ts';

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let cai: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  api = chatApi(t);
  ana = await newPerson(t, 'Ana');
  ben = await newPerson(t, 'Ben');
  cai = await newPerson(t, 'Cai');
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
