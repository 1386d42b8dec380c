import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatMembers, chats } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { newKey } from '../../ids.ts';
import { findVisibleUser } from '../social/find-visible-user.ts';
import { canDm, dmPairOf, loadChatAccess, type ChatAccess } from './chat-access.ts';
import { publishChatListEvent } from './my-chat-events.ts';

/**
 * The direct-message chat of the viewer and another person, made on first use (one per pair,
 * `chats.dm_pair` is unique). Starting one needs canDm; an existing one opens for both people
 * (a block then leaves it readable only).
 */
export async function openDirectChat(
  context: RequestContext,
  viewerId: number,
  otherId: number,
): Promise<ChatAccess> {
  const db = context.store.db;
  if (otherId === viewerId)
    throw plazaError('BAD_USER_INPUT', 'You cannot message yourself.', { field: 'userId' });
  const pair = dmPairOf(viewerId, otherId);
  let [chat] = await db.select().from(chats).where(eq(chats.dmPair, pair));
  if (!chat) {
    await findVisibleUser(context, { id: otherId });
    if (!(await canDm(db, viewerId, otherId)))
      throw plazaError('FORBIDDEN', 'You cannot message this person.');
    const made = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await t.insert(chats).values({ key: newKey(), type: 'd', dmPair: pair }).onConflictDoNothing();
      const [row] = await t.select().from(chats).where(eq(chats.dmPair, pair));
      await t
        .insert(chatMembers)
        .values([
          { chatId: row!.id, userId: viewerId },
          { chatId: row!.id, userId: otherId },
        ])
        .onConflictDoNothing();
      return row!;
    });
    // The chat now shows in both people's lists.
    await publishChatListEvent(context, made, [viewerId, otherId]);
    chat = made;
  }
  return loadChatAccess(context, chat!);
}
