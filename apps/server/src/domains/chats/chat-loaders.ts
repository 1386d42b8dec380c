import DataLoader from 'dataloader';
import { and, eq, inArray } from 'drizzle-orm';
import { BATCH_MAX_KEYS, BATCH_WAIT_MS } from '@plaza/core/constants';
import { messageThreadStates } from '../../db/schema/index.ts';
import { requestScoped } from '../../graphql/request-scoped.ts';

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
}));
