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
    // The change is stored: subscribers miss a wake-up, and clients catch up with `afterRev`.
    platform.logger.warn({ err: error, chatId }, 'chat event not published');
  }
}

/** How long a new subscription waits for its own ping to come back through the bus. */
export const LIVE_WAIT_MS = 3000;
const PAGE = 100;

/**
 * What a client holding the chat up to change number `cursor` learns from a message whose latest
 * change is after it: a deletion, a message it has never had (stored after the cursor), or a new
 * state of one it has.
 */
export function eventKindOf(message: MessageRow, cursor: number): ChatEventKind {
  if (message.deletedAt !== null) return 'DELETED';
  return message.createdRev > cursor ? 'NEW' : 'EDITED';
}

/**
 * Waits until a subscription's own ping comes back through the bus (a Redis SUBSCRIBE is live
 * only after a round trip), keeping what else it heard meanwhile. Resolves 'closed' when the
 * iterator ended, else the events heard before the ping (or after LIVE_WAIT_MS without it).
 */
export async function waitUntilLive<T>(
  iterator: AsyncIterator<T>,
  ping: () => void,
  isOwnPing: (event: T) => boolean,
  isPing: (event: T) => boolean,
): Promise<{ heard: T[]; next: Promise<IteratorResult<T>> } | 'closed'> {
  let next = iterator.next();
  const heard: T[] = [];
  const resend = setInterval(ping, 100);
  setImmediate(ping);
  try {
    const deadline = new Promise<'late'>((resolve) =>
      setTimeout(() => resolve('late'), LIVE_WAIT_MS).unref(),
    );
    for (;;) {
      const result = await Promise.race([next, deadline]);
      if (result === 'late') return { heard, next };
      if (result.done) return 'closed';
      next = iterator.next();
      if (isOwnPing(result.value)) return { heard, next };
      if (!isPing(result.value)) heard.push(result.value);
    }
  } finally {
    clearInterval(resend);
  }
}

/** Yielded once by `liveWakeups` when the subscription is live. */
export const LIVE = Symbol('live');

/**
 * The wake-ups of a bus subscription for one subscriber: LIVE once its own ping came back (so
 * nothing published after the caller's first read is missed), then every event but pings, the
 * ones heard while waiting first. Ends when the bus iterator ends; closes it when the consumer stops.
 */
export async function* liveWakeups<T>(
  iterator: AsyncIterator<T>,
  ping: () => void,
  isOwnPing: (event: T) => boolean,
  isPing: (event: T) => boolean,
): AsyncGenerator<T | typeof LIVE> {
  try {
    const live = await waitUntilLive<T>(iterator, ping, isOwnPing, isPing);
    if (live === 'closed') return;
    let next = live.next;
    const heard = live.heard;
    yield LIVE;
    for (;;) {
      let event = heard.shift();
      if (event === undefined) {
        const result = await next;
        if (result.done) return;
        next = iterator.next();
        event = result.value;
      }
      if (!isPing(event)) yield event;
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * A chat's message events for one subscriber (decision 0012). The bus only wakes: every event is
 * read from the database. The subscription listens first, waits until it is live, then reads
 * every message whose latest change number is after the cursor (`afterRev`, else the chat's
 * last change number when it started), in change order, and moves the cursor; each wake-up reads
 * again from the cursor. So every change is delivered once, in order, whatever was missed; a
 * message changed several times while a client was away arrives once, in its latest state.
 * Every wake-up re-checks that the person may still read the chat; when not (or the chat was
 * removed), the subscription ends NOT_FOUND.
 */
export async function* chatEventStream(
  context: RequestContext,
  key: string,
  afterRev: number | null,
): AsyncGenerator<ChatEvent> {
  const first = await findChat(context, key, { fresh: true });
  const chatId = first.chat.id;
  let cursor = afterRev ?? first.chat.lastRev;
  const db = context.store.db;
  const iterator = context.bus.pubsub.subscribe('chat:changed', chatId)[Symbol.asyncIterator]();
  const nonce = randomUUID();

  const changedSince = async function* () {
    const from = cursor;
    for (;;) {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chatId), gt(messages.rev, cursor)))
        .orderBy(asc(messages.rev))
        .limit(PAGE);
      for (const message of rows) {
        cursor = message.rev;
        yield { kind: eventKindOf(message, from), message } satisfies ChatEvent;
      }
      if (rows.length < PAGE) return;
    }
  };

  for await (const event of liveWakeups<ChatBusEvent>(
    iterator,
    () => void publishChatEvent(context, chatId, { kind: 'PING', nonce }),
    (heard) => heard.kind === 'PING' && heard.nonce === nonce,
    (heard) => heard.kind === 'PING',
  )) {
    if (event === LIVE) {
      yield* changedSince();
      continue;
    }
    // A wake-up for a change already read (several changes can arrive in one read) costs
    // nothing: no access check, no query. So a subscriber that falls behind catches up in
    // batches instead of queueing one read per change.
    if (event.kind === 'CHANGED' && event.rev <= cursor) continue;
    // Still allowed to read? (A removed chat, or lost access, ends the subscription NOT_FOUND.)
    await findChat(context, key, { fresh: true });
    if (event.kind === 'CHANGED') yield* changedSince();
  }
}
