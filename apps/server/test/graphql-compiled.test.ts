import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ROOM_FIELDS, MESSAGE_FIELDS } from '../../web/app/features/chat/chat-data.ts';
import { PLAN_PAGE_FIELDS } from '../../web/app/features/plans/plan-data.ts';
import { users } from '../src/db/schema/index.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { chatApi } from './support/chats.ts';
import { whileBlockedCountryCodesThrow } from './support/failing-config.ts';
import { buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

// Decision 0034: a document's first execution is interpreted (graphql-js), its later ones run
// compiled (graphql-jit). Whatever a client asks, the answer must not depend on which of the two
// ran it: data, coded errors with their paths, nulls carried up to a nullable parent, masking.

let t: TestPlaza;
let ana: Person;
let ben: Person;
beforeAll(async () => {
  t = await startTestPlaza();
  [ana, ben] = [await newPerson(t, 'Ana'), await newPerson(t, 'Ben')];
});
afterAll(() => t.close());

/** Asks the same document three times (interpreted, then compiled twice) and answers the three. */
async function thrice(query: string, variables: Record<string, unknown>, person: Person | null) {
  const answers: GraphQLResponse[] = [];
  for (let round = 0; round < 3; round += 1) answers.push(await t.gql(query, variables, person?.headers));
  return answers;
}

function expectAlike(answers: GraphQLResponse[]) {
  const [first, ...rest] = answers;
  for (const later of rest) {
    expect(later).toStrictEqual(first);
    // The same JSON, keys in the same order too (a client may print it).
    expect(JSON.stringify(later)).toBe(JSON.stringify(first));
  }
}

describe('compiled execution answers as the interpreted one did', () => {
  it('the web app’s plan page and chat room, with their nested lists', async () => {
    const { plan } = await buildPlan(t.plaza.platform.store.db, ana.userId, [
      { userId: ben.userId, response: 'GOING' },
    ]);
    const planAnswers = await thrice(
      `query PlanPage($key: String!) { plan(key: $key) { ${PLAN_PAGE_FIELDS} } }`,
      { key: plan.key },
      ben,
    );
    expect(planAnswers[0]!.errors).toBeUndefined();
    expect(planAnswers[0]!.data).toMatchObject({ plan: { key: plan.key, title: 'Picnic' } });
    expectAlike(planAnswers);

    const chats = chatApi(t);
    const key = await chats.openDm(ana, ben.userId);
    const first = await chats.send(ana, key, 'Picnic at noon?');
    expect(first.errors).toBeUndefined();
    await chats.send(ben, key, 'Yes!', { parentKey: first.data!.sendMessage.key });
    await chats.send(ben, key, 'I bring bread');
    const roomAnswers = await thrice(
      `query ChatRoom($key: String!) { chat(key: $key) { ${CHAT_ROOM_FIELDS}
        messages(limit: 50) { canLoadPrev firstMessageKey messages { ${MESSAGE_FIELDS} } } } }`,
      { key },
      ben,
    );
    expect(roomAnswers[0]!.errors).toBeUndefined();
    const shown = roomAnswers[0]!.data as { chat: { messages: { messages: Array<{ text: string }> } } };
    expect(shown.chat.messages.messages.map((message) => message.text)).toEqual([
      'Picnic at noon?',
      'I bring bread',
    ]);
    expectAlike(roomAnswers);
  });

  it('a coded error, with its path, beside a field that answered', async () => {
    const answers = await thrice(
      `query ($key: String!) { myself { user { id } } plan(key: $key) { key title } }`,
      { key: 'no-such-plan' },
      ana,
    );
    expect(answers[0]!.data).toStrictEqual({ myself: { user: { id: ana.userId } }, plan: null });
    expect(answers[0]!.errors).toMatchObject([{ path: ['plan'], extensions: { code: 'NOT_FOUND' } }]);
    expectAlike(answers);
  });

  it('a refusal for a visitor, and bad variables refused before execution', async () => {
    const refused = await thrice('query { myChats(hidden: false) { key } }', {}, null);
    expect(refused[0]!.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expectAlike(refused);

    const badVariables = await thrice('query ($key: String!) { plan(key: $key) { key } }', { key: 7 }, ana);
    expect(badVariables[0]!.status).toBe(400);
    expect(badVariables[0]!.errors?.[0]?.message).toMatch(/\$key/);
    expectAlike(badVariables);
  });

  it('a mutation’s validation error, then its success, as often as it is asked', async () => {
    const mutation = `mutation ($user: UpdateProfileInput!) { updateProfile(user: $user) { first bio } }`;
    const refused = await thrice(mutation, { user: { first: '' } }, ana);
    expect(refused[0]!.errors?.[0]?.extensions?.code).toBeDefined();
    expect(refused[0]!.data?.updateProfile ?? null).toBeNull();
    expectAlike(refused);

    const saved = await thrice(mutation, { user: { first: 'Anabel', bio: 'Walks, then coffee.' } }, ana);
    expect(saved[0]!.errors).toBeUndefined();
    expect(saved[0]!.data).toStrictEqual({ updateProfile: { first: 'Anabel', bio: 'Walks, then coffee.' } });
    expectAlike(saved);
    const [row] = await t.plaza.platform.store.db.select().from(users).where(eq(users.id, ana.userId));
    expect(row!.first).toBe('Anabel');
  });

  it('an unexpected failure is masked on every execution', async () => {
    const answers = await whileBlockedCountryCodesThrow(t, 'secret internal detail', () =>
      thrice('{ getBlockedCountryCodes { blockedCountryCodes } }', {}, null),
    );
    expect(answers[0]!.errors?.[0]?.message).toBe('Unexpected error.');
    expect(JSON.stringify(answers)).not.toContain('secret internal detail');
    expectAlike(answers);
  });
});
