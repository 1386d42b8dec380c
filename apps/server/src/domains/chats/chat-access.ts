import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import {
  NO_CHAT_PERMISSIONS,
  directChatPermissions,
  groupChatPermissions,
  planChatPermissions,
  type ChatPermissions,
} from '@plaza/core/chat-permissions';
import { NO_CHAT_MANAGEMENT, chatManagement, type ChatManagement } from '@plaza/core/chat-manage';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { chats, groups, messages, plans, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { newKey } from '../../ids.ts';
import { loadGroupAccess } from '../groups/group-access.ts';
import {
  groupLoaders,
  membershipColumn,
  primeGroupWithMembership,
  primeUserWithTies,
  tiesColumns,
  type GroupRow,
  type MembershipJson,
  type UserWithTies,
} from '../groups/group-loaders.ts';
import { loadPlanAccess } from '../plans/plan-access.ts';
import {
  factsJson,
  planLoaders,
  primePlanWithFacts,
  type FactsRow,
  type PlanRow,
} from '../plans/plan-loaders.ts';
import { socialLoaders } from '../social/social-loaders.ts';
import { readTiePair } from '../social/ties.ts';
import { rows } from '../social/social-sql.ts';
import { idArray } from '../../db/id-array.ts';

export type ChatRow = typeof chats.$inferSelect;

/** Where the viewer stands with one chat (decision 0012). */
export interface ChatAccess {
  chat: ChatRow;
  permissions: ChatPermissions;
  group: GroupRow | null;
  plan: PlanRow | null;
  /** The other person of a direct message. */
  otherUserId: number | null;
  /** Who may remove the chat or set its rate limit. */
  manage: ChatManagement;
}

/** One answer for a chat the viewer may not read, and for a key that names none. */
export const chatNotFound = () => plazaError('NOT_FOUND', 'This chat could not be found.');

/** The two people of a direct message, as stored in chats.dm_pair. */
export function dmPairOf(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/**
 * The other person of a direct message's pair (chats.dm_pair) as SQL, seen from `viewer` (the
 * first person when the viewer is neither); null for a chat that is no direct message.
 */
export function otherOfDmPair(dmPair: SQLWrapper, viewer: Placeholder): SQL {
  const part = (n: 1 | 2) => sql`split_part(${dmPair}, ':', ${sql.raw(String(n))})::int`;
  return sql`CASE WHEN ${part(1)} = ${viewer} THEN ${part(2)} ELSE ${part(1)} END`;
}

/**
 * What loadChatAccess reads a chat's access from, as columns of a select that left-joins `groups`
 * on the chat's group, `plans` on its plan and `users` on otherOfDmPair: the group's row with the
 * viewer's membership, the plan's with the viewer's facts, the other person's with the viewer's
 * ties (the others null). A chat room's statement and a chat list's read them (chat-state.ts,
 * list-chats.ts), and primeAccessRows keeps them.
 */
export function accessColumns(viewer: Placeholder) {
  return {
    group: groups,
    membership: membershipColumn(viewer),
    plan: plans,
    planFacts: sql<FactsRow | null>`CASE WHEN ${plans.id} IS NULL THEN NULL ELSE ${factsJson(viewer)} END`,
    other: users,
    otherTies: tiesColumns(viewer, sql`${users.id}`),
  };
}

/** A row's accessColumns as Drizzle maps them. */
export interface AccessRows {
  group: GroupRow | null;
  membership: MembershipJson | null;
  plan: PlanRow | null;
  planFacts: FactsRow | null;
  other: typeof users.$inferSelect | null;
  otherTies: Omit<UserWithTies, 'user'>;
}

/** Keeps what accessColumns read for `viewerId` where loadChatAccess's loaders look. */
export function primeAccessRows(context: RequestContext, viewerId: number, read: AccessRows): void {
  if (read.group) primeGroupWithMembership(context, viewerId, read.group, read.membership);
  if (read.plan && read.planFacts) primePlanWithFacts(context, viewerId, read.plan, read.planFacts);
  if (read.other) primeUserWithTies(context, viewerId, { user: read.other, ...read.otherTies });
}

export function dmPeople(chat: ChatRow): [number, number] | null {
  const match = chat.dmPair?.match(/^(\d+):(\d+)$/);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * Whether `viewerId` may start messaging `otherId` (the rule behind User.canDm): not themself
 * nor the bot, no block either way, and the other is public or follows the viewer.
 */
export async function canDm(db: Database, viewerId: number, otherId: number): Promise<boolean> {
  if (viewerId === otherId || otherId === BOT_USER_ID) return false;
  const [other] = await db.select({ isPublic: users.isPublic }).from(users).where(eq(users.id, otherId));
  if (!other) return false;
  const ties = await readTiePair(db, viewerId, otherId);
  if (ties.out === 'BLOCKED' || ties.in === 'BLOCKED') return false;
  return other.isPublic || ties.in === 'FOLLOWING';
}

function noAccess(chat: ChatRow): ChatAccess {
  return {
    chat,
    permissions: { ...NO_CHAT_PERMISSIONS },
    group: null,
    plan: null,
    otherUserId: null,
    manage: { ...NO_CHAT_MANAGEMENT },
  };
}

async function directAccess(context: RequestContext, chat: ChatRow): Promise<ChatAccess> {
  const viewerId = context.viewer?.id ?? null;
  const people = dmPeople(chat);
  const isParticipant = viewerId !== null && people !== null && people.includes(viewerId);
  if (!isParticipant || viewerId === null || people === null) {
    return noAccess(chat);
  }
  const otherId = people[0] === viewerId ? people[1] : people[0];
  const db = context.store.db;
  // canDm's rule, read through the request's loaders: a chat list costs one query for all its people.
  const [ties, other] = await Promise.all([
    socialLoaders(context).ties.load(otherId),
    groupLoaders(context).user.load(otherId),
  ]);
  const blocked = ties.out === 'BLOCKED' || ties.in === 'BLOCKED';
  let mayWrite =
    !blocked && otherId !== BOT_USER_ID && other !== null && (other.isPublic || ties.in === 'FOLLOWING');
  if (!mayWrite && !blocked) {
    // The other person wrote first: answering is always allowed.
    const [wrote] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.senderId, otherId)))
      .limit(1);
    mayWrite = wrote !== undefined;
  }
  return {
    chat,
    permissions: directChatPermissions({ isParticipant, blocked, mayWrite }),
    group: null,
    plan: null,
    otherUserId: otherId,
    manage: chatManagement({ type: 'd', read: true }),
  };
}

/** The viewer's chat permission set, derived from the direct-message pair, the group or the plan. */
export async function loadChatAccess(context: RequestContext, chat: ChatRow): Promise<ChatAccess> {
  if (chat.type === 'd') return directAccess(context, chat);
  if (chat.type === 'g' && chat.groupId !== null) {
    const group = await groupLoaders(context).row.load(chat.groupId);
    if (!group) return noAccess(chat);
    // A group a moderator hid (decision 0018) keeps its chat from all but its creator.
    if (group.hiddenAt !== null && group.creatorId !== context.viewer?.id) return noAccess(chat);
    const access = await loadGroupAccess(context, group);
    const permissions = groupChatPermissions({
      permissions: access.permissions,
      isMember: context.viewer !== null && access.membership?.status === 'member',
      role: access.role,
    });
    const manage = chatManagement({
      type: 'g',
      read: permissions.read,
      groupRole: access.membership?.status === 'member' ? access.role : null,
    });
    return { chat, permissions, group, plan: null, otherUserId: null, manage };
  }
  if (chat.type === 'p' && chat.planId !== null) {
    const plan = await planLoaders(context).row.load(chat.planId);
    if (!plan) return noAccess(chat);
    const access = await loadPlanAccess(context, plan);
    const permissions = planChatPermissions({
      permissions: access.permissions,
      isCreator: access.facts.isCreator,
    });
    const manage = chatManagement({
      type: 'p',
      read: permissions.read,
      isPlanCreator: access.facts.isCreator,
    });
    return { chat, permissions, group: null, plan, otherUserId: null, manage };
  }
  return noAccess(chat);
}

/**
 * Which of `viewerIds` the rule of loadChatAccess no longer lets read a group chat, in one
 * statement for all of them: those not members of its group, and everyone but the creator of a
 * group a moderator hid. Answered as one row with the outsiders' ids, so a check of 2,000 members
 * reads no 2,000 rows. Null when the chat is gone.
 */
export async function groupChatOutsiders(
  db: Database,
  chatId: number,
  viewerIds: readonly number[],
): Promise<{ isOutsider: (viewerId: number) => boolean } | null> {
  const [found] = await rows<{ hidden: boolean; creator_id: number | null; outsiders: number[] | null }>(
    db,
    sql`SELECT g.hidden_at IS NOT NULL AS hidden, g.creator_id,
      ARRAY(SELECT v.id FROM unnest(${idArray(viewerIds)}) AS v(id)
        WHERE NOT EXISTS (SELECT 1 FROM group_members m
          WHERE m.group_id = c.group_id AND m.user_id = v.id AND m.status = 'member')) AS outsiders
      FROM chats c
      LEFT JOIN groups g ON g.id = c.group_id
      WHERE c.id = ${chatId}`,
  );
  if (!found) return null;
  const outsiders = new Set((found.outsiders ?? []).map(Number));
  const creatorId = Number(found.creator_id);
  return {
    isOutsider: (viewerId) => outsiders.has(viewerId) || (found.hidden && creatorId !== viewerId),
  };
}

/** A chat's row by its key: every chat query and subscription starts with it. */
const chatByKey = preparedStatement((db) =>
  db
    .select()
    .from(chats)
    .where(eq(chats.key, sql.placeholder('key')))
    .prepare('plaza_chat_by_key'),
);

/**
 * A chat by key that the viewer may read, else NOT_FOUND. `fresh` reads the models again instead
 * of the request's cached loaders: a subscription lives long and re-checks as things change.
 */
export async function findChat(
  context: RequestContext,
  key: string,
  options: { fresh?: boolean } = {},
): Promise<ChatAccess> {
  const [chat] = await chatByKey(context.store.db).execute({ key: key.trim() });
  return readableAccess(options.fresh ? { ...context } : context, chat);
}

/** The viewer's access to a chat found by key (undefined: none), NOT_FOUND unless they may read it. */
export async function readableAccess(
  context: RequestContext,
  chat: ChatRow | undefined,
): Promise<ChatAccess> {
  if (!chat) throw chatNotFound();
  const access = await loadChatAccess(context, chat);
  if (!access.permissions.read) throw chatNotFound();
  return access;
}

/** A refusal inside a chat the viewer may read. */
export function chatDenied(message: string) {
  return plazaError('FORBIDDEN', message);
}

/** The chat of a group or plan, made when missing (chats made with them since issue 5 and 6). */
export async function ensureModelChat(db: Database, type: 'g' | 'p', modelId: number): Promise<ChatRow> {
  const column = type === 'g' ? chats.groupId : chats.planId;
  const [found] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.type, type), eq(column, modelId)));
  if (found) return found;
  await db
    .insert(chats)
    .values({ key: newKey(), type, ...(type === 'g' ? { groupId: modelId } : { planId: modelId }) })
    .onConflictDoNothing();
  const [made] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.type, type), eq(column, modelId)));
  return made!;
}
