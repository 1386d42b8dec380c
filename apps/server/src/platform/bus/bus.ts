import type { PubSub } from 'graphql-yoga';

/**
 * Topics carried between server processes. PostgreSQL is the source of truth: a topic only wakes
 * subscribers, who then read what changed.
 */
export type BusTopics = {
  /** Round trip used by the health check. */
  'system:ping': [nonce: string];
  /** A chat's messages changed (stored first); subscribers read the change from the database. */
  'chat:changed': [chatId: number, event: ChatBusEvent];
  /** A chat in some people's chat lists changed (stored first); theirs to read again. */
  'chat:list': [event: ChatListBusEvent];
  /** A person's activity feed changed (stored first): a new, re-opened or read activity. */
  'activity:changed': [event: ActivityBusEvent];
};

/** Whose feed changed, or a subscriber's own ping. */
export type ActivityBusEvent = { kind: 'CHANGED'; userId: number } | { kind: 'PING'; nonce: string };

/**
 * What woke a chat's subscribers: a change up to a chat change number (decision 0012), the chat's
 * removal, or a subscriber's own ping.
 */
export type ChatBusEvent =
  { kind: 'CHANGED'; rev: number } | { kind: 'REMOVED' } | { kind: 'PING'; nonce: string };

/**
 * What woke chat-list subscribers: the chat, its key, and whose lists show it; `message` when the
 * change is just a new message of the main chat (decision 0032: a subscriber that asked for them
 * gets it as a MESSAGE event, the same for everyone; a process of before it reads the chat again).
 */
export type ChatListBusEvent =
  | { kind: 'CHANGED'; chatId: number; chatKey: string; userIds: number[]; message?: ListedMessage }
  | { kind: 'PING'; nonce: string };

/** A new message of a chat's main timeline, as chat-list events name it. */
export interface ListedMessage {
  id: number;
  senderId: number;
}

/** The channel of a topic and its routing id, as graphql-yoga's pubsub names it. */
export function busTopic(routingKey: keyof BusTopics, id?: string | number): string {
  return id === undefined ? routingKey : `${routingKey}:${id}`;
}

export interface Bus {
  kind: 'memory' | 'redis';
  pubsub: PubSub<BusTopics>;
  /** Publishes on a private topic and resolves once this process hears it back. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Resolves once this process hears everything published on `topic` from now on, in any process
   * (decision 0022): at once in memory; with Redis, when the server confirmed this process's
   * SUBSCRIBE to the channel (made by the first local subscriber, shared by the later ones). Call it
   * after the subscription's iterator started (its first `next()`), which adds the listener.
   */
  whenLive(topic: string): Promise<void>;
  close(): Promise<void>;
}

/** How long a new subscription waits for the bus to say it is live before it reads anyway. */
export const LIVE_WAIT_MS = 3000;

/**
 * Resolves once this process hears every later publish on `topic` (Bus.whenLive), or after
 * LIVE_WAIT_MS without an answer (Redis away: the reads still start, and catch up on a wake-up).
 * Never rejects: a failed whenLive counts as that answer (its waiters hold no rejection handler).
 */
export async function untilLive(bus: Pick<Bus, 'whenLive'>, topic: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      bus.whenLive(topic).catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, LIVE_WAIT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
