import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson } from './support/people.ts';

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

const QUERY = `query ($key: String!) { chatPublicPage(key: $key) { type key slug } }`;

async function pageOf(key: string) {
  const answer = await t.gql<{ chatPublicPage: { type: string; key: string; slug: string } | null }>(QUERY, {
    key,
  });
  expect(answer.errors).toBeUndefined();
  return answer.data!.chatPublicPage;
}

describe('chatPublicPage (spec 2.3: a signed-out visitor of a chat goes to its public page)', () => {
  it('names the public group or plan of a chat to a visitor, and nothing for private ones, direct chats or unknown keys', async () => {
    const db = t.plaza.platform.store.db;
    const owner = await newPerson(t, 'Owner');
    const friend = await newPerson(t, 'Friend');
    const publicGroup = await buildGroup(db, owner.userId, [], { isPublic: true });
    const privateGroup = await buildGroup(db, owner.userId, [], { isPublic: false });
    const publicPlan = await buildPlan(db, owner.userId, [], { isPublic: true });
    const privatePlan = await buildPlan(db, owner.userId, [], { isPublic: false });

    expect(await pageOf(publicGroup.chat.key)).toEqual({
      type: 'g',
      key: publicGroup.group.key,
      slug: publicGroup.group.slug,
    });
    expect(await pageOf(publicPlan.chat.key)).toEqual({
      type: 'p',
      key: publicPlan.plan.key,
      slug: publicPlan.plan.slug,
    });
    expect(await pageOf(privateGroup.chat.key)).toBeNull();
    expect(await pageOf(privatePlan.chat.key)).toBeNull();
    expect(await pageOf('no-such-chat')).toBeNull();

    const opened = await t.gql<{ openDirectChat: { key: string } }>(
      `mutation { openDirectChat(userId: ${friend.userId}) { key } }`,
      {},
      owner.headers,
    );
    expect(await pageOf(opened.data!.openDirectChat.key)).toBeNull();
  });
});
