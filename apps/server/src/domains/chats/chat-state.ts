import { and, eq, gt, ne, isNull, sql, count } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatMembers, messages } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { ensureChatMember, type ChatAccess } from './chat-access.ts';

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
 * ones and thread replies left out (threads have their own unseen state).
 */
export function unreadCountSql(chatIdColumn: unknown, lastSeenColumn: unknown, viewerId: number) {
  return sql<number>`(SELECT count(*)::int FROM messages um WHERE um.chat_id = ${chatIdColumn}
    AND um.seq > ${lastSeenColumn} AND um.sender_id <> ${viewerId} AND um.deleted_at IS NULL
    AND um.parent_id IS NULL)`;
}

export async function readChatState(db: Database, chatId: number, viewerId: number): Promise<ChatState> {
  const [row] = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, viewerId)));
  const lastSeenSeq = row?.lastSeenSeq ?? 0;
  const [unread] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        gt(messages.seq, lastSeenSeq),
        ne(messages.senderId, viewerId),
        isNull(messages.deletedAt),
        isNull(messages.parentId),
      ),
    );
  return {
    lastSeenSeq,
    isHidden: row?.isHidden ?? false,
    muteUntil: row?.muteUntil ?? null,
    lastSeenThreadTab: row?.lastSeenThreadTab ?? null,
    unreadCount: Number(unread?.n ?? 0),
  };
}

/** Records that the viewer has seen the chat up to `seq` (never backwards, never past the last). */
export async function markChatSeen(db: Database, access: ChatAccess, viewerId: number, seq: number) {
  if (!Number.isInteger(seq) || seq < 0) throw badUserInput('seq', 'Give a sequence number of 0 or more.');
  const upTo = Math.min(seq, access.chat.lastSeq);
  await ensureChatMember(db, access.chat.id, viewerId);
  await db
    .update(chatMembers)
    .set({ lastSeenSeq: sql`GREATEST(${chatMembers.lastSeenSeq}, ${upTo})` })
    .where(and(eq(chatMembers.chatId, access.chat.id), eq(chatMembers.userId, viewerId)));
}

export async function setChatHidden(db: Database, access: ChatAccess, viewerId: number, hidden: boolean) {
  await ensureChatMember(db, access.chat.id, viewerId);
  await db
    .update(chatMembers)
    .set({ isHidden: hidden })
    .where(and(eq(chatMembers.chatId, access.chat.id), eq(chatMembers.userId, viewerId)));
}

/** Mutes the chat until a time (null unmutes). */
export async function muteChat(db: Database, access: ChatAccess, viewerId: number, until: string | null) {
  let muteUntil: Date | null = null;
  if (until !== null) {
    muteUntil = new Date(until);
    if (Number.isNaN(muteUntil.getTime())) throw badUserInput('until', 'Give a date and time (ISO 8601).');
  }
  await ensureChatMember(db, access.chat.id, viewerId);
  await db
    .update(chatMembers)
    .set({ muteUntil })
    .where(and(eq(chatMembers.chatId, access.chat.id), eq(chatMembers.userId, viewerId)));
}

/** Records that the viewer looked at the chat's thread tab now (spec 4 hasUnseenThreads). */
export async function markThreadTabSeen(db: Database, access: ChatAccess, viewerId: number) {
  await ensureChatMember(db, access.chat.id, viewerId);
  await db
    .update(chatMembers)
    .set({ lastSeenThreadTab: sql`now()` })
    .where(and(eq(chatMembers.chatId, access.chat.id), eq(chatMembers.userId, viewerId)));
}
