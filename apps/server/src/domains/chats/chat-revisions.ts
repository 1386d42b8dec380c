import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { chatMembers, chats } from '../../db/schema/index.ts';

/**
 * Takes `count` change numbers of a chat (decision 0012) and answers the highest. The UPDATE locks
 * the chat row until the transaction ends, so changes of one chat commit in change-number order
 * and a reader of `rev > cursor` never skips one that commits later. Call it inside the
 * transaction that stores the change.
 */
export async function takeChatRevs(tx: Database, chatId: number, count = 1): Promise<number> {
  const [row] = await tx
    .update(chats)
    .set({ lastRev: sql`${chats.lastRev} + ${count}` })
    .where(eq(chats.id, chatId))
    .returning({ rev: chats.lastRev });
  if (!row) throw new Error(`chat ${chatId} is gone`);
  return row.rev;
}

/** The people with a state row in a chat: whose chat lists show it. */
export async function chatListUserIds(db: Database, chatId: number): Promise<number[]> {
  const found = await chatMemberIds(db).execute({ chat: chatId });
  return found.map((row) => row.userId);
}

/** chatListUserIds' statement, prepared once per store: every message sent reads it. */
const chatMemberIds = preparedStatement((db) =>
  db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, sql.placeholder('chat')))
    .prepare('plaza_chat_member_ids'),
);
