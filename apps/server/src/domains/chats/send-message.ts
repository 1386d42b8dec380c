import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { checkMemixCaptions, maySendMessage, type MessageAttachment } from '@plaza/core/chat-attachments';
import { MESSAGE_CLIENT_ID_MAX, MESSAGE_TEXT_MAX } from '@plaza/core/chat-permissions';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { shapedRows } from '../../db/shaped-statements.ts';
import { chatMembers, chats, messages } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { ListedMessage } from '../../platform/bus/bus.ts';
import { badUserInput, rateLimited } from '../../graphql/errors.ts';
import { newKey } from '../../ids.ts';
import { chatDenied, type ChatAccess } from './chat-access.ts';
import { findChatMediaAttachments } from './chat-media-lookup.ts';
import { findPlan } from '../plans/find-plan.ts';
import { publishChatEvent } from './chat-events.ts';
import { chatListUserIds } from './chat-revisions.ts';
import { publishChatListEvent } from './my-chat-events.ts';
import { findThreadRoot, recordReply } from './threads.ts';
import { messageActivities } from '../activity/activity-triggers/chat-triggers.ts';

export type MessageRow = typeof messages.$inferSelect;

/**
 * Checks a message's text: not over the limit, and not blank unless the message carries an
 * attachment.
 */
export function checkMessageText(text: string, hasAttachments = false): string {
  if (text.length > MESSAGE_TEXT_MAX)
    throw badUserInput('text', `A message can be at most ${MESSAGE_TEXT_MAX} characters long.`);
  if (text.trim() === '' && !hasAttachments) throw badUserInput('text', 'Write something first.');
  return text.trim() === '' ? '' : text;
}

export function checkClientId(clientId: string): string {
  const trimmed = clientId.trim();
  if (trimmed === '' || trimmed.length > MESSAGE_CLIENT_ID_MAX)
    throw badUserInput('clientId', `Give a client id of 1 to ${MESSAGE_CLIENT_ID_MAX} characters.`);
  return trimmed;
}

class DuplicateSend extends Error {}

/**
 * Slow mode (spec 4): a chat whose rate limit is above 0 takes one message per sender per that
 * many seconds; never in direct messages, and not for those holding slowmodeBypass.
 */
async function checkSlowMode(db: Database, access: ChatAccess, rateLimit: number, senderId: number) {
  const { chat, permissions } = access;
  if (chat.type === 'd' || rateLimit <= 0 || permissions.slowmodeBypass) return;
  const [last] = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), eq(messages.senderId, senderId)))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (!last) return;
  const waitMs = last.createdAt.getTime() + rateLimit * 1000 - Date.now();
  if (waitMs > 0) throw rateLimited(Math.ceil(waitMs / 1000));
}

/** findByClientId's statement, prepared once per store: every message sent reads it first. */
const messageByClientId = preparedStatement((db) =>
  db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, sql.placeholder('chat')),
        eq(messages.senderId, sql.placeholder('sender')),
        eq(messages.clientId, sql.placeholder('clientId')),
      ),
    )
    .prepare('plaza_message_by_client_id'),
);

export async function findByClientId(db: Database, chatId: number, senderId: number, clientId: string) {
  const [found] = await messageByClientId(db).execute({ chat: chatId, sender: senderId, clientId });
  return found ?? null;
}

export interface NewMessage {
  /** Already checked with checkClientId. */
  clientId: string;
  text: string;
  parentKey?: string | null;
  attachments: MessageAttachment[];
  /** The caller found no message of this client id already (a race still ends in ON CONFLICT). */
  notStoredYet?: boolean;
}

/**
 * Stores a message, then announces it (decision 0012). The chat's last_seq and last_rev are raised
 * and the message inserted in one transaction, so sequence numbers have no gaps and follow commit
 * order per chat. A reply in a thread also changes its parent (count, repliers, change number).
 * A client id already used by this sender in this chat answers the stored message: a retried send
 * is stored once (messages_chat_sender_client is unique; a race ends in its violation, or in ON
 * CONFLICT within the transaction). Every refusal comes before anything is written. A message of the
 * main chat is stored in one statement (storeInOneStatement), a reply in a transaction.
 */
export async function storeMessage(
  context: RequestContext,
  access: ChatAccess,
  senderId: number,
  input: NewMessage,
): Promise<MessageRow> {
  const db = context.store.db;
  const { clientId } = input;
  const chatId = access.chat.id;
  const earlier = input.notStoredYet ? null : await findByClientId(db, chatId, senderId, clientId);
  if (earlier) return earlier;
  const text = checkMessageText(input.text, input.attachments.length > 0);
  const root = input.parentKey ? await findThreadRoot(db, chatId, input.parentKey) : null;
  const kinds = input.attachments.map((attachment) => attachment.kind);
  if (!maySendMessage(access.permissions, kinds, root !== null))
    throw chatDenied(kinds.length > 0 ? 'You cannot send this here.' : 'You cannot write in this chat.');
  let stored: MessageRow;
  try {
    const storing: Storing = { db, access, senderId, clientId, text, attachments: input.attachments };
    const inOne = root === null ? await storeInOneStatement(storing) : null;
    stored = inOne ?? (await storeInTransaction(storing, root));
  } catch (error) {
    if (!(error instanceof DuplicateSend) && !isSameClientId(error)) throw error;
    const winner = await findByClientId(db, chatId, senderId, clientId);
    if (!winner) throw error;
    return winner;
  }
  await announceChange(
    context,
    access.chat,
    root ? stored.rev + 1 : stored.rev,
    // A reply changes its thread's state too: the lists read it again.
    root ? undefined : { id: stored.id, senderId },
  );
  await messageActivities(context, access, stored, root);
  return stored;
}

/** A message to store, checked: where, by whom, and what. */
interface Storing {
  db: Database;
  access: ChatAccess;
  senderId: number;
  clientId: string;
  text: string;
  attachments: MessageAttachment[];
}

/** The unique index that stores a sender's client id once per chat, violated. */
function isSameClientId(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false;
  const constraintOf = (value: unknown) => (value as { constraint?: string } | null)?.constraint;
  const cause = (error as { cause?: unknown }).cause;
  return (constraintOf(error) ?? constraintOf(cause)) === 'messages_chat_sender_client';
}

/** The table's fields and their columns, in the table's order (the statement's RETURNING list). */
const MESSAGE_COLUMNS = Object.entries(getTableColumns(messages));

/**
 * A new message of the main chat (not a reply) stored in one statement, where storeInTransaction
 * takes six round trips (BEGIN, four statements, COMMIT): the chat's numbers raised, the message
 * inserted with them, the sender's state row kept up to it, and the chat shown again in every list
 * that hid it. One statement commits whole or not at all: a client id this sender already used in
 * the chat fails the insert (messages_chat_sender_client) and with it the numbers' raise, so
 * sequence numbers stay gapless. Null when the chat's row did not take the raise: the chat is gone,
 * or slow mode applies to this sender (a rate limit above 0 outside direct messages, without
 * slowmodeBypass), which storeInTransaction checks with the chat's row locked.
 */
async function storeInOneStatement({
  db,
  access,
  senderId,
  clientId,
  text,
  attachments,
}: Storing): Promise<MessageRow | null> {
  const p = (name: string) => sql.placeholder(name);
  const rows = await shapedRows<Record<string, unknown>>(
    db,
    'chats:store-message',
    () => sql`WITH bumped AS (
        UPDATE chats SET last_seq = last_seq + 1, last_rev = last_rev + 1, last_message_at = now()
        WHERE id = ${p('chat')}::int AND (type = 'd' OR rate_limit <= 0 OR ${p('bypass')}::boolean)
        RETURNING last_seq, last_rev
      ), inserted AS (
        INSERT INTO messages (key, chat_id, seq, rev, created_rev, sender_id, client_id, text, attachments)
        SELECT ${p('key')}::text, ${p('chat')}::int, last_seq, last_rev, last_rev, ${p('sender')}::int,
          ${p('clientId')}::text, ${p('text')}::text, ${p('attachments')}::jsonb
        FROM bumped
        RETURNING ${sql.join(
          MESSAGE_COLUMNS.map(([, column]) => sql.identifier(column.name)),
          sql`, `,
        )}
      ), sender_state AS (
        INSERT INTO chat_members (chat_id, user_id, last_seen_seq)
        SELECT chat_id, sender_id, seq FROM inserted
        ON CONFLICT (chat_id, user_id) DO UPDATE
          SET last_seen_seq = GREATEST(chat_members.last_seen_seq, EXCLUDED.last_seen_seq), is_hidden = false
      ), shown_again AS (
        UPDATE chat_members SET is_hidden = false
        WHERE chat_id = ${p('chat')}::int AND is_hidden AND user_id <> ${p('sender')}::int
          AND EXISTS (SELECT 1 FROM inserted)
      )
      SELECT * FROM inserted`,
    {
      chat: access.chat.id,
      bypass: access.permissions.slowmodeBypass,
      key: newKey(),
      sender: senderId,
      clientId,
      text,
      attachments: JSON.stringify(attachments),
    },
  );
  const [row] = rows;
  if (!row) return null;
  // The row as Drizzle maps a select of the table (each column's own decoding).
  return Object.fromEntries(
    MESSAGE_COLUMNS.map(([field, column]) => [
      field,
      row[column.name] === null ? null : column.mapFromDriverValue(row[column.name]),
    ]),
  ) as MessageRow;
}

/**
 * The message stored step by step in a transaction: a reply in a thread (its parent changes too),
 * and a message the one statement did not take (slow mode is checked with the chat's row locked).
 */
async function storeInTransaction(
  { db, access, senderId, clientId, text, attachments }: Storing,
  root: MessageRow | null,
): Promise<MessageRow> {
  const chatId = access.chat.id;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // A reply takes two change numbers: its own, then its parent's.
    const [bumped] = await t
      .update(chats)
      .set({
        lastSeq: sql`${chats.lastSeq} + 1`,
        lastRev: sql`${chats.lastRev} + ${root ? 2 : 1}`,
        lastMessageAt: sql`now()`,
      })
      .where(eq(chats.id, chatId))
      .returning({ seq: chats.lastSeq, rev: chats.lastRev, rateLimit: chats.rateLimit });
    if (!bumped) throw chatDenied('This chat was removed.');
    // After the chat row is locked, so two quick sends from one person cannot both pass.
    await checkSlowMode(t, access, bumped.rateLimit, senderId);
    const rev = root ? bumped.rev - 1 : bumped.rev;
    const [row] = await t
      .insert(messages)
      .values({
        key: newKey(),
        chatId,
        seq: bumped.seq,
        rev,
        createdRev: rev,
        senderId,
        clientId,
        parentId: root?.id ?? null,
        text,
        attachments,
      })
      .onConflictDoNothing({ target: [messages.chatId, messages.senderId, messages.clientId] })
      .returning();
    // The same client id won a race with this send: undo the numbers and answer that one.
    if (!row) throw new DuplicateSend();
    if (root) await recordReply(t, root.id, senderId, bumped.rev);
    await t
      .insert(chatMembers)
      .values({ chatId, userId: senderId, lastSeenSeq: root ? 0 : row.seq })
      .onConflictDoUpdate({
        target: [chatMembers.chatId, chatMembers.userId],
        set: root
          ? { isHidden: false }
          : { lastSeenSeq: sql`GREATEST(${chatMembers.lastSeenSeq}, ${row.seq})` },
      });
    // A new message brings a hidden chat back into everyone's list.
    await t
      .update(chatMembers)
      .set({ isHidden: false })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.isHidden, true)));
    return row;
  });
}

/**
 * After a change is committed: wakes the chat's subscribers and the lists that show it; `message`
 * when the change is a new message of the main chat and nothing else (decision 0032).
 */
export async function announceChange(
  context: RequestContext,
  chat: { id: number; key: string },
  rev: number,
  message?: ListedMessage,
): Promise<void> {
  await publishChatEvent(context, chat.id, { kind: 'CHANGED', rev });
  await publishChatListEvent(context, chat, await chatListUserIds(context.store.db, chat.id), message);
}

/**
 * sendMessage: text, optionally in a thread, with uploaded media (images, videos, audio) named by
 * their upload keys; each kind needs its permission (spec 6), in threads the thread* one. A
 * message without text or media is BAD_USER_INPUT.
 */
export async function sendMessage(
  context: RequestContext,
  access: ChatAccess,
  senderId: number,
  input: {
    clientId: string;
    text: string;
    parentKey?: string | null;
    mediaKeys?: readonly string[] | null;
    planKey?: string | null;
    memix?: { mediaKey: string; top?: string | null; bottom?: string | null } | null;
  },
): Promise<MessageRow> {
  const clientId = checkClientId(input.clientId);
  const earlier = await findByClientId(context.store.db, access.chat.id, senderId, clientId);
  if (earlier) return earlier;
  const keys = [...(input.mediaKeys ?? [])].map((key) => key.trim());
  const attachments: MessageAttachment[] = await findChatMediaAttachments(context.store.db, senderId, keys);
  if (input.memix) {
    const captions = checkMemixCaptions(input.memix.top ?? '', input.memix.bottom ?? '');
    if (typeof captions === 'string') throw badUserInput('memix', captions);
    const [image] = await findChatMediaAttachments(context.store.db, senderId, [input.memix.mediaKey.trim()]);
    if (!image || image.kind !== 'image') throw badUserInput('memix', 'A memix is made from a picture.');
    attachments.push({ kind: 'irl/memix', image, ...captions });
  }
  if (input.planKey) {
    // Only a plan the sender may see can be shared (NOT_FOUND otherwise, as for the plan query).
    const shared = await findPlan(context, { key: input.planKey });
    attachments.push({ kind: 'irl/event', planId: shared.plan.id, planKey: shared.plan.key });
  }
  return storeMessage(context, access, senderId, {
    clientId,
    text: input.text,
    parentKey: input.parentKey ?? null,
    attachments,
    notStoredYet: true,
  });
}
