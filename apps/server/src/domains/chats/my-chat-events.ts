import DataLoader from 'dataloader';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chats } from '../../db/schema/index.ts';
import type { Platform, RequestContext } from '../../graphql/context.ts';
import { BATCHING } from '../../graphql/request-scoped.ts';
import { EVENT_SHARE, withSharedScope, type EventShare } from '../../graphql/subscription-events.ts';
import { busTopic, type ChatListBusEvent } from '../../platform/bus/bus.ts';
import { loadChatAccess } from './chat-access.ts';
import { readChatStates, type ChatState } from './chat-state.ts';
import { LIVE, liveWakeups } from './chat-events.ts';
import type { ChatEntry } from './list-chats.ts';
import { latestByKey } from './latest-by-key.ts';
import type { ChatRow } from './chat-access.ts';

export type MyChatEventKind = 'READY' | 'UPDATED' | 'REMOVED';

/** A change in the viewer's chat list: READY once live, then a chat's new state or its removal. */
export interface MyChatEvent {
  kind: MyChatEventKind;
  chatKey: string | null;
  chat: ChatEntry | null;
  /** Set on the events of a change, which every subscriber it concerns receives (decision 0023). */
  [EVENT_SHARE]?: EventShare;
}

/**
 * Wakes the chat-list subscribers of `userIds` in every process; called after the change is
 * committed. The payload names the chat and the people: each subscriber reads its own view.
 */
export async function publishChatListEvent(
  platform: Pick<Platform, 'bus' | 'logger'>,
  chat: { id: number; key: string },
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  try {
    await platform.bus.pubsub.publish('chat:list', {
      kind: 'CHANGED',
      chatId: chat.id,
      chatKey: chat.key,
      userIds: [...new Set(userIds)],
    });
  } catch (error) {
    platform.logger.warn({ err: error, chatId: chat.id }, 'chat list event not published');
  }
}

/**
 * The viewer's chat-list changes (decision 0012): a new message, unread count, hidden or shown,
 * muted, thread activity (UPDATED with the chat as the viewer now sees it), or the chat removed or
 * no longer readable (REMOVED). The first event, READY, says the subscription is live: a client
 * (re)loads `myChats` then, and misses nothing after. Every wake-up re-reads the chat and the
 * viewer's access to it from the database.
 */
export async function* myChatEventStream(
  context: RequestContext,
  viewerId: number,
): AsyncGenerator<MyChatEvent> {
  const iterator = context.bus.pubsub.subscribe('chat:list')[Symbol.asyncIterator]();
  async function* wakes(): AsyncGenerator<typeof LIVE | ListChange> {
    for await (const event of liveWakeups<ChatListBusEvent>(
      context.bus,
      busTopic('chat:list'),
      iterator,
      (heard) => heard.kind === 'PING',
    ))
      if (event === LIVE || (event.kind === 'CHANGED' && audienceOf(event).has(viewerId))) yield event;
  }
  try {
    // A subscriber behind its events (a busy group) reads each chat once, as it is then.
    for await (const wake of latestByKey(wakes(), (item) => (item === LIVE ? null : item.chatId))) {
      if (wake === LIVE) yield { kind: 'READY', chatKey: null, chat: null };
      else yield await readListChange(context, viewerId, wake);
    }
  } finally {
    // Ends the bus subscription now, rather than at its next event.
    await iterator.return?.();
  }
}

/**
 * The people of a list event as a set, made once per event: the bus hands every subscriber of the
 * process the same event, and a message to a group of 2,000 names 2,000 people, which each of its
 * subscribers would otherwise search through.
 */
const audiences = new WeakMap<object, ReadonlySet<number>>();

function audienceOf(event: { userIds: readonly number[] }): ReadonlySet<number> {
  let audience = audiences.get(event);
  if (!audience) {
    audience = new Set(event.userIds);
    audiences.set(event, audience);
  }
  return audience;
}

type ListChange = Extract<ChatListBusEvent, { kind: 'CHANGED' }>;

/**
 * What every subscriber of this process reads once per list event (the bus hands them all the same
 * event object): the chat's row, and the states (unread count, hidden, muted) of all of them in one
 * statement, batched as they ask in the same turn.
 */
interface EventReads {
  chat: Promise<ChatRow | undefined>;
  states: DataLoader<number, ChatState>;
}
const eventReads = new WeakMap<object, EventReads>();

function readsOf(db: Database, event: ListChange): EventReads {
  let reads = eventReads.get(event);
  if (!reads) {
    reads = {
      chat: db
        .select()
        .from(chats)
        .where(eq(chats.id, event.chatId))
        .then(([row]) => row),
      states: new DataLoader((viewerIds) => readChatStates(db, event.chatId, viewerIds), BATCHING),
    };
    eventReads.set(event, reads);
  }
  return reads;
}

async function readListChange(
  context: RequestContext,
  viewerId: number,
  event: ListChange,
): Promise<MyChatEvent> {
  const reads = readsOf(context.store.db, event);
  const chat = await reads.chat;
  const chatKey = event.chatKey;
  // Marked as shared (decision 0023): rows the same for every viewer are read once for all of the
  // event's subscribers in this process, though each one's selection is executed on its own.
  const share: EventShare = { token: event, variant: '' };
  if (!chat) return { kind: 'REMOVED', chatKey, chat: null, [EVENT_SHARE]: share };
  // Fresh loaders: the subscription lives long and access changes.
  const access = await loadChatAccess(withSharedScope(context, event), chat);
  if (!access.permissions.read) return { kind: 'REMOVED', chatKey, chat: null, [EVENT_SHARE]: share };
  const state = await reads.states.load(viewerId);
  return { kind: 'UPDATED', chatKey, chat: { access, state }, [EVENT_SHARE]: share };
}
