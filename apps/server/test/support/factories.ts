import { eq, max } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import {
  chatMembers,
  chats,
  groupMembers,
  groups,
  messages,
  planResponses,
  plans,
  users,
} from '../../src/db/schema/index.ts';
import { newKey } from '../../src/ids.ts';
import { defaultGroupAccessLevels } from '@plaza/core/group-roles';
import { defaultPlanAccessLevels } from '@plaza/core/plan-access';
import type { PlanRecurrence } from '@plaza/core/plan-occurrences';

// Rows for the domains that have no API yet, built directly in the store.

export interface GroupOptions {
  isPublic?: boolean;
  hasJoinRequests?: boolean;
  priceCents?: number | null;
  priceRecurrence?: string | null;
  hashtags?: string[];
  city?: string;
}

export async function buildGroup(
  db: Database,
  creatorId: number,
  members: Array<{ userId: number; role?: string; status?: string; joinedAt?: Date }> = [],
  options: GroupOptions = {},
) {
  const title = `Group ${newKey(4)}`;
  const levels = defaultGroupAccessLevels(options.isPublic ?? false);
  const [group] = await db
    .insert(groups)
    .values({
      key: newKey(),
      slug: title.toLowerCase().replace(/\W+/g, '-'),
      title,
      creatorId,
      isPublic: options.isPublic ?? false,
      hasJoinRequests: options.hasJoinRequests ?? false,
      viewMask: levels.view,
      joinMask: levels.join,
      priceCents: options.priceCents ?? null,
      priceRecurrence: options.priceRecurrence ?? null,
      hashtags: options.hashtags ?? [],
      city: options.city ?? null,
    })
    .returning();
  await db.insert(groupMembers).values([
    { groupId: group!.id, userId: creatorId, role: 'owner', joinedAt: new Date(Date.now() - 86_400_000) },
    ...members.map((member) => ({
      groupId: group!.id,
      userId: member.userId,
      role: member.role ?? 'member',
      status: member.status ?? 'member',
      joinedAt: member.joinedAt,
    })),
  ]);
  const [chat] = await db.insert(chats).values({ key: newKey(), type: 'g', groupId: group!.id }).returning();
  await db
    .insert(chatMembers)
    .values(
      [creatorId, ...members.filter((m) => (m.status ?? 'member') === 'member').map((m) => m.userId)].map(
        (userId) => ({ chatId: chat!.id, userId }),
      ),
    );
  return { group: group!, chat: chat! };
}

/** An onboarded person straight in the store, for tests that never act as them. */
export async function buildUser(db: Database, first: string, options: { email?: string } = {}) {
  const key = newKey();
  const [user] = await db
    .insert(users)
    .values({
      key,
      username: `${first.toLowerCase()}_${key.toLowerCase()}`,
      first,
      last: 'Built',
      email: options.email ?? null,
      emailVerified: options.email !== undefined,
      onboardedAt: new Date(),
    })
    .returning();
  return user!;
}

/** `count` people built as buildUser does, named `${prefix}0`, `${prefix}1`, …, one after the other. */
export async function buildUsers(db: Database, prefix: string, count: number) {
  const built: Array<Awaited<ReturnType<typeof buildUser>>> = [];
  for (let index = 0; index < count; index++) built.push(await buildUser(db, `${prefix}${index}`));
  return built;
}

export interface PlanOptions {
  groupId?: number;
  /** Public by default (view mask 1); false gives the masks of a new private plan. */
  isPublic?: boolean;
  recurrence?: PlanRecurrence;
  timezone?: string;
  startsAt?: Date;
  minutes?: number;
  shareMask?: number;
}

export async function buildPlan(
  db: Database,
  creatorId: number,
  responses: Array<{ userId: number; response: string | null; invited?: boolean; occurrence?: string }> = [],
  options: PlanOptions = {},
) {
  const starts = options.startsAt ?? new Date(Date.now() + 7 * 86_400_000);
  const levels =
    options.isPublic === undefined
      ? null
      : defaultPlanAccessLevels({ isPublic: options.isPublic, inGroup: options.groupId !== undefined });
  const [plan] = await db
    .insert(plans)
    .values({
      key: newKey(),
      slug: 'picnic',
      title: 'Picnic',
      creatorId,
      startsAt: starts,
      endsAt: new Date(starts.getTime() + (options.minutes ?? 60) * 60_000),
      groupId: options.groupId ?? null,
      timezone: options.timezone ?? 'UTC',
      city: options.timezone && options.timezone !== 'UTC' ? 'Somewhere' : null,
      recurrence: options.recurrence ?? null,
      ...(levels
        ? {
            viewMask: levels.view,
            modifyMask: levels.modify,
            shareMask: levels.share,
            createChatMessageMask: levels.createChatMessage,
          }
        : {}),
      ...(options.shareMask === undefined ? {} : { shareMask: options.shareMask }),
    })
    .returning();
  if (responses.length > 0) {
    await db.insert(planResponses).values(
      responses.map((r) => ({
        planId: plan!.id,
        userId: r.userId,
        response: r.response,
        invited: r.invited ?? false,
        occurrence: r.occurrence ?? '',
      })),
    );
  }
  const [chat] = await db.insert(chats).values({ key: newKey(), type: 'p', planId: plan!.id }).returning();
  return { plan: plan!, chat: chat! };
}

export async function buildMessage(db: Database, chatId: number, senderId: number, text: string) {
  const [last] = await db
    .select({ seq: max(messages.seq) })
    .from(messages)
    .where(eq(messages.chatId, chatId));
  const [message] = await db
    .insert(messages)
    .values({ key: newKey(), chatId, senderId, clientId: newKey(), text, seq: Number(last?.seq ?? 0) + 1 })
    .returning();
  return message!;
}
