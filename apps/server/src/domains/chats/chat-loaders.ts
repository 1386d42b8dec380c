import DataLoader from 'dataloader';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BATCH_MAX_KEYS, BATCH_WAIT_MS } from '@plaza/core/constants';
import { chats, messageThreadStates, messages } from '../../db/schema/index.ts';
import { requestScoped } from '../../graphql/request-scoped.ts';
import type { ChatRow } from './chat-access.ts';
import type { MessageRow } from './send-message.ts';

/** DESIGN "API conventions": batches wait 10 ms and hold at most 250 keys. */
const BATCHING = {
  maxBatchSize: BATCH_MAX_KEYS,
  batchScheduleFn: (callback: () => void) => setTimeout(callback, BATCH_WAIT_MS),
};

/** Per-request loaders of the chat domain. */
export const chatLoaders = requestScoped((context) => ({
  /** When the viewer last saw each thread (by parent message id), or null. */
  threadSeenAt: new DataLoader<number, Date | null>(async (ids) => {
    const viewerId = context.viewer?.id;
    if (viewerId === undefined) return ids.map(() => null);
    const found = await context.store.db
      .select({ messageId: messageThreadStates.messageId, seenAt: messageThreadStates.seenAt })
      .from(messageThreadStates)
      .where(and(eq(messageThreadStates.userId, viewerId), inArray(messageThreadStates.messageId, [...ids])));
    const byId = new Map(found.map((row) => [row.messageId, row.seenAt]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCHING),
  /**
   * The newest message of each chat's main chat that is not deleted nor removed by a moderator (a
   * chat list's lastChat): one query for the whole list, each chat read backwards on its seq index.
   */
  /** The chat of each plan (`p:<id>`) or group (`g:<id>`), or null when it has none yet. */
  modelChat: new DataLoader<`${'p' | 'g'}:${number}`, ChatRow | null>(async (keys) => {
    const planIds = keys.filter((key) => key.startsWith('p:')).map((key) => Number(key.slice(2)));
    const groupIds = keys.filter((key) => key.startsWith('g:')).map((key) => Number(key.slice(2)));
    const found = await context.store.db
      .select()
      .from(chats)
      .where(
        sql`(${chats.type} = 'p' AND ${planIds.length > 0 ? inArray(chats.planId, planIds) : sql`false`})
          OR (${chats.type} = 'g' AND ${groupIds.length > 0 ? inArray(chats.groupId, groupIds) : sql`false`})`,
      );
    const byKey = new Map(
      found.map((row) => [row.type === 'p' ? `p:${row.planId}` : `g:${row.groupId}`, row]),
    );
    return keys.map((key) => byKey.get(key) ?? null);
  }, BATCHING),
  lastMessage: new DataLoader<number, MessageRow | null>(async (chatIds) => {
    const ids = sql.join(
      chatIds.map((id) => sql`(${id}::int)`),
      sql`, `,
    );
    const found = await context.store.db
      .select()
      .from(messages)
      .where(
        sql`${messages.id} IN (SELECT (SELECT m.id FROM messages m WHERE m.chat_id = c.id AND m.deleted_at IS NULL
          AND m.hidden_at IS NULL AND m.parent_id IS NULL ORDER BY m.seq DESC LIMIT 1)
          FROM (VALUES ${ids}) AS c(id))`,
      );
    const byChat = new Map(found.map((row) => [row.chatId, row]));
    return chatIds.map((id) => byChat.get(id) ?? null);
  }, BATCHING),
}));
