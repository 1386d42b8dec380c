import { count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, groupMembers, groups, messages, places, plans, users } from '../src/db/schema/index.ts';
import { seedDemoWorldIfEmpty } from '../src/demo/seed.ts';
import * as world from '../src/demo/world.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

let t: TestPlaza;
let summary: Awaited<ReturnType<typeof seedDemoWorldIfEmpty>>;
const seededAt = new Date();

beforeAll(async () => {
  t = await startTestPlaza();
  summary = await seedDemoWorldIfEmpty(t.plaza.platform);
}, 120_000);
afterAll(() => t.close());

describe('demo world', () => {
  it('fills an empty store with the people, groups, plans and chats of the world', async () => {
    const { db } = t.plaza.platform.store;
    expect(summary).toMatchObject({
      people: world.people.length,
      groups: world.groups.length,
      plans: world.plans.length,
    });
    const [people] = await db.select({ n: count() }).from(users).where(eq(users.isDemo, true));
    expect(people!.n).toBe(world.people.length);
    const [groupCount] = await db.select({ n: count() }).from(groups);
    expect(groupCount!.n).toBe(world.groups.length);
    const [chatCount] = await db.select({ n: count() }).from(chats);
    expect(chatCount!.n).toBe(summary!.chats);
    const [messageCount] = await db.select({ n: count() }).from(messages);
    expect(messageCount!.n).toBe(summary!.messages);
  });

  it('numbers each chat’s messages 1..n with no gap, as live chats will', async () => {
    const { db } = t.plaza.platform.store;
    for (const chat of await db.select().from(chats)) {
      const seqs = (await db.select({ seq: messages.seq }).from(messages).where(eq(messages.chatId, chat.id)))
        .map((m) => m.seq)
        .sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(chat.lastSeq).toBe(seqs.length);
    }
  });

  it('keeps most plans upcoming from the moment it was seeded', async () => {
    const { db } = t.plaza.platform.store;
    const [upcoming] = await db.select({ n: count() }).from(plans).where(gt(plans.startsAt, seededAt));
    expect(upcoming!.n).toBe(world.plans.filter((p) => p.day > 0).length);
  });

  it('gives every person, group and plan an image that the blob store can serve', async () => {
    const { db } = t.plaza.platform.store;
    const images = [
      ...(await db.select({ image: users.image }).from(users).where(eq(users.isDemo, true))),
      ...(await db.select({ image: groups.image }).from(groups)),
      ...(await db.select({ image: plans.image }).from(plans)),
    ].map((r) => r.image);
    expect(images.every((image) => image?.startsWith('/media/'))).toBe(true);
    const blob = await t.plaza.platform.blobs.get(images[0]!.slice('/media/'.length));
    expect(blob?.contentType).toBe('image/webp');
    expect(blob!.size).toBeGreaterThan(500);
  });

  it('stores requests to join apart from members', async () => {
    const { db } = t.plaza.platform.store;
    const [requested] = await db
      .select({ n: count() })
      .from(groupMembers)
      .where(eq(groupMembers.status, 'requested'));
    expect(requested!.n).toBe(world.groups.reduce((n, g) => n + (g.requests?.length ?? 0), 0));
  });

  it('ties people together: friends, follows and requests to the private profile', async () => {
    const res = await t.gql<{
      publicProfile: { user: { followerCount: number; groupCount: number }; friends: { total: number } };
    }>(
      '{ publicProfile(username: "ines", withFriends: true) { user { followerCount groupCount } friends { total } } }',
    );
    const friendsOfInes = world.ties.friends.filter((pair) => pair.includes('ines')).length;
    expect(res.data?.publicProfile.friends.total).toBe(friendsOfInes);
    expect(res.data?.publicProfile.user.followerCount).toBe(
      friendsOfInes + world.ties.follows.filter(([, followed]) => followed === 'ines').length,
    );
    expect(res.data?.publicProfile.user.groupCount).toBe(
      world.groups.filter((g) => g.members.includes('ines')).length,
    );
    const privateOne = await t.gql<{ publicUserFriends: unknown }>(
      '{ publicUserFriends(username: "beatriz") { total } }',
    );
    expect(privateOne.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('explores Lisbon for a signed-out visitor: the area’s upcoming public plans, nearest first', async () => {
    // Tests do not load the city data set: the row it gives Lisbon.
    await t.plaza.platform.store.db.insert(places).values({
      kind: 'city',
      sourceId: 'geonames:2267057',
      name: 'Lisbon',
      searchName: 'lisbon',
      slug: 'lisbon-pt',
      city: 'Lisbon',
      country: 'Portugal',
      countryCode: 'PT',
      latitude: 38_716_670,
      longitude: -9_133_330,
      timezone: 'Europe/Lisbon',
      population: 517_802,
    });
    const res = await t.gql<{
      explore: {
        place: { name: string };
        plans: Array<{ title: string }>;
        people: Array<{ username: string }>;
      };
    }>('{ explore(place: "lisbon", limit: 50) { place { name } plans { title } people { username } } }');
    expect(res.errors).toBeUndefined();
    const centre = world.cityCentres.Lisbon;
    const km = (p: { latitude: number; longitude: number }) =>
      Math.hypot(
        p.latitude - centre.latitude,
        (p.longitude - centre.longitude) * Math.cos((centre.latitude * Math.PI) / 180),
      ) * 111.19;
    const byTitle = new Map(world.plans.map((plan) => [plan.title, plan]));
    const found = res.data!.explore.plans.map((plan) => byTitle.get(plan.title)!);
    expect(res.data!.explore.place.name).toBe('Lisbon');
    expect(found.every((plan) => plan.isPublic && km(plan.place) <= 50)).toBe(true);
    const expected = world.plans.filter((plan) => plan.isPublic && plan.day > 0 && km(plan.place) <= 50);
    expect(found.map((plan) => plan.title)).toEqual(
      expect.arrayContaining(expected.map((plan) => plan.title)),
    );
    expect(expected.length).toBeGreaterThanOrEqual(8);
    const distances = found.map((plan) => km(plan.place));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // People of Lisbon with public profiles; Beatriz's is private.
    const people = res.data!.explore.people.map((person) => person.username);
    expect(people).toContain('ines');
    expect(people).not.toContain('beatriz');
    expect(people).not.toContain('max'); // in Berlin
  });

  it('leaves a store that already has people alone', async () => {
    expect(await seedDemoWorldIfEmpty(t.plaza.platform)).toBeNull();
  });
});
