import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Store } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { EVENT_SHARE, PUSH_EVENTS, type PushSource } from '../../graphql/subscription-events.ts';
import { busTopic, untilLive, type Bus, type ChatBusEvent } from '../../platform/bus/bus.ts';
import { rows } from '../social/social-sql.ts';
import { chatNotFound, findChat, groupChatOutsiders, type ChatRow } from './chat-access.ts';
import { eventKindOf, type ChatEvent, type ChatEventKind } from './chat-events.ts';
import type { MessageRow } from './send-message.ts';

/** Messages read at once; a subscriber far behind catches up page by page. */
const PAGE = 100;

type Queued = ChatEvent | { error: unknown } | null;

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * One chatEvents subscription (its async iterator) as its chat's feed sees it: the person (their
 * request context, to check their access again), their cursor, and the events read for them that
 * they have not taken. Stopping it (`return`) leaves the feed at once, even while it waits.
 */
export class FeedSubscriber implements AsyncIterableIterator<ChatEvent, undefined>, PushSource {
  /** The change number of the last message handed to this subscriber. */
  cursor = 0;
  readonly context: RequestContext;
  readonly key: string;
  /** The person subscribed (a subscription's viewer stays the same), read by every access check. */
  readonly viewerId: number | null;
  /** Whether a read from at most its cursor found nothing more (it has every change up to then). */
  caughtUp = false;
  /** Stopped, failed or completed: takes nothing more. */
  ended = false;
  /**
   * The cursor when the current catch-up began: a message created after it is NEW, even when a
   * later page brings it (edited meanwhile), as one read of every page would have.
   */
  private runFrom: number | null = null;
  private readonly queue: Queued[] = [];
  private waiting: (() => void) | null = null;
  /** Takes its events as they come (PUSH_EVENTS); next() then answers only its end. */
  private listener: ((event: ChatEvent) => void) | null = null;
  private feed: ChatFeed | null = null;
  private readonly started: Promise<void>;

  constructor(context: RequestContext, key: string, afterRev: number | null, checked?: ChatRow) {
    this.context = context;
    this.key = key;
    this.viewerId = context.viewer?.id ?? null;
    this.started = this.start(afterRev, checked);
    this.started.catch(() => undefined);
  }

  private async start(afterRev: number | null, checked: ChatRow | undefined): Promise<void> {
    const chat = checked ?? (await findChat(this.context, this.key, { fresh: true })).chat;
    if (this.ended) return;
    this.cursor = afterRev ?? chat.lastRev;
    this.feed = chatFeedFor(this.context, chat);
    await this.feed.join(this);
  }

  /** Hands it the rows after its cursor of a read that started at or below its cursor. */
  deliver(rows: readonly MessageRow[], events: ReadEvents): void {
    for (const message of rows) {
      if (message.rev <= this.cursor) continue;
      this.runFrom ??= this.cursor;
      this.cursor = message.rev;
      this.put(events.of(message, eventKindOf(message, this.runFrom)));
    }
  }

  /** A read from at most its cursor reached the end of the chat. */
  reachedEnd(): void {
    this.caughtUp = true;
    this.runFrom = null;
  }

  /** Ends the subscription with `error` after what it was already handed. */
  fail(error: unknown): void {
    this.put({ error });
  }

  /** Ends the subscription after what it was already handed. */
  complete(): void {
    this.put(null);
  }

  /** Hands its events to `listener` as they come, those waiting first; next() answers its end. */
  [PUSH_EVENTS](listener: (event: ChatEvent) => void): void {
    while (this.queue.length > 0) {
      const item = this.queue[0]!;
      if (item === null || 'error' in item) break;
      this.queue.shift();
      listener(item);
    }
    this.listener = listener;
  }

  private put(item: Queued): void {
    if (this.ended) return;
    if (this.listener && item !== null && !('error' in item)) {
      this.listener(item);
      return;
    }
    this.queue.push(item);
    if (item === null || 'error' in item) this.stop();
    const wake = this.waiting;
    this.waiting = null;
    wake?.();
  }

  /** Takes nothing more and leaves the feed (which closes after its last subscriber). */
  private stop(): void {
    this.ended = true;
    const feed = this.feed;
    this.feed = null;
    feed?.leave(this);
    const wake = this.waiting;
    this.waiting = null;
    wake?.();
  }

  async next(): Promise<IteratorResult<ChatEvent, undefined>> {
    await this.started;
    for (;;) {
      const item = this.queue.shift();
      if (item === undefined) {
        if (this.ended) return DONE;
        await new Promise<void>((resolve) => (this.waiting = resolve));
        continue;
      }
      if (item === null) return DONE;
      if ('error' in item) throw item.error;
      return { done: false, value: item };
    }
  }

  async return(): Promise<IteratorResult<ChatEvent, undefined>> {
    this.stop();
    this.queue.length = 0;
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * The events of one read of a chat's messages: every subscriber handed a row in the same kind gets
 * the same event object, which says so (EVENT_SHARE: the row is the token), so they share its
 * execution (decision 0023), and a read for 2,000 subscribers makes one event, not 2,000.
 */
class ReadEvents {
  private readonly made = new Map<MessageRow, Partial<Record<ChatEventKind, ChatEvent>>>();

  of(message: MessageRow, kind: ChatEventKind): ChatEvent {
    let kinds = this.made.get(message);
    if (!kinds) {
      kinds = {};
      this.made.set(message, kinds);
    }
    return (kinds[kind] ??= { kind, message, [EVENT_SHARE]: { token: message, variant: kind } });
  }
}

type ChatShape = Pick<ChatRow, 'id' | 'type' | 'groupId'>;

/**
 * A chat's subscribers in one process and store (decision 0022): one bus subscription, live once,
 * and one read of the changed messages per wake-up, from the lowest cursor of the subscribers that
 * need it, handed to each subscriber after its own cursor. Reads are one at a time per feed:
 * wake-ups heard during a read make one more pass after it.
 */
class ChatFeed {
  private readonly subscribers = new Set<FeedSubscriber>();
  /** Subscribers joining or joined: the feed closes when the last one leaves. */
  private holders = 0;
  /** The highest change number the bus announced. */
  private knownRev = 0;
  /** The chat may be gone (REMOVED heard): check everyone on the next pass. */
  private recheck = false;
  private running = false;
  private again = false;
  private readonly live: Promise<void>;
  private readonly iterator: AsyncIterator<ChatBusEvent>;
  private readonly db: Database;
  private readonly chat: ChatShape;
  private readonly onClose: () => void;

  constructor(chat: ChatShape, store: Store, bus: Bus, onClose: () => void) {
    this.chat = chat;
    this.onClose = onClose;
    this.db = store.db;
    this.iterator = bus.pubsub.subscribe('chat:changed', chat.id)[Symbol.asyncIterator]();
    // The first next() adds the listener; the process's SUBSCRIBE is then on its way.
    const first = this.iterator.next();
    this.live = untilLive(bus, busTopic('chat:changed', chat.id));
    void this.listen(first);
  }

  /** Adds the subscriber once the feed is live; its first pass reads from its cursor. */
  async join(subscriber: FeedSubscriber): Promise<void> {
    this.holders += 1;
    await this.live;
    if (subscriber.ended) return;
    this.subscribers.add(subscriber);
    this.schedule();
  }

  /** Called once per joined subscriber, when it stopped or ended. */
  leave(subscriber: FeedSubscriber): void {
    this.subscribers.delete(subscriber);
    this.holders -= 1;
    if (this.holders > 0) return;
    this.onClose();
    void this.iterator.return?.();
  }

  private async listen(first: Promise<IteratorResult<ChatBusEvent>>): Promise<void> {
    let next = first;
    try {
      for (;;) {
        const result = await next;
        if (result.done) return;
        next = this.iterator.next();
        const event = result.value;
        if (event.kind === 'CHANGED') {
          this.knownRev = Math.max(this.knownRev, event.rev);
          // A wake-up for a change every subscriber already has (several changes can arrive in
          // one read) costs nothing: no access check, no query.
          if (this.everyoneHas(event.rev)) continue;
        } else if (event.kind === 'REMOVED') {
          this.recheck = true;
        } else continue;
        this.schedule();
      }
    } finally {
      // The bus ended (closed): so do its subscriptions, as when they listened themselves.
      for (const subscriber of this.subscribers) subscriber.complete();
    }
  }

  private everyoneHas(rev: number): boolean {
    for (const subscriber of this.subscribers) if (subscriber.cursor < rev) return false;
    return true;
  }

  private needsRead(subscriber: FeedSubscriber): boolean {
    return !subscriber.caughtUp || subscriber.cursor < this.knownRev;
  }

  private schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    void this.pass();
  }

  private async pass(): Promise<void> {
    this.running = true;
    try {
      do {
        this.again = false;
        const needy = [...this.subscribers].filter((subscriber) => this.needsRead(subscriber));
        if (needy.length === 0 && !this.recheck) continue;
        this.recheck = false;
        // Still allowed to read? (A removed chat, or lost access, ends the subscription NOT_FOUND.)
        await this.checkAccess();
        const waiting = [...this.subscribers].filter((subscriber) => this.needsRead(subscriber));
        if (waiting.length === 0) continue;
        let from = Math.min(...waiting.map((subscriber) => subscriber.cursor));
        for (;;) {
          const page = await this.db
            .select()
            .from(messages)
            .where(and(eq(messages.chatId, this.chat.id), gt(messages.rev, from)))
            .orderBy(asc(messages.rev))
            .limit(PAGE);
          // Every subscriber at or past `from` gets the rows after its own cursor: changes of a
          // chat commit in change order (decision 0012), so the read holds all of them up to its end.
          const reached = [...this.subscribers].filter((subscriber) => subscriber.cursor >= from);
          const events = new ReadEvents();
          for (const subscriber of reached) subscriber.deliver(page, events);
          if (page.length < PAGE) {
            for (const subscriber of reached) subscriber.reachedEnd();
            break;
          }
          from = page.at(-1)!.rev;
        }
      } while (this.again);
    } catch (error) {
      // The database failed: the subscriptions end with the error, as each one's own read did.
      for (const subscriber of this.subscribers) this.drop(subscriber, error);
    } finally {
      this.running = false;
    }
  }

  private drop(subscriber: FeedSubscriber, error: unknown): void {
    this.subscribers.delete(subscriber);
    subscriber.fail(error);
  }

  /**
   * One statement for all subscribers: the chat still there, and for a group chat which of them
   * the rule of loadChatAccess no longer admits (groupChatOutsiders). Those it doubts, and every
   * subscriber of a plan chat (whose rule depends on too much to read at once), go through the
   * full check, findChat, as the request of a single subscriber would.
   */
  private async checkAccess(): Promise<void> {
    const subscribers = [...this.subscribers];
    if (subscribers.length === 0) return;
    const ids = [...new Set(subscribers.map((subscriber) => subscriber.viewerId ?? 0))];
    const found =
      this.chat.type === 'g'
        ? await groupChatOutsiders(this.db, this.chat.id, ids)
        : (await rows(this.db, sql`SELECT 1 FROM chats WHERE id = ${this.chat.id}`)).length > 0
          ? { isOutsider: () => false }
          : null;
    if (!found) {
      for (const subscriber of subscribers) this.drop(subscriber, chatNotFound());
      return;
    }
    let doubted: FeedSubscriber[];
    if (this.chat.type === 'g') {
      doubted = subscribers.filter((subscriber) => {
        const id = subscriber.viewerId;
        return id === null || found.isOutsider(id);
      });
    } else {
      // A direct message is read by its pair for as long as it exists (blocks leave it readable).
      doubted = this.chat.type === 'd' ? [] : subscribers;
    }
    await Promise.all(
      doubted.map(async (subscriber) => {
        try {
          await findChat(subscriber.context, subscriber.key, { fresh: true });
        } catch (error) {
          this.drop(subscriber, error);
        }
      }),
    );
  }
}

/** The feeds of this process, per bus and store (tests run several servers in one process). */
const feeds = new WeakMap<Bus, WeakMap<Store, Map<number, ChatFeed>>>();

/** The chat's feed in this process, made on its first subscriber and closed after its last. */
export function chatFeedFor(context: RequestContext, chat: ChatShape): ChatFeed {
  let byStore = feeds.get(context.bus);
  if (!byStore) {
    byStore = new WeakMap();
    feeds.set(context.bus, byStore);
  }
  let byChat = byStore.get(context.store);
  if (!byChat) {
    byChat = new Map();
    byStore.set(context.store, byChat);
  }
  const chats = byChat;
  const found = chats.get(chat.id);
  if (found) return found;
  const feed: ChatFeed = new ChatFeed(chat, context.store, context.bus, () => {
    if (chats.get(chat.id) === feed) chats.delete(chat.id);
  });
  chats.set(chat.id, feed);
  return feed;
}
