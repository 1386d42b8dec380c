import { and, eq } from 'drizzle-orm';
import { mayChangeMessage } from '@plaza/core/chat-permissions';
import { chats, messages } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { chatDenied, chatNotFound, loadChatAccess, type ChatAccess } from './chat-access.ts';
import { publishChatEvent } from './chat-events.ts';
import { checkMessageText, type MessageRow } from './send-message.ts';

/** A message by key in a chat the viewer may read, with that access; else NOT_FOUND. */
export async function findMessage(
  context: RequestContext,
  key: string,
): Promise<{ message: MessageRow; access: ChatAccess }> {
  const db = context.store.db;
  const [message] = await db.select().from(messages).where(eq(messages.key, key.trim()));
  if (!message) throw plazaError('NOT_FOUND', 'This message could not be found.');
  const [chat] = await db.select().from(chats).where(eq(chats.id, message.chatId));
  if (!chat) throw chatNotFound();
  const access = await loadChatAccess(context, chat);
  if (!access.permissions.read) throw plazaError('NOT_FOUND', 'This message could not be found.');
  return { message, access };
}

/** Edits a message's text: one's own with updateOwn, someone else's with updateOthers. */
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
  const checked = checkMessageText(text);
  const [row] = await context.store.db
    .update(messages)
    .set({ text: checked, editedAt: new Date() })
    .where(eq(messages.id, message.id))
    .returning();
  await publishChatEvent(context, message.chatId, { kind: 'EDITED', messageId: message.id });
  return row!;
}

/**
 * Deletes a message: one's own with deleteOwn, someone else's with deleteOthers. The row stays as
 * a tombstone (text and attachments emptied) so sequence numbers and threads keep their places.
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
  const [row] = await context.store.db
    .update(messages)
    .set({ text: '', attachments: [], deletedAt: new Date() })
    .where(and(eq(messages.id, message.id)))
    .returning();
  await publishChatEvent(context, message.chatId, { kind: 'DELETED', messageId: message.id });
  return row!;
}
