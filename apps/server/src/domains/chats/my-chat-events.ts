import DataLoader from 'dataloader';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chats } from '../../db/schema/index.ts';
import type { Platform, RequestContext } from '../../graphql/context.ts';
import { BATCHING } from '../../graphql/request-scoped.ts';
import {
  EVENT_SHARE,
  PUSH_EVENTS,
  withSharedScope,
  type EventShare,
  type PushSource,
} from '../../graphql/subscription-events.ts';
import type { ChatListBusEvent } from '../../platform/bus/bus.ts';
import { ViewerSubscription, viewerHubFor } from '../../platform/bus/viewer-hub.ts';
import { loadChatAccess } from './chat-access.ts';
import { readChatStates, type ChatState } from './chat-state.ts';
import type { ChatEntry } from './list-chats.ts';
import { putLatest } from './latest-by-key.ts';
import type { ChatAccess, ChatRow } from './chat-access.ts';

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

type ListChange = Extract<ChatListBusEvent, { kind: 'CHANGED' }>;

/**
 * The viewer's chat-list changes (decision 0012): a new message, unread count, hidden or shown,
 * muted, thread activity (UPDATED with the chat as the viewer now sees it), or the chat removed or
 * no longer readable (REMOVED). The first event, READY, says the subscription is live: a client
 * (re)loads `myChats` then, and misses nothing after. Every wake-up re-reads the chat and the
 * viewer's access to it from the database. A subscriber behind its events reads each chat once, as
 * it is then (putLatest).
 */
class ChatListSubscriber extends ViewerSubscription<ChatListBusEvent, MyChatEvent> implements PushSource {
  private readonly context: RequestContext;
  private readonly waiting: ListChange[] = [];
  private readySent = false;

  constructor(context: RequestContext, viewerId: number) {
    // Each event goes to the subscribers of the people it names.
    super(
      viewerHubFor(context.bus, 'chat:list', (event) => (event.kind === 'CHANGED' ? event.userIds : null)),
      viewerId,
    );
    this.context = context;
  }

  /** An event naming the viewer: waits to be read, replacing an earlier one of the same chat. */
  hear(event: ChatListBusEvent): void {
    if (!this.hearing || event.kind !== 'CHANGED') return;
    putLatest(this.waiting, event, (item) => item.chatId);
    this.poke();
  }

  /** Its events as they are read, to the direct lane of a shareable subscription (decision 0028). */
  [PUSH_EVENTS](listener: (event: unknown) => void): void {
    this.pushTo(listener);
  }

  protected take(): Promise<MyChatEvent> | undefined {
    if (!this.readySent) {
      this.readySent = true;
      return Promise.resolve({ kind: 'READY', chatKey: null, chat: null });
    }
    const event = this.waiting.shift();
    return event && readListChange(this.context, this.viewerId, event);
  }
}

/** The viewer's chat-list changes (ChatListSubscriber). */
export function myChatEventStream(
  context: RequestContext,
  viewerId: number,
): AsyncIterableIterator<MyChatEvent, undefined> {
  return new ChatListSubscriber(context, viewerId);
}

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
  // Shared (decision 0023): rows the same for every viewer are read once for all of the event's
  // subscribers in this process; a removal is the same for all of them.
  const removed: MyChatEvent = {
    kind: 'REMOVED',
    chatKey,
    chat: null,
    [EVENT_SHARE]: { token: event, variant: '' },
  };
  if (!chat) return removed;
  // Fresh loaders: the subscription lives long and access changes.
  const access = await loadChatAccess(withSharedScope(context, event), chat);
  if (!access.permissions.read) return removed;
  const state = await reads.states.load(viewerId);
  // The subscribers who see the chat the same way (decision 0031) share one execution of it.
  const share: EventShare = { token: event, variant: viewerVariant(access, state) };
  return { kind: 'UPDATED', chatKey, chat: { access, state, stateInVariant: true }, [EVENT_SHARE]: share };
}

/**
 * Everything of the viewer's that a chat-list entry's shared fields show: its unread count,
 * hidden and muted state, permissions and management rights, and the other person of a direct
 * message (schema-chat.ts's viewer-state fields). In a busy group, the members who have not read
 * the last 100 messages, are neither hiding nor muting it and have the same role see it alike.
 */
export function viewerVariant(access: ChatAccess, state: ChatState): string {
  return JSON.stringify([
    state.unreadCount,
    state.isHidden,
    state.muteUntil?.getTime() ?? null,
    access.permissions,
    access.manage,
    access.otherUserId,
  ]);
}
