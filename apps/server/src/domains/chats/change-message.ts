import { eq } from 'drizzle-orm';
import { mayChangeMessage } from '@plaza/core/chat-permissions';
import type { Database } from '../../db/client.ts';
import { chats, messages, pollVotes } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { chatDenied, chatNotFound, loadChatAccess, type ChatAccess } from './chat-access.ts';
import { takeChatRevs } from './chat-revisions.ts';
import { announceChange, checkMessageText, type MessageRow } from './send-message.ts';
import { recountThread } from './threads.ts';

const messageNotFound = () => plazaError('NOT_FOUND', 'This message could not be found.');

/** A message by key in a chat the viewer may read, with that access; else NOT_FOUND. */
export async function findMessage(
  context: RequestContext,
  key: string,
): Promise<{ message: MessageRow; access: ChatAccess }> {
  const db = context.store.db;
  const [message] = await db.select().from(messages).where(eq(messages.key, key.trim()));
  if (!message) throw messageNotFound();
  const [chat] = await db.select().from(chats).where(eq(chats.id, message.chatId));
  if (!chat) throw chatNotFound();
  const access = await loadChatAccess(context, chat);
  if (!access.permissions.read) throw messageNotFound();
  return { message, access };
}

/**
 * Edits a message's text: one's own with updateOwn, someone else's with updateOthers. The text may
 * be emptied only when the message carries an attachment. Takes a change number.
 */
export async function editMessage(
  context: RequestContext,
  viewerId: number,
  key: string,
  text: string,
): Promise<MessageRow> {
  const { message, access } = await findMessage(context, key);
  if (!mayChangeMessage(access.permissions, 'update', message.senderId === viewerId))
    throw chatDenied('You cannot edit this message.');
  if (message.deletedAt !== null) throw plazaError('CONFLICT', 'This message was deleted.');
  const checked = checkMessageText(text, message.attachments.length > 0);
  const row = await context.store.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const rev = await takeChatRevs(t, message.chatId);
    const [updated] = await t
      .update(messages)
      .set({ text: checked, editedAt: new Date(), rev })
      .where(eq(messages.id, message.id))
      .returning();
    return updated!;
  });
  await announceChange(context, access.chat, row.rev);
  return row;
}

/**
 * Deletes a message: one's own with deleteOwn, someone else's with deleteOthers. The row stays as
 * a tombstone (text and attachments emptied, poll votes dropped) so sequence numbers and threads
 * keep their places. A deleted reply leaves its thread's count and repliers, which take a change
 * number after the reply's.
 */
export async function deleteMessage(
  context: RequestContext,
  viewerId: number,
  key: string,
): Promise<MessageRow> {
  const { message, access } = await findMessage(context, key);
  if (!mayChangeMessage(access.permissions, 'delete', message.senderId === viewerId))
    throw chatDenied('You cannot delete this message.');
  if (message.deletedAt !== null) return message;
  const { row, lastRev } = await context.store.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const top = await takeChatRevs(t, message.chatId, message.parentId === null ? 1 : 2);
    const rev = message.parentId === null ? top : top - 1;
    const [deleted] = await t
      .update(messages)
      .set({ text: '', attachments: [], deletedAt: new Date(), rev })
      .where(eq(messages.id, message.id))
      .returning();
    if (message.parentId !== null) await recountThread(t, message.parentId, top);
    // A deleted poll keeps no votes (they cascade only when the row goes; a tombstone stays).
    await t.delete(pollVotes).where(eq(pollVotes.messageId, message.id));
    return { row: deleted!, lastRev: top };
  });
  await announceChange(context, access.chat, lastRev);
  return row;
}
