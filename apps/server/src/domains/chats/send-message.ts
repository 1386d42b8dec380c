import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGE_CLIENT_ID_MAX, MESSAGE_TEXT_MAX } from '@plaza/core/chat-permissions';
import type { Database } from '../../db/client.ts';
import { chatMembers, chats, messages } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, rateLimited } from '../../graphql/errors.ts';
import { newKey } from '../../ids.ts';
import { chatDenied, type ChatAccess } from './chat-access.ts';
import { publishChatEvent } from './chat-events.ts';

export type MessageRow = typeof messages.$inferSelect;

/** Checks a message's text: not over the limit, and not empty (no attachments can be sent yet). */
export function checkMessageText(text: string): string {
  if (text.length > MESSAGE_TEXT_MAX)
    throw badUserInput('text', `A message can be at most ${MESSAGE_TEXT_MAX} characters long.`);
  if (text.trim() === '') throw badUserInput('text', 'Write something first.');
  return text;
}

class DuplicateSend extends Error {}

/**
 * Slow mode (spec 4): a chat whose rate limit is above 0 takes one message per sender per that
 * many seconds; never in direct messages, and not for those holding slowmodeBypass.
 */
async function checkSlowMode(db: Database, access: ChatAccess, senderId: number): Promise<void> {
  const { chat, permissions } = access;
  if (chat.type === 'd' || chat.rateLimit <= 0 || permissions.slowmodeBypass) return;
  const [last] = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), eq(messages.senderId, senderId)))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (!last) return;
  const waitMs = last.createdAt.getTime() + chat.rateLimit * 1000 - Date.now();
  if (waitMs > 0) throw rateLimited(Math.ceil(waitMs / 1000));
}

async function findByClientId(db: Database, chatId: number, senderId: number, clientId: string) {
  const [found] = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.chatId, chatId), eq(messages.senderId, senderId), eq(messages.clientId, clientId)),
    );
  return found ?? null;
}

/**
 * Stores a message, then announces it (decision 0012). The chat's last_seq is raised and the
 * message inserted in one transaction, so sequence numbers have no gaps and follow commit order
 * per chat. A client id already used by this sender in this chat answers the stored message: a
 * retried send is stored once (messages_chat_sender_client is unique; a race ends in ON CONFLICT).
 */
export async function sendMessage(
  context: RequestContext,
  access: ChatAccess,
  senderId: number,
  input: { clientId: string; text: string; parentKey?: string | null },
): Promise<MessageRow> {
  const db = context.store.db;
  const clientId = input.clientId.trim();
  if (clientId === '' || clientId.length > MESSAGE_CLIENT_ID_MAX)
    throw badUserInput('clientId', `Give a client id of 1 to ${MESSAGE_CLIENT_ID_MAX} characters.`);
  const chatId = access.chat.id;
  const earlier = await findByClientId(db, chatId, senderId, clientId);
  if (earlier) return earlier;
  const text = checkMessageText(input.text);
  let parentId: number | null = null;
  if (input.parentKey) {
    const [parent] = await db
      .select({ id: messages.id, parentId: messages.parentId, deletedAt: messages.deletedAt })
      .from(messages)
      .where(and(eq(messages.key, input.parentKey), eq(messages.chatId, chatId)));
    if (!parent || parent.parentId !== null || parent.deletedAt !== null)
      throw badUserInput('parentKey', 'This message cannot be answered in a thread.');
    parentId = parent.id;
  }
  if (!(parentId === null ? access.permissions.sendMessage : access.permissions.threadMessage))
    throw chatDenied('You cannot write in this chat.');
  let stored: MessageRow;
  try {
    stored = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const [bumped] = await t
        .update(chats)
        .set({ lastSeq: sql`${chats.lastSeq} + 1`, lastMessageAt: sql`now()` })
        .where(eq(chats.id, chatId))
        .returning({ seq: chats.lastSeq });
      // After the chat row is locked, so two quick sends from one person cannot both pass.
      await checkSlowMode(t, access, senderId);
      const [row] = await t
        .insert(messages)
        .values({ key: newKey(), chatId, seq: bumped!.seq, senderId, clientId, parentId, text })
        .onConflictDoNothing({ target: [messages.chatId, messages.senderId, messages.clientId] })
        .returning();
      // The same client id won a race with this send: undo the sequence number and answer that one.
      if (!row) throw new DuplicateSend();
      await t
        .insert(chatMembers)
        .values({ chatId, userId: senderId, lastSeenSeq: row.seq })
        .onConflictDoUpdate({
          target: [chatMembers.chatId, chatMembers.userId],
          set: { lastSeenSeq: sql`GREATEST(${chatMembers.lastSeenSeq}, ${row.seq})` },
        });
      // A new message brings a hidden chat back into everyone's list.
      await t
        .update(chatMembers)
        .set({ isHidden: false })
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.isHidden, true)));
      return row;
    });
  } catch (error) {
    if (!(error instanceof DuplicateSend)) throw error;
    const winner = await findByClientId(db, chatId, senderId, clientId);
    if (!winner) throw error;
    return winner;
  }
  await publishChatEvent(context, chatId, { kind: 'NEW', seq: stored.seq });
  return stored;
}
