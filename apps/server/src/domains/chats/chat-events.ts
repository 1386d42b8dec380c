import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { Platform, RequestContext } from '../../graphql/context.ts';
import type { ChatBusEvent } from '../../platform/bus/bus.ts';
import { findChat } from './chat-access.ts';
import type { MessageRow } from './send-message.ts';

export type ChatEventKind = 'NEW' | 'EDITED' | 'DELETED';

export interface ChatEvent {
  kind: ChatEventKind;
  message: MessageRow;
}

/** Wakes the chat's subscribers in every process; called only after the change is committed. */
export async function publishChatEvent(
  platform: Pick<Platform, 'bus' | 'logger'>,
  chatId: number,
  event: ChatBusEvent,
): Promise<void> {
  try {
    await platform.bus.pubsub.publish('chat:changed', chatId, event);
  } catch (error) {
    // The message is stored: subscribers miss a wake-up, and clients catch up with `after`.
    platform.logger.warn({ err: error, chatId }, 'chat event not published');
  }
}

/** How long a new subscription waits for its own ping to come back through the bus. */
const LIVE_WAIT_MS = 3000;
const PAGE = 100;

/**
 * A chat's message events for one subscriber (decision 0012). The bus only wakes: every event is
 * read from the database. The subscription listens first, waits until its own ping comes back
 * (a Redis SUBSCRIBE is live only after a round trip), then reads every message after the cursor
 * (`after`, else the chat's last sequence number when it started): so nothing committed in
 * between is lost, and each new message is delivered once, in sequence order. Every wake-up
 * re-checks that the person may still read the chat; when not, the subscription ends NOT_FOUND.
 */
export async function* chatEventStream(
  context: RequestContext,
  key: string,
  after: number | null,
): AsyncGenerator<ChatEvent> {
  const first = await findChat(context, key, { fresh: true });
  const chatId = first.chat.id;
  let cursor = after ?? first.chat.lastSeq;
  const db = context.store.db;
  const iterator = context.bus.pubsub.subscribe('chat:changed', chatId)[Symbol.asyncIterator]();
  let next = iterator.next();
  const heard: ChatBusEvent[] = [];
  const nonce = randomUUID();
  const ping = () => void publishChatEvent(context, chatId, { kind: 'PING', nonce });
  const resend = setInterval(ping, 100);
  setImmediate(ping);
  try {
    const deadline = new Promise<'late'>((resolve) =>
      setTimeout(() => resolve('late'), LIVE_WAIT_MS).unref(),
    );
    for (;;) {
      const result = await Promise.race([next, deadline]);
      if (result === 'late') break;
      if (result.done) return;
      next = iterator.next();
      if (result.value.kind === 'PING') {
        if (result.value.nonce === nonce) break;
      } else heard.push(result.value);
    }
    clearInterval(resend);

    const newSince = async function* () {
      for (;;) {
        const rows = await db
          .select()
          .from(messages)
          .where(and(eq(messages.chatId, chatId), gt(messages.seq, cursor)))
          .orderBy(asc(messages.seq))
          .limit(PAGE);
        for (const message of rows) {
          cursor = message.seq;
          yield { kind: 'NEW', message } satisfies ChatEvent;
        }
        if (rows.length < PAGE) return;
      }
    };

    yield* newSince();
    for (;;) {
      let event = heard.shift();
      if (!event) {
        const result = await next;
        if (result.done) return;
        next = iterator.next();
        event = result.value;
      }
      if (event.kind === 'PING') continue;
      await findChat(context, key, { fresh: true });
      if (event.kind === 'NEW') {
        if (event.seq > cursor) yield* newSince();
        continue;
      }
      const [message] = await db.select().from(messages).where(eq(messages.id, event.messageId));
      // A message after the cursor comes with the next NEW read, already in its current state.
      if (message && message.seq <= cursor) yield { kind: event.kind, message };
    }
  } finally {
    clearInterval(resend);
    await iterator.return?.();
  }
}
