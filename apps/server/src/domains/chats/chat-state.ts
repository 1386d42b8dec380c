import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { CHAT_UNREAD_COUNT_MAX } from '@plaza/core/constants';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { chatMembers, chats, groups, plans, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { idArray } from '../../db/id-array.ts';
import { rows } from '../social/social-sql.ts';
import { badUserInput } from '../../graphql/errors.ts';
import {
  accessColumns,
  otherOfDmPair,
  primeAccessRows,
  readableAccess,
  type ChatAccess,
} from './chat-access.ts';
import { unseenThreadsSql } from './threads.ts';
import { lastShownMessageIdSql } from './chat-loaders.ts';
import type { ChatEntry } from './list-chats.ts';

/** The viewer's own state in a chat (spec 3 pivot): last seen, hidden, muted until. */
export interface ChatState {
  lastSeenSeq: number;
  isHidden: boolean;
  muteUntil: Date | null;
  lastSeenThreadTab: Date | null;
  unreadCount: number;
}

/**
 * Messages of the main chat from others after the viewer's last seen sequence number, deleted
 * ones and thread replies left out (threads have their own unseen state), counted up to
 * CHAT_UNREAD_COUNT_MAX: a member of a busy group who has not looked for weeks would otherwise cost
 * a read of thousands of messages at every message to it, for a badge that says "99+".
 */
export function unreadCountSql(chatIdColumn: unknown, lastSeenColumn: unknown, viewerId: unknown) {
  return sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM messages um WHERE um.chat_id = ${chatIdColumn}
    AND um.seq > ${lastSeenColumn} AND um.sender_id <> ${viewerId} AND um.deleted_at IS NULL
    AND um.parent_id IS NULL LIMIT ${sql.raw(String(CHAT_UNREAD_COUNT_MAX))}) AS unread)`;
}

export async function readChatState(db: Database, chatId: number, viewerId: number): Promise<ChatState> {
  const [state] = await readChatStates(db, chatId, [viewerId]);
  return state!;
}

/** From this many people on, readChatStates counts their unread messages from the chat's newest. */
const MANY_VIEWERS = 8;

/** The newest messages read once for many people's unread counts: twice the count's cap. */
const RECENT_COUNTED = 2 * CHAT_UNREAD_COUNT_MAX;

/**
 * readChatState for several people in one statement, in the order of `viewerIds`: a chat list
 * event reads the states of all of a process's subscribers it concerns at once.
 *
 * For many people, rather than each counting up to CHAT_UNREAD_COUNT_MAX messages after their last
 * seen one (a 2,000-member group at the cap: 200,000 index entries and rows a message), the chat's
 * newest RECENT_COUNTED countable messages are read once, as sorted arrays of their numbers (all,
 * and each sender's), and each person's count is two binary searches (`width_bucket`: how many
 * numbers are at most their last seen): exact when the person's last seen one is among them or the
 * chat has no more; when it is older, the cap when the newest hold that many from others; else (they
 * wrote most of the newest themselves) counted as for one person.
 */
export async function readChatStates(
  db: Database,
  chatId: number,
  viewerIds: readonly number[],
): Promise<ChatState[]> {
  return (await statesStatement(db, chatId, viewerIds, false)).states;
}

/**
 * readChatStates with the id of the chat's newest main message that shows (neither deleted nor
 * removed), read by the same statement: a chat-list event's entry shows a last message and unread
 * counts of one moment (read one after the other, a message stored between them would show with
 * the count from before it).
 */
export function readChatStatesWithLast(
  db: Database,
  chatId: number,
  viewerIds: readonly number[],
): Promise<{ states: ChatState[]; lastMessageId: number | null }> {
  return statesStatement(db, chatId, viewerIds, true);
}

async function statesStatement(
  db: Database,
  chatId: number,
  viewerIds: readonly number[],
  withLast: boolean,
): Promise<{ states: ChatState[]; lastMessageId: number | null }> {
  const lastSeen = sql`coalesce(m.last_seen_seq, 0)`;
  const counted = unreadCountSql(chatId, lastSeen, sql`v.user_id`);
  const many = viewerIds.length >= MANY_VIEWERS;
  const cap = sql.raw(String(CHAT_UNREAD_COUNT_MAX));
  const recentCount = sql.raw(String(RECENT_COUNTED));
  const found = await rows<{
    user_id: number;
    last_seen_seq: number | null;
    is_hidden: boolean | null;
    mute_until: Date | string | null;
    last_seen_thread_tab: Date | string | null;
    unread: number;
    last_message_id?: number | null;
  }>(
    db,
    sql`${
      many
        ? sql`WITH recent AS MATERIALIZED (
            SELECT seq, sender_id FROM messages
            WHERE chat_id = ${chatId} AND deleted_at IS NULL AND parent_id IS NULL
            ORDER BY seq DESC LIMIT ${recentCount}),
          newest AS MATERIALIZED (SELECT count(*)::int AS n, min(seq) AS oldest,
            coalesce(array_agg(seq ORDER BY seq), '{}') AS seqs FROM recent),
          own AS MATERIALIZED (SELECT sender_id, array_agg(seq ORDER BY seq) AS seqs FROM recent GROUP BY sender_id)`
        : sql``
    }
      SELECT v.user_id, m.last_seen_seq, m.is_hidden, m.mute_until, m.last_seen_thread_tab,
        ${
          many
            ? sql`CASE
                WHEN w.n < ${recentCount} OR ${lastSeen} >= w.oldest
                  THEN least(${cap}, w.n - width_bucket(${lastSeen}, w.seqs)
                    - coalesce(cardinality(o.seqs) - width_bucket(${lastSeen}, o.seqs), 0))
                WHEN w.n - coalesce(cardinality(o.seqs), 0) >= ${cap} THEN ${cap}
                ELSE ${counted}
              END`
            : counted
        } AS unread${withLast ? sql`, ${lastShownMessageIdSql(chatId)} AS last_message_id` : sql``}
      FROM unnest(${idArray(viewerIds)}) AS v(user_id)
      ${many ? sql`CROSS JOIN newest w LEFT JOIN own o ON o.sender_id = v.user_id` : sql``}
      LEFT JOIN chat_members m ON m.chat_id = ${chatId} AND m.user_id = v.user_id`,
  );
  const byViewer = new Map(found.map((row) => [Number(row.user_id), row]));
  const states = viewerIds.map((viewerId) => {
    const row = byViewer.get(viewerId);
    return chatStateOf({
      lastSeenSeq: row?.last_seen_seq ?? null,
      isHidden: row?.is_hidden ?? null,
      muteUntil: row?.mute_until ?? null,
      lastSeenThreadTab: row?.last_seen_thread_tab ?? null,
      unreadCount: row?.unread ?? null,
    });
  });
  const lastMessageId = found[0]?.last_message_id;
  return {
    states,
    lastMessageId: lastMessageId === undefined || lastMessageId === null ? null : Number(lastMessageId),
  };
}

/**
 * A person's state of a chat as a statement gives it: without a state row (null), never seen,
 * shown, not muted, nothing unread; times as dates, numbers as numbers.
 */
export function chatStateOf(row: {
  lastSeenSeq: number | null;
  isHidden: boolean | null;
  muteUntil: Date | string | null;
  lastSeenThreadTab: Date | string | null;
  unreadCount: number | string | null;
}): ChatState {
  const time = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    lastSeenSeq: Number(row.lastSeenSeq ?? 0),
    isHidden: row.isHidden ?? false,
    muteUntil: time(row.muteUntil),
    lastSeenThreadTab: time(row.lastSeenThreadTab),
    unreadCount: Number(row.unreadCount ?? 0),
  };
}

/**
 * A chat by key with the viewer's state in it and whether it has threads they have not seen, and
 * what its access is read from (loadChatAccess): its group's row with the viewer's membership, its
 * plan's with the viewer's facts, or the other person's of a direct message with the viewer's ties
 * (the others null). One statement: a chat room's first read.
 */
const chatWithViewerState = preparedStatement((db) => {
  const viewer = sql.placeholder('viewerId');
  return db
    .select({
      chat: chats,
      lastSeenSeq: chatMembers.lastSeenSeq,
      isHidden: chatMembers.isHidden,
      muteUntil: chatMembers.muteUntil,
      lastSeenThreadTab: chatMembers.lastSeenThreadTab,
      unreadCount: unreadCountSql(chats.id, sql`coalesce(${chatMembers.lastSeenSeq}, 0)`, viewer),
      hasUnseenThreads: unseenThreadsSql(chats.id, viewer, chatMembers.lastSeenThreadTab),
      ...accessColumns(viewer),
    })
    .from(chats)
    .leftJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, viewer)))
    .leftJoin(groups, eq(groups.id, chats.groupId))
    .leftJoin(plans, eq(plans.id, chats.planId))
    .leftJoin(users, sql`${users.id} = ${otherOfDmPair(chats.dmPair, viewer)}`)
    .where(eq(chats.key, sql.placeholder('key')))
    .prepare('plaza_chat_with_viewer_state');
});

/**
 * A chat by key that the viewer may read (else NOT_FOUND, as findChat), with their state of it
 * (as readChatState gives it) read in the same statement: the chat query of a signed-in viewer.
 */
export async function findChatWithState(
  context: RequestContext,
  viewerId: number,
  key: string,
): Promise<ChatEntry> {
  const [found] = await chatWithViewerState(context.store.db).execute({ key: key.trim(), viewerId });
  if (found) primeAccessRows(context, viewerId, found);
  const access = await readableAccess(context, found?.chat);
  return { access, state: chatStateOf(found!), hasUnseenThreads: found!.hasUnseenThreads };
}

/**
 * The viewer's state row of a chat, made with the value when they have none, else changed: one
 * statement each, prepared once per store, where a row made first (ON CONFLICT DO NOTHING) and then
 * changed took two round trips for every mark of a chat as seen.
 */
/** One such upsert, named `name`: the row made with `values`, or its columns `set` (placeholders chat and viewer). */
function stateUpsert(
  name: string,
  values: Partial<Record<keyof typeof chatMembers.$inferInsert, SQL | Placeholder>>,
  set: Partial<Record<keyof typeof chatMembers.$inferInsert, SQL>>,
) {
  return preparedStatement((db) =>
    db
      .insert(chatMembers)
      .values({ chatId: sql.placeholder('chat'), userId: sql.placeholder('viewer'), ...values })
      .onConflictDoUpdate({ target: [chatMembers.chatId, chatMembers.userId], set })
      .prepare(name),
  );
}
const seenUpTo = stateUpsert(
  'plaza_chat_seen_up_to',
  { lastSeenSeq: sql.placeholder('seq') },
  { lastSeenSeq: sql`GREATEST(${chatMembers.lastSeenSeq}, excluded.last_seen_seq)` },
);
const hiddenState = stateUpsert(
  'plaza_chat_hidden',
  { isHidden: sql.placeholder('hidden') },
  { isHidden: sql`excluded.is_hidden` },
);
const mutedUntil = stateUpsert(
  'plaza_chat_muted_until',
  // The column's own encoder would call toISOString on a null (unmute).
  { muteUntil: sql`${sql.placeholder('until')}::timestamptz` },
  { muteUntil: sql`excluded.mute_until` },
);
const threadTabSeen = stateUpsert(
  'plaza_chat_thread_tab_seen',
  { lastSeenThreadTab: sql`now()` },
  { lastSeenThreadTab: sql`excluded.last_seen_thread_tab` },
);

/** Records that the viewer has seen the chat up to `seq` (never backwards, never past the last). */
export async function markChatSeen(db: Database, access: ChatAccess, viewerId: number, seq: number) {
  if (!Number.isInteger(seq) || seq < 0) throw badUserInput('seq', 'Give a sequence number of 0 or more.');
  const upTo = Math.min(seq, access.chat.lastSeq);
  await seenUpTo(db).execute({ chat: access.chat.id, viewer: viewerId, seq: upTo });
}

export async function setChatHidden(db: Database, access: ChatAccess, viewerId: number, hidden: boolean) {
  await hiddenState(db).execute({ chat: access.chat.id, viewer: viewerId, hidden });
}

/** Mutes the chat until a time (null unmutes). */
export async function muteChat(db: Database, access: ChatAccess, viewerId: number, until: string | null) {
  let muteUntil: Date | null = null;
  if (until !== null) {
    muteUntil = new Date(until);
    if (Number.isNaN(muteUntil.getTime())) throw badUserInput('until', 'Give a date and time (ISO 8601).');
  }
  await mutedUntil(db).execute({
    chat: access.chat.id,
    viewer: viewerId,
    until: muteUntil === null ? null : muteUntil.toISOString(),
  });
}

/** Records that the viewer looked at the chat's thread tab now (spec 4 hasUnseenThreads). */
export async function markThreadTabSeen(db: Database, access: ChatAccess, viewerId: number) {
  await threadTabSeen(db).execute({ chat: access.chat.id, viewer: viewerId });
}
