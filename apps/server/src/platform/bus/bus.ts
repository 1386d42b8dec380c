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
};

/** What woke a chat's subscribers: a new, edited or deleted message, or a subscriber's own ping. */
export type ChatBusEvent =
  | { kind: 'NEW'; seq: number }
  | { kind: 'EDITED' | 'DELETED'; messageId: number }
  | { kind: 'PING'; nonce: string };

export interface Bus {
  kind: 'memory' | 'redis';
  pubsub: PubSub<BusTopics>;
  /** Publishes on a private topic and resolves once this process hears it back. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
