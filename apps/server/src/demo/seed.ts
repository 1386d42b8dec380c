import { and, count, eq, ne } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import { slugify } from '@plaza/core/slug';
import type { Database } from '../db/client.ts';
import {
  DELETED_USER_KEY,
  chatMembers,
  chats,
  follows,
  groupMembers,
  groups,
  messages,
  planResponses,
  plans,
  users,
} from '../db/schema/index.ts';
import { largestCityNamed } from '../domains/places/my-location.ts';
import type { Platform } from '../graphql/context.ts';
import { keyFrom } from '../ids.ts';
import { avatarSvg, coverSvg, renderWebp } from './art.ts';
import { seededRandom, type SeededRandom } from './random.ts';
import * as world from './world.ts';
import { dateInZone, zonedTimeToUtc } from './zoned-time.ts';

export const DEMO_SEED = 20261122;

const micro = (degrees: number) => Math.round(degrees * 1e6);
async function storeImage(platform: Platform, random: SeededRandom, svg: string): Promise<string> {
  const key = `demo-${keyFrom(random.bytes, 12)}.webp`;
  await platform.blobs.put(key, await renderWebp(svg), 'image/webp');
  return `/media/${key}`;
}

interface SeedSummary {
  people: number;
  groups: number;
  plans: number;
  chats: number;
  messages: number;
}

/** Inserts the whole demo world in one transaction; images are written to the blob store first. */
export async function seedDemoWorld(platform: Platform, now = new Date()): Promise<SeedSummary> {
  const random = seededRandom(DEMO_SEED);
  const key = () => keyFrom(random.bytes);

  const avatars = new Map<string, string>();
  for (const person of world.people)
    avatars.set(person.username, await storeImage(platform, random, avatarSvg(random)));
  const groupCovers = new Map<string, string>();
  for (const group of world.groups)
    groupCovers.set(group.slug, await storeImage(platform, random, coverSvg(group.art, random)));
  const planCovers = new Map<string, string>();
  for (const plan of world.plans)
    planCovers.set(plan.title, await storeImage(platform, random, coverSvg(plan.art, random)));

  let messageCount = 0;
  let chatCount = 0;
  await platform.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    // A profile's place is its city's row once the city data set is loaded; before that, the
    // city name and centre alone, which myLocation matches to the city later (decision 0016).
    const cityIds = new Map<string, number | null>();
    for (const name of Object.keys(world.cityCentres))
      cityIds.set(name, (await largestCityNamed(db, name))?.id ?? null);
    const userIds = new Map<string, number>();
    for (const person of world.people) {
      const centre = world.cityCentres[person.city];
      const [row] = await db
        .insert(users)
        .values({
          key: key(),
          username: person.username,
          first: person.first,
          last: person.last,
          bio: person.bio,
          image: avatars.get(person.username)!,
          isPublic: person.isPublic ?? true,
          isVerified: person.isVerified ?? false,
          locationCity: person.city,
          placeId: cityIds.get(person.city) ?? null,
          latitude: micro(centre.latitude),
          longitude: micro(centre.longitude),
          isDemo: true,
          createdAt: new Date(now.getTime() - random.int(20, 400) * 86_400_000),
          onboardedAt: now,
        })
        .returning({ id: users.id });
      userIds.set(person.username, row!.id);
    }
    const idOf = (username: string) => {
      const id = userIds.get(username);
      if (id === undefined) throw new Error(`demo world names an unknown person: ${username}`);
      return id;
    };

    const sendAll = async (chatId: number, lines: Array<[string, string]>, startedAt: Date) => {
      let at = startedAt.getTime();
      for (const [index, [username, text]] of lines.entries()) {
        at += random.int(3, 90) * 60_000;
        await db.insert(messages).values({
          key: key(),
          chatId,
          seq: index + 1,
          rev: index + 1,
          createdRev: index + 1,
          senderId: idOf(username),
          clientId: `demo-${index + 1}`,
          text,
          createdAt: new Date(at),
        });
      }
      messageCount += lines.length;
      await db
        .update(chats)
        .set({ lastSeq: lines.length, lastRev: lines.length, lastMessageAt: new Date(at) })
        .where(eq(chats.id, chatId));
    };

    const groupIds = new Map<string, number>();
    for (const group of world.groups) {
      const [row] = await db
        .insert(groups)
        .values({
          key: key(),
          slug: group.slug,
          title: group.title,
          description: group.description,
          image: groupCovers.get(group.slug)!,
          isPublic: group.isPublic,
          hasJoinRequests: group.hasJoinRequests,
          creatorId: idOf(group.owner),
          locationName: group.place.name,
          address: group.place.address,
          city: group.place.city,
          state: group.place.state,
          latitude: micro(group.place.latitude),
          longitude: micro(group.place.longitude),
          viewMask: group.isPublic ? 1 : 128,
          joinMask: group.hasJoinRequests ? 128 : 1,
          hashtags: group.hashtags,
          isDemo: true,
        })
        .returning({ id: groups.id });
      const groupId = row!.id;
      groupIds.set(group.slug, groupId);
      const role = (username: string) =>
        username === group.owner ? 'owner' : group.admins?.includes(username) ? 'admin' : 'member';
      const memberRows = [
        ...group.members.map((username) => ({
          groupId,
          userId: idOf(username),
          role: role(username),
          status: 'member',
        })),
        ...(group.requests ?? []).map((username) => ({
          groupId,
          userId: idOf(username),
          role: 'member',
          status: 'requested',
        })),
      ];
      await db.insert(groupMembers).values(memberRows);
      const [chat] = await db
        .insert(chats)
        .values({ key: key(), type: 'g', groupId })
        .returning({ id: chats.id });
      chatCount++;
      await sendAll(chat!.id, group.chat, new Date(now.getTime() - 3 * 86_400_000));
    }

    for (const plan of world.plans) {
      const date = dateInZone(now, plan.day, plan.place.timezone);
      const startsAt = zonedTimeToUtc(date, plan.at[0], plan.at[1], plan.place.timezone);
      const [row] = await db
        .insert(plans)
        .values({
          key: key(),
          slug: slugify(plan.title, 'plan'),
          title: plan.title,
          description: plan.description,
          image: planCovers.get(plan.title)!,
          creatorId: idOf(plan.creator),
          groupId: plan.group ? groupIds.get(plan.group)! : null,
          timezone: plan.place.timezone,
          startsAt,
          endsAt: new Date(startsAt.getTime() + plan.minutes * 60_000),
          locationName: plan.place.name,
          address: plan.place.address,
          city: plan.place.city,
          state: plan.place.state,
          latitude: micro(plan.place.latitude),
          longitude: micro(plan.place.longitude),
          recurrence: plan.weekly && !plan.isPublic ? { frequency: 'WEEKLY', byDay: plan.weekly } : null,
          viewMask: plan.isPublic ? 1 : 128 | 64 | 2,
          hashtags: plan.hashtags,
          link: plan.link ?? null,
          isDemo: true,
        })
        .returning({ id: plans.id });
      const planId = row!.id;
      const responses = [
        ...plan.attending.map((u) => ({ planId, userId: idOf(u), response: 'ATTENDING' })),
        ...(plan.interested ?? []).map((u) => ({ planId, userId: idOf(u), response: 'INTERESTED' })),
        ...(plan.nextTime ?? []).map((u) => ({ planId, userId: idOf(u), response: 'NEXT_TIME' })),
      ];
      await db.insert(planResponses).values(responses);
      if (plan.chat) {
        const [chat] = await db
          .insert(chats)
          .values({ key: key(), type: 'p', planId })
          .returning({ id: chats.id });
        chatCount++;
        await sendAll(chat!.id, plan.chat, new Date(now.getTime() - 2 * 86_400_000));
      }
    }

    const tieRows = [
      ...world.ties.friends.flatMap(([a, b]) => [
        { userId: idOf(a), targetId: idOf(b), status: 'FOLLOWING' as const },
        { userId: idOf(b), targetId: idOf(a), status: 'FOLLOWING' as const },
      ]),
      ...world.ties.follows.map(([a, b]) => ({
        userId: idOf(a),
        targetId: idOf(b),
        status: 'FOLLOWING' as const,
      })),
      ...world.ties.requests.map(([a, b]) => ({
        userId: idOf(a),
        targetId: idOf(b),
        status: 'REQUESTED' as const,
      })),
    ];
    await db.insert(follows).values(tieRows);

    for (const dm of world.directMessages) {
      const [chat] = await db.insert(chats).values({ key: key(), type: 'd' }).returning({ id: chats.id });
      chatCount++;
      await db
        .insert(chatMembers)
        .values(dm.between.map((username) => ({ chatId: chat!.id, userId: idOf(username) })));
      await sendAll(chat!.id, dm.messages, new Date(now.getTime() - 86_400_000));
    }
  });

  return {
    people: world.people.length,
    groups: world.groups.length,
    plans: world.plans.length,
    chats: chatCount,
    messages: messageCount,
  };
}

/**
 * Fills an empty store with the demo world; a store that has anyone besides the bot and the
 * deleted-user placeholder is left alone.
 */
export async function seedDemoWorldIfEmpty(platform: Platform): Promise<SeedSummary | null> {
  const [row] = await platform.store.db
    .select({ n: count() })
    .from(users)
    .where(and(ne(users.id, BOT_USER_ID), ne(users.key, DELETED_USER_KEY)));
  if ((row?.n ?? 0) > 0) return null;
  const started = performance.now();
  const summary = await seedDemoWorld(platform);
  platform.logger.info({ ...summary, ms: Math.round(performance.now() - started) }, 'demo world created');
  return summary;
}
