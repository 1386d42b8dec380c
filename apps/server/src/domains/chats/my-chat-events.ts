import DataLoader from 'dataloader';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chats, messages } from '../../db/schema/index.ts';
import type { Platform, RequestContext } from '../../graphql/context.ts';
import { BATCHING } from '../../graphql/request-scoped.ts';
import { rows } from '../social/social-sql.ts';
import {
  EVENT_SHARE,
  PUSH_EVENTS,
  withSharedScope,
  type EventShare,
  type PushSource,
} from '../../graphql/subscription-events.ts';
import type { ChatListBusEvent, ListedMessage } from '../../platform/bus/bus.ts';
import { ViewerSubscription, viewerHubFor } from '../../platform/bus/viewer-hub.ts';
import { dmPeople, groupChatOutsiders, loadChatAccess } from './chat-access.ts';
import { readChatStatesWithLast, type ChatState } from './chat-state.ts';
import { anyOf } from '../../db/id-array.ts';
import type { ChatEntry } from './list-chats.ts';
import { putLatest } from './latest-by-key.ts';
import type { ChatAccess, ChatRow } from './chat-access.ts';
import type { MessageRow } from './send-message.ts';
import { keptOn } from '../../once-per.ts';

export type MyChatEventKind = 'READY' | 'UPDATED' | 'REMOVED' | 'MESSAGE';

/**
 * A change in the viewer's chat list: READY once live, then a chat's new state or its removal, or
 * (to a subscriber that asked for them) a new message alone, which the client applies itself.
 */
export interface MyChatEvent {
  kind: MyChatEventKind;
  chatKey: string | null;
  chat: ChatEntry | null;
  /** MESSAGE: the chat's new last message, and whether the viewer sent it. */
  message?: MessageRow;
  sentByViewer?: boolean;
  /** READY of a subscription given `since`: whether a chat of the viewer's had activity after it. */
  missed?: boolean;
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
  message?: ListedMessage,
): Promise<void> {
  if (userIds.length === 0) return;
  try {
    await platform.bus.pubsub.publish('chat:list', {
      kind: 'CHANGED',
      chatId: chat.id,
      chatKey: chat.key,
      userIds: [...new Set(userIds)],
      ...(message ? { message } : {}),
    });
  } catch (error) {
    platform.logger.warn({ err: error, chatId: chat.id }, 'chat list event not published');
  }
}

type ListChange = Extract<ChatListBusEvent, { kind: 'CHANGED' }>;

/** A change waiting to be read; `full`: read the chat and the viewer's state of it again. */
interface Waiting {
  change: ListChange;
  full: boolean;
}

/**
 * The viewer's chat-list changes (decision 0012): a new message, unread count, hidden or shown,
 * muted, thread activity (UPDATED with the chat as the viewer now sees it), or the chat removed or
 * no longer readable (REMOVED). The first event, READY, says the subscription is live: a client
 * (re)loads `myChats` then, and misses nothing after. Every wake-up re-reads the chat and the
 * viewer's access to it from the database. A subscriber behind its events reads each chat once, as
 * it is then (putLatest).
 *
 * With `messages` (the subscription selects MyChatEvent.message), a change that is only a new
 * message of a group chat or a direct message comes as MESSAGE: the message, the same for every
 * member, which the client applies to the entry it has (decision 0032). Anything else, a change
 * merged with another while waiting, and a reader the group no longer admits, is read in full.
 */
class ChatListSubscriber extends ViewerSubscription<ChatListBusEvent, MyChatEvent> implements PushSource {
  private readonly context: RequestContext;
  private readonly messages: boolean;
  private readonly since: Date | null;
  private readonly waiting: Waiting[] = [];
  private readySent = false;

  constructor(context: RequestContext, viewerId: number, messages: boolean, since: Date | null) {
    // Each event goes to the subscribers of the people it names.
    super(
      viewerHubFor(context.bus, 'chat:list', (event) => (event.kind === 'CHANGED' ? event.userIds : null)),
      viewerId,
    );
    this.context = context;
    this.messages = messages;
    this.since = since;
  }

  /**
   * An event naming the viewer: waits to be read, replacing an earlier one of the same chat (two
   * changes merged are read in full: a client's count of new messages would miss one).
   */
  hear(event: ChatListBusEvent): void {
    if (!this.hearing || event.kind !== 'CHANGED') return;
    const merged = this.waiting.some((item) => item.change.chatId === event.chatId);
    const full = merged || !this.messages || event.message === undefined;
    putLatest(this.waiting, { change: event, full }, (item) => item.change.chatId);
    this.poke();
  }

  /** Its events as they are read, to the direct lane of a shareable subscription (decision 0028). */
  [PUSH_EVENTS](listener: (event: unknown) => void): void {
    this.pushTo(listener);
  }

  protected take(): Promise<MyChatEvent> | undefined {
    if (!this.readySent) {
      this.readySent = true;
      if (!this.since) return Promise.resolve({ kind: 'READY', chatKey: null, chat: null });
      // Live now: whatever happened since the client's list was read is what it missed (when the
      // check fails, say so: the client reads its list again rather than the subscription ending).
      return activitySince(this.context.store.db, this.viewerId, this.since).then(
        (missed) => ({ kind: 'READY', chatKey: null, chat: null, missed }),
        () => ({ kind: 'READY', chatKey: null, chat: null, missed: true }),
      );
    }
    const item = this.waiting.shift();
    if (!item) return undefined;
    const { change } = item;
    return item.full || !change.message
      ? readListChange(this.context, this.viewerId, change)
      : readListMessage(this.context, this.viewerId, change, change.message);
  }
}

/**
 * Whether a chat in the viewer's list had a message after `since` (to the millisecond, as the
 * client got the times).
 */
async function activitySince(db: Database, viewerId: number, since: Date): Promise<boolean> {
  const found = await rows<{ missed: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM chat_members m JOIN chats c ON c.id = m.chat_id
      WHERE m.user_id = ${viewerId}
        AND date_trunc('milliseconds', c.last_message_at) > ${since.toISOString()}) AS missed`,
  );
  return found[0]?.missed === true;
}

/**
 * The viewer's chat-list changes (ChatListSubscriber). `since`: the newest activity of the list the
 * client holds (its chats' newest lastMessageAt): READY then says whether it missed something while
 * the subscription was not yet live (a page's list is read before its scripts subscribe).
 */
export function myChatEventStream(
  context: RequestContext,
  viewerId: number,
  options: { messages: boolean; since?: Date | null },
): AsyncIterableIterator<MyChatEvent, undefined> {
  return new ChatListSubscriber(context, viewerId, options.messages, options.since ?? null);
}

/** A viewer's state of the event's chat, and the chat's last message read with it. */
interface StateWithLast {
  state: ChatState;
  lastMessageId: number | null;
}

/**
 * What every subscriber of this process reads once per list event (the bus hands them all the same
 * event object), each made when first asked for: the chat's row, the states (unread count, hidden,
 * muted) of all of them with the chat's last message in one statement, batched as they ask in the
 * same turn, and that message; for MESSAGE events the message and which of them the group no longer
 * admits, likewise.
 */
class EventReads {
  private readonly db: Database;
  private readonly change: ListChange;
  private chatRead: Promise<ChatRow | undefined> | null = null;
  private statesLoader: DataLoader<number, StateWithLast> | null = null;
  private messagesLoader: DataLoader<number, MessageRow | null> | null = null;
  private outsidersLoader: DataLoader<number, boolean> | null = null;

  constructor(db: Database, change: ListChange) {
    this.db = db;
    this.change = change;
  }

  get chat(): Promise<ChatRow | undefined> {
    this.chatRead ??= this.db
      .select()
      .from(chats)
      .where(eq(chats.id, this.change.chatId))
      .then(([row]) => row);
    return this.chatRead;
  }

  /** The event's new message (a MESSAGE event's), or null when it is not in the chat. */
  get message(): Promise<MessageRow | null> {
    return this.messagesById.load(this.change.message?.id ?? 0);
  }

  /**
   * Each viewer's state with the id of the chat's last message, read by one statement for all
   * of them (readChatStatesWithLast): the count and the last message of one moment.
   */
  get states(): DataLoader<number, StateWithLast> {
    this.statesLoader ??= new DataLoader(async (viewerIds) => {
      const { states, lastMessageId } = await readChatStatesWithLast(this.db, this.change.chatId, viewerIds);
      return states.map((state) => ({ state, lastMessageId }));
    }, BATCHING);
    return this.statesLoader;
  }

  /** Messages of the chat by id (the event's message, the last messages the states named). */
  get messagesById(): DataLoader<number, MessageRow | null> {
    this.messagesLoader ??= new DataLoader(async (ids) => {
      const found = await this.db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, this.change.chatId), anyOf(messages.id, ids)));
      const byId = new Map(found.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING);
    return this.messagesLoader;
  }

  /** Whether the group of the (group) chat no longer lets the viewer read it (chat gone: true). */
  get outsiders(): DataLoader<number, boolean> {
    this.outsidersLoader ??= new DataLoader(async (viewerIds) => {
      const found = await groupChatOutsiders(this.db, this.change.chatId, viewerIds);
      return viewerIds.map((viewerId) => found?.isOutsider(viewerId) ?? true);
    }, BATCHING);
    return this.outsidersLoader;
  }
}
const eventReads = keptOn<object, EventReads>();

function readsOf(db: Database, event: ListChange): EventReads {
  let reads = eventReads.get(event);
  if (!reads) {
    reads = new EventReads(db, event);
    eventReads.set(event, reads);
  }
  return reads;
}

/**
 * A new message as a MESSAGE event (decision 0032): the same for every member but its sender, so
 * one execution is written to every socket, with nothing of the viewer's read beyond whether their
 * group still admits them (one statement for all). A plan chat's readers depend on too much to
 * check for all at once, and a message gone, deleted or hidden by the time it is read, are read in
 * full.
 */
async function readListMessage(
  context: RequestContext,
  viewerId: number,
  event: ListChange,
  listed: ListedMessage,
): Promise<MyChatEvent> {
  const reads = readsOf(context.store.db, event);
  const [chat, message] = await Promise.all([reads.chat, reads.message]);
  const readable =
    chat !== undefined &&
    message !== null &&
    message.deletedAt === null &&
    message.hiddenAt === null &&
    ((chat.type === 'd' && (dmPeople(chat)?.includes(viewerId) ?? false)) ||
      (chat.type === 'g' && !(await reads.outsiders.load(viewerId))));
  if (!readable) return readListChange(context, viewerId, event);
  const sentByViewer = listed.senderId === viewerId;
  return {
    kind: 'MESSAGE',
    chatKey: event.chatKey,
    chat: null,
    message,
    sentByViewer,
    [EVENT_SHARE]: { token: event, variant: sentByViewer ? 'message:sender' : 'message' },
  };
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
  const { state, lastMessageId } = await reads.states.load(viewerId);
  // The last message the count was read with; one deleted or removed since is left to the
  // resolver, which reads the chat's last message as it is now.
  const last = lastMessageId === null ? null : await reads.messagesById.load(lastMessageId);
  const lastMessage = last === null || (last.deletedAt === null && last.hiddenAt === null) ? last : undefined;
  // The subscribers who see the chat the same way (decision 0031) share one execution of it (read
  // with the same last message: a batch of states read a moment later may name a newer one).
  const share: EventShare = {
    token: event,
    variant: `${viewerVariant(access, state)}:${lastMessage === undefined ? '' : (lastMessageId ?? 0)}`,
  };
  return {
    kind: 'UPDATED',
    chatKey,
    chat: { access, state, stateInVariant: true, ...(lastMessage === undefined ? {} : { lastMessage }) },
    [EVENT_SHARE]: share,
  };
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
