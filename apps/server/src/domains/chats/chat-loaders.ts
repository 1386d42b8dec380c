import DataLoader from 'dataloader';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { chats, messageThreadStates, messages, pollVotes } from '../../db/schema/index.ts';
import { BATCHING, requestScoped, sharedScoped } from '../../graphql/request-scoped.ts';
import type { ChatRow } from './chat-access.ts';
import type { MessageRow } from './send-message.ts';
import { anyOf } from '../../db/id-array.ts';

/**
 * The id of the chat's newest main message that shows (neither deleted nor removed by a
 * moderator, not a thread reply), as a scalar subquery: what a chat's lastChat is, wherever it is
 * read (the shared loader below, a chat-list event's states: chat-state.ts).
 */
export function lastShownMessageIdSql(chatId: SQL | number): SQL {
  return sql`(SELECT lm.id FROM messages lm WHERE lm.chat_id = ${chatId} AND lm.deleted_at IS NULL
    AND lm.hidden_at IS NULL AND lm.parent_id IS NULL ORDER BY lm.seq DESC LIMIT 1)`;
}

/** Per-request loaders of the chat domain. */
export const chatLoaders = requestScoped((context) => ({
  /** When the viewer last saw each thread (by parent message id), or null. */
  threadSeenAt: new DataLoader<number, Date | null>(async (ids) => {
    const viewerId = context.viewer?.id;
    if (viewerId === undefined) return ids.map(() => null);
    const found = await context.store.db
      .select({ messageId: messageThreadStates.messageId, seenAt: messageThreadStates.seenAt })
      .from(messageThreadStates)
      .where(and(eq(messageThreadStates.userId, viewerId), anyOf(messageThreadStates.messageId, ids)));
    const byId = new Map(found.map((row) => [row.messageId, row.seenAt]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCHING),
}));

export interface PollVote {
  userId: number;
  optionId: number;
}

/**
 * Loaders of what is the same for every reader of a message: one read serves a whole page of
 * messages, and every subscriber of a chat event (sharedScoped) rather than one each.
 */
export const chatSharedLoaders = sharedScoped(({ store }) => {
  /** The newest page of a chat's main messages (oldest first) being read in this scope, by chat id. */
  const newestPages = new Map<number, Promise<readonly MessageRow[] | null>>();
  return {
    newestPages,
    /** The chat of each plan (`p:<id>`) or group (`g:<id>`), or null when it has none yet. */
    modelChat: new DataLoader<`${'p' | 'g'}:${number}`, ChatRow | null>(async (keys) => {
      const planIds = keys.filter((key) => key.startsWith('p:')).map((key) => Number(key.slice(2)));
      const groupIds = keys.filter((key) => key.startsWith('g:')).map((key) => Number(key.slice(2)));
      const found = await store.db
        .select()
        .from(chats)
        .where(
          sql`(${chats.type} = 'p' AND ${anyOf(chats.planId, planIds)})
          OR (${chats.type} = 'g' AND ${anyOf(chats.groupId, groupIds)})`,
        );
      const byKey = new Map(
        found.map((row) => [row.type === 'p' ? `p:${row.planId}` : `g:${row.groupId}`, row]),
      );
      return keys.map((key) => byKey.get(key) ?? null);
    }, BATCHING),
    /**
     * The newest message of each chat's main chat that is not deleted nor removed by a moderator (a
     * chat list's lastChat): one query for the whole list, each chat read backwards on its seq index.
     */
    lastMessage: new DataLoader<number, MessageRow | null>(async (chatIds) => {
      // A chat whose newest page is read in this scope (a chat room asks for both) finds it there:
      // the newest of its messages not deleted nor removed, unless the page holds none of those.
      const known = new Map<number, MessageRow | null>();
      await Promise.all(
        chatIds.map(async (id) => {
          const page = await newestPages.get(id);
          if (!page) return;
          const last = page.findLast((row) => row.deletedAt === null && row.hiddenAt === null);
          if (last) known.set(id, last);
          else if (page.length === 0) known.set(id, null);
        }),
      );
      const unknown = chatIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        const ids = sql.join(
          unknown.map((id) => sql`(${id}::int)`),
          sql`, `,
        );
        const found = await store.db
          .select()
          .from(messages)
          .where(
            sql`${messages.id} IN (SELECT ${lastShownMessageIdSql(sql`c.id`)} FROM (VALUES ${ids}) AS c(id))`,
          );
        for (const id of unknown) known.set(id, null);
        for (const row of found) known.set(row.chatId, row);
      }
      return chatIds.map((id) => known.get(id) ?? null);
    }, BATCHING),
    /** The key of each message (a reply's parent). */
    messageKey: new DataLoader<number, string | null>(async (ids) => {
      const found = await store.db
        .select({ id: messages.id, key: messages.key })
        .from(messages)
        .where(anyOf(messages.id, ids));
      const byId = new Map(found.map((row) => [row.id, row.key]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),
    /** Each poll message's votes, the most recent first. */
    pollVotes: new DataLoader<number, PollVote[]>(async (ids) => {
      const found = await store.db
        .select({ messageId: pollVotes.messageId, userId: pollVotes.userId, optionId: pollVotes.optionId })
        .from(pollVotes)
        .where(anyOf(pollVotes.messageId, ids))
        .orderBy(desc(pollVotes.createdAt), desc(pollVotes.userId));
      const byMessage = new Map<number, PollVote[]>(ids.map((id) => [id, []]));
      for (const vote of found)
        byMessage.get(vote.messageId)?.push({ userId: vote.userId, optionId: vote.optionId });
      return ids.map((id) => byMessage.get(id)!);
    }, BATCHING),
  };
});
