import { and, desc, eq, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { chats, messageThreadStates, messages } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { MessageRow } from './send-message.ts';

/**
 * The root of the thread a reply joins (one level, decision 0012): the message named, or, when
 * that is itself a reply, the message it replies to. A deleted root cannot take replies.
 */
export async function findThreadRoot(
  db: Database,
  chatId: number,
  parentKey: string,
  field = 'parentKey',
): Promise<MessageRow> {
  const [named] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.key, parentKey.trim()), eq(messages.chatId, chatId)));
  let root = named;
  if (named?.parentId != null) {
    [root] = await db.select().from(messages).where(eq(messages.id, named.parentId));
  }
  if (!root || root.deletedAt !== null) throw badUserInput(field, 'This message has no thread here.');
  return root;
}

/**
 * A reply was stored in the thread of `parentId`: the parent counts it, puts its sender first
 * among the repliers, marks the thread changed now and takes change number `rev`. The sender has
 * seen the thread they wrote in.
 */
export async function recordReply(tx: Database, parentId: number, senderId: number, rev: number) {
  await tx
    .update(messages)
    .set({
      threadCount: sql`${messages.threadCount} + 1`,
      threadLastAt: sql`now()`,
      threadUserIds: sql`array_prepend(${senderId}::int, array_remove(${messages.threadUserIds}, ${senderId}::int))`,
      rev,
    })
    .where(eq(messages.id, parentId));
  await markThreadSeenIn(tx, parentId, senderId);
}

/** A reply in the thread of `parentId` was deleted: count and repliers are read again. */
export async function recountThread(tx: Database, parentId: number, rev: number) {
  await tx.execute(sql`UPDATE messages p SET
      thread_count = (SELECT count(*)::int FROM messages r WHERE r.parent_id = p.id AND r.deleted_at IS NULL),
      thread_user_ids = COALESCE((
        SELECT array_agg(l.sender_id ORDER BY l.at DESC) FROM (
          SELECT r.sender_id, max(r.created_at) AS at FROM messages r
          WHERE r.parent_id = p.id AND r.deleted_at IS NULL GROUP BY r.sender_id
        ) l
      ), '{}'::integer[]),
      rev = ${rev}
    WHERE p.id = ${parentId}`);
}

export async function markThreadSeenIn(db: Database, messageId: number, userId: number) {
  await db
    .insert(messageThreadStates)
    .values({ messageId, userId })
    .onConflictDoUpdate({
      target: [messageThreadStates.messageId, messageThreadStates.userId],
      set: { seenAt: sql`now()` },
    });
}

/** Spec 4: a thread has unseen activity when it changed after the viewer last saw it. */
export function isThreadUnseen(message: MessageRow, seenAt: Date | null): boolean {
  if (message.threadLastAt === null || message.deletedAt !== null) return false;
  return seenAt === null || message.threadLastAt.getTime() > seenAt.getTime();
}

/**
 * Spec 4 as a condition: chat `chat` has a thread (a main message with replies, not deleted) that
 * changed after `tab` (when the viewer last looked at the thread tab; null: never) and after the
 * viewer last saw that thread itself. Read from the chat's own index of threads. A chat room reads
 * it with the chat (chat-state.ts, findChatWithState); hasUnseenThreads alone elsewhere.
 */
export function unseenThreadsSql(chat: SQLWrapper, viewer: SQLWrapper, tab: SQLWrapper): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM messages ut
    LEFT JOIN message_thread_states uts ON uts.message_id = ut.id AND uts.user_id = ${viewer}
    WHERE ut.chat_id = ${chat} AND ut.parent_id IS NULL AND ut.deleted_at IS NULL
      AND ut.thread_last_at IS NOT NULL AND (${tab} IS NULL OR ut.thread_last_at > ${tab})
      AND (uts.seen_at IS NULL OR ut.thread_last_at > uts.seen_at))`;
}

/** unseenThreadsSql of one chat by id (prepared once per store): no row when there is no such chat. */
const unseenThread = preparedStatement((db) => {
  const chat = sql.placeholder('chat');
  return db
    .select({
      unseen: unseenThreadsSql(chat, sql.placeholder('viewer'), sql`${sql.placeholder('tab')}::timestamptz`),
    })
    .from(chats)
    .where(eq(chats.id, chat))
    .prepare('plaza_unseen_thread');
});

/**
 * Spec 4: the chat has unseen threads when a thread changed after the viewer last looked at the
 * thread tab, and after they last saw that thread itself.
 */
export async function hasUnseenThreads(
  db: Database,
  chatId: number,
  viewerId: number,
  lastSeenThreadTab: Date | null,
): Promise<boolean> {
  const [found] = await unseenThread(db).execute({
    chat: chatId,
    viewer: viewerId,
    tab: lastSeenThreadTab?.toISOString() ?? null,
  });
  return found?.unseen === true;
}

export const THREADS_PAGE_MAX = 100;

/** The chat's threads (messages with replies), the most recently active first. */
export async function listThreads(db: Database, chatId: number, limit: number): Promise<MessageRow[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > THREADS_PAGE_MAX)
    throw badUserInput('limit', `Give a limit of 1 to ${THREADS_PAGE_MAX}.`);
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), isNull(messages.parentId), isNotNull(messages.threadLastAt)))
    .orderBy(desc(messages.threadLastAt), desc(messages.id))
    .limit(limit);
}
