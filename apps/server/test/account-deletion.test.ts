import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_USER_KEY,
  groupMembers,
  groups,
  messages,
  planResponses,
  plans,
  sessions,
  users,
} from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildMessage, buildPlan } from './support/factories.ts';
import { signInWithEmail, type SignedIn } from './support/sign-in.ts';

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;

async function onboard(person: SignedIn, username: string) {
  const res = await t.gql(
    'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { username } }',
    { u: { username, first: username } },
    person.headers,
  );
  expect(res.errors).toBeUndefined();
}

async function uploadAvatar(person: SignedIn): Promise<string> {
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#a0c4ff' } })
    .png()
    .toBuffer();
  const res = await fetch(`${await t.url()}/media/upload`, {
    method: 'POST',
    headers: person.headers,
    body: png,
  });
  expect(res.status).toBe(201);
  const { path } = (await res.json()) as { path: string };
  await t.gql(
    'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { image } }',
    { u: { image: path } },
    person.headers,
  );
  return path;
}

/** A person with a bit of everything: groups (shared and alone), plans, RSVPs, messages, a photo. */
async function buildLife() {
  const leaving = await signInWithEmail(t, `leaving.${Date.now()}@example.org`);
  await onboard(leaving, `leaving_${Date.now() % 100000}`);
  const friend = await signInWithEmail(t, `friend.${Date.now()}@example.org`);
  const admin = await signInWithEmail(t, `admin.${Date.now()}@example.org`);
  const shared = await buildGroup(db(), leaving.userId, [
    { userId: friend.userId, role: 'member', joinedAt: new Date(Date.now() - 50_000) },
    { userId: admin.userId, role: 'admin', joinedAt: new Date(Date.now() - 10_000) },
  ]);
  const alone = await buildGroup(db(), leaving.userId);
  const friendsGroup = await buildGroup(db(), friend.userId, [{ userId: leaving.userId }]);
  const ownPlan = await buildPlan(db(), leaving.userId, [{ userId: friend.userId, response: 'ATTENDING' }]);
  const friendsPlan = await buildPlan(db(), friend.userId, [
    { userId: leaving.userId, response: 'INTERESTED' },
  ]);
  const sentInShared = await buildMessage(
    db(),
    friendsGroup.chat.id,
    leaving.userId,
    'See you all on Sunday',
  );
  const friendsReply = await buildMessage(db(), friendsGroup.chat.id, friend.userId, 'Great!');
  const photo = await uploadAvatar(leaving);
  return {
    leaving,
    friend,
    admin,
    shared,
    alone,
    friendsGroup,
    ownPlan,
    friendsPlan,
    sentInShared,
    friendsReply,
    photo,
  };
}

describe('GET /api/me/export', () => {
  it('downloads everything the person made as a JSON attachment', async () => {
    const life = await buildLife();
    const res = await fetch(`${await t.url()}/api/me/export`, { headers: life.leaving.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="plaza-leaving_\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const archive = (await res.json()) as Record<string, unknown> & {
      profile: { id: number; image: string };
      groupMemberships: Array<{ key: string; role: string }>;
      groupsCreated: Array<{ key: string }>;
      plans: Array<{ key: string }>;
      rsvps: Array<{ planKey: string; response: string }>;
      messages: Array<{ key: string; text: string }>;
      signInMethods: Array<{ type: string }>;
    };
    expect(archive.profile).toMatchObject({ id: life.leaving.userId, image: life.photo });
    expect(archive.signInMethods).toEqual([{ type: 'EMAIL', email: expect.stringMatching(/^leaving\./) }]);
    expect(archive.groupMemberships.map((m) => m.key).sort()).toEqual(
      [life.shared.group.key, life.alone.group.key, life.friendsGroup.group.key].sort(),
    );
    expect(archive.groupsCreated.map((g) => g.key).sort()).toEqual(
      [life.shared.group.key, life.alone.group.key].sort(),
    );
    expect(archive.plans.map((p) => p.key)).toEqual([life.ownPlan.plan.key]);
    expect(archive.rsvps).toEqual([
      expect.objectContaining({ planKey: life.friendsPlan.plan.key, response: 'INTERESTED' }),
    ]);
    expect(archive.messages).toEqual([
      expect.objectContaining({ key: life.sentInShared.key, text: 'See you all on Sunday' }),
    ]);
    // Nothing of anybody else.
    expect(JSON.stringify(archive)).not.toContain('Great!');
  });

  it('is refused to a signed-out visitor', async () => {
    const res = await fetch(`${await t.url()}/api/me/export`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('deleteMyAccount', () => {
  const mutation = 'mutation ($c: String!) { deleteMyAccount(confirm: $c) }';

  it('wants the username typed to confirm, and deletes nothing otherwise', async () => {
    const life = await buildLife();
    const res = await t.gql(mutation, { c: 'not my name' }, life.leaving.headers);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'confirm' });
    const [still] = await db().select().from(users).where(eq(users.id, life.leaving.userId));
    expect(still).toBeDefined();
  });

  it('deletes the account, profile, RSVPs, memberships and plans; keeps shared messages as from a deleted user', async () => {
    const life = await buildLife();
    const [me] = await db().select().from(users).where(eq(users.id, life.leaving.userId));
    const res = await t.gql(mutation, { c: ` @${me!.username.toUpperCase()} ` }, life.leaving.headers);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ deleteMyAccount: true });

    expect(await db().select().from(users).where(eq(users.id, life.leaving.userId))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, life.leaving.userId))).toEqual([]);
    const gone = await t.gql('{ myself { user { id } } }', {}, life.leaving.headers);
    expect(gone.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // Memberships and RSVPs are gone; the plan they made is gone; the friend's plan stays.
    expect(
      await db().select().from(groupMembers).where(eq(groupMembers.userId, life.leaving.userId)),
    ).toEqual([]);
    expect(
      await db().select().from(planResponses).where(eq(planResponses.userId, life.leaving.userId)),
    ).toEqual([]);
    expect(await db().select().from(plans).where(eq(plans.id, life.ownPlan.plan.id))).toEqual([]);
    expect(await db().select().from(plans).where(eq(plans.id, life.friendsPlan.plan.id))).toHaveLength(1);

    // The shared group passes to its admin; the group nobody else was in is deleted.
    const [shared] = await db().select().from(groups).where(eq(groups.id, life.shared.group.id));
    expect(shared!.creatorId).toBe(life.admin.userId);
    const [heir] = await db().select().from(groupMembers).where(eq(groupMembers.userId, life.admin.userId));
    expect(heir!.role).toBe('owner');
    expect(await db().select().from(groups).where(eq(groups.id, life.alone.group.id))).toEqual([]);

    // Their message in the friend's group is kept, from the placeholder; the friend's reply is untouched.
    const kept = await db()
      .select({ key: messages.key, text: messages.text, sender: users.key, first: users.first })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.key, [life.sentInShared.key, life.friendsReply.key]));
    expect(kept.find((m) => m.key === life.sentInShared.key)).toMatchObject({
      text: 'See you all on Sunday',
      sender: DELETED_USER_KEY,
      first: 'Deleted user',
    });
    expect(kept.find((m) => m.key === life.friendsReply.key)!.sender).not.toBe(DELETED_USER_KEY);

    // Their photo is deleted from storage.
    const photo = await fetch(`${await t.url()}${life.photo}`);
    expect(photo.status).toBe(404);
  });

  it('lets the same address start over with a new account', async () => {
    const email = `again.${Date.now()}@example.org`;
    const first = await signInWithEmail(t, email);
    const [row] = await db().select().from(users).where(eq(users.id, first.userId));
    await t.gql(mutation, { c: row!.username }, first.headers);
    const second = await signInWithEmail(t, email);
    expect(second.userId).not.toBe(first.userId);
  });
});
