import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatMembers, chats, groupMembers } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { newKey } from '../../ids.ts';
import { chatDenied, type ChatAccess } from './chat-access.ts';
import { publishChatEvent } from './chat-events.ts';
import { chatListUserIds } from './chat-revisions.ts';
import { publishChatListEvent } from './my-chat-events.ts';

/**
 * Removes a chat (spec 4): its messages, their threads, thread states and poll votes, and everyone's
 * chat state go with the chat row (all cascade). A direct message is removed for both people by
 * either; a group chat by the group's owner or admins, a plan chat by the plan's creator
 * (decision 0012). A group keeps a chat: a new, empty one (new key) opens to its members at once;
 * a plan's is made again when next asked for. Subscribers of the chat end NOT_FOUND; chat lists
 * hear REMOVED.
 */
export async function removeChat(context: RequestContext, access: ChatAccess): Promise<void> {
  if (!access.manage.remove) throw chatDenied('You cannot remove this chat.');
  const { chat } = access;
  const db = context.store.db;
  const userIds = await chatListUserIds(db, chat.id);
  const replacement = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.delete(chats).where(eq(chats.id, chat.id));
    if (chat.type !== 'g' || chat.groupId === null) return null;
    const [made] = await t
      .insert(chats)
      .values({ key: newKey(), type: 'g', groupId: chat.groupId })
      .returning();
    const members = await t
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, chat.groupId), eq(groupMembers.status, 'member')));
    if (members.length > 0)
      await t.insert(chatMembers).values(members.map((m) => ({ chatId: made!.id, userId: m.userId })));
    return { chat: made!, userIds: members.map((m) => m.userId) };
  });
  await publishChatEvent(context, chat.id, { kind: 'REMOVED' });
  await publishChatListEvent(context, chat, userIds);
  if (replacement) await publishChatListEvent(context, replacement.chat, replacement.userIds);
}
