import { eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import { expect } from 'vitest';
import WebSocketImpl from 'ws';
import { chats, messages } from '../../src/db/schema/index.ts';
import type { RequestContext } from '../../src/graphql/context.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from '../harness.ts';
import { newPerson, type Person } from './people.ts';

/** Chat helpers over the real API (HTTP for queries, graphql-ws over a real socket for events). */
export interface ChatMessage {
  key: string;
  seq: number;
  rev: number;
  clientId: string;
  text: string;
  parentKey: string | null;
  deletedAt: string | null;
  editedAt: string | null;
  user: { id: number } | null;
}
export const MESSAGE = 'key seq rev clientId text parentKey deletedAt editedAt user { id }';

export function codeOf(res: GraphQLResponse) {
  return res.errors?.[0]?.extensions?.code;
}

export function fieldOf(res: GraphQLResponse) {
  return res.errors?.[0]?.extensions?.field;
}

/** A test Plaza, its chats API, and Ana, Ben and Cai signed in (in that order): the chats tests' start. */
export async function chatTrio(env: Record<string, string> = {}) {
  const t = await startTestPlaza({ TRUST_PROXY: '1', ...env });
  const api = chatApi(t);
  const ana = await newPerson(t, 'Ana');
  const ben = await newPerson(t, 'Ben');
  const cai = await newPerson(t, 'Cai');
  return { t, api, ana, ben, cai };
}

export function chatApi(t: TestPlaza) {
  const db = () => t.plaza.platform.store.db;
  const api = {
    db,
    async openDm(person: Person, userId: number): Promise<string> {
      const res = await t.gql<{ openDirectChat: { key: string } }>(
        'mutation ($u: Int!) { openDirectChat(userId: $u) { key } }',
        { u: userId },
        person.headers,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.openDirectChat.key;
    },
    send(
      person: Person,
      chatKey: string,
      text: string,
      options: { clientId?: string; parentKey?: string; mediaKeys?: string[] } = {},
    ) {
      return t.gql<{ sendMessage: ChatMessage }>(
        `mutation ($k: String!, $c: String!, $t: String!, $p: String, $m: [String!]) {
           sendMessage(chatKey: $k, clientId: $c, text: $t, parentKey: $p, mediaKeys: $m) { ${MESSAGE} } }`,
        {
          k: chatKey,
          c: options.clientId ?? `c-${Math.random()}`,
          t: text,
          p: options.parentKey ?? null,
          m: options.mediaKeys ?? null,
        },
        person.headers,
      );
    },
    async sent(
      person: Person,
      chatKey: string,
      text: string,
      options: { clientId?: string; parentKey?: string } = {},
    ) {
      const res = await api.send(person, chatKey, text, options);
      expect(res.errors).toBeUndefined();
      return res.data!.sendMessage;
    },
    async edit(person: Person, key: string, text: string) {
      const res = await t.gql<{ editMessage: ChatMessage }>(
        `mutation ($k: String!, $t: String!) { editMessage(key: $k, text: $t) { ${MESSAGE} } }`,
        { k: key, t: text },
        person.headers,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.editMessage;
    },
    async remove(person: Person, key: string) {
      const res = await t.gql<{ deleteMessage: ChatMessage }>(
        `mutation ($k: String!) { deleteMessage(key: $k) { ${MESSAGE} } }`,
        { k: key },
        person.headers,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.deleteMessage;
    },
    async chatRow(chatKey: string) {
      const [chat] = await db().select().from(chats).where(eq(chats.key, chatKey));
      return chat!;
    },
    async messageCount(chatKey: string): Promise<number> {
      const chat = await api.chatRow(chatKey);
      return (await db().select().from(messages).where(eq(messages.chatId, chat.id))).length;
    },
  };
  return api;
}

export interface Feed<T> {
  events: T[];
  errors: unknown[];
  completed: boolean;
  client: Client;
  until(check: () => boolean, what: string): Promise<void>;
}

/**
 * A graphql-ws client on a real socket to `baseUrl`, subscribed to one operation. `auth` is a
 * bearer token for connection_init, or headers for the upgrade request (cookie, origin).
 */
export function subscribeOver<T>(
  baseUrl: string,
  operation: { query: string; variables?: Record<string, unknown> },
  field: string,
  auth: { bearer?: string; headers?: Record<string, string> } = {},
): Feed<T> {
  const headers = auth.headers ?? {};
  class HeaderSocket extends WebSocketImpl {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  const client = createClient({
    url: `${baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: HeaderSocket,
    retryAttempts: 0,
    connectionParams: auth.bearer ? { authorization: auth.bearer } : {},
  });
  const feed: Feed<T> = {
    events: [],
    errors: [],
    completed: false,
    client,
    until: async (check, what) => {
      const deadline = Date.now() + 10_000;
      while (!check()) {
        if (Date.now() > deadline)
          throw new Error(
            `timed out waiting for ${what}: ${JSON.stringify(feed.events)} ${JSON.stringify(feed.errors)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  client.subscribe<Record<string, T>>(operation, {
    next: (value) => {
      if (value.errors) feed.errors.push(...value.errors);
      const data = value.data?.[field];
      if (data) feed.events.push(data);
    },
    error: (error) => feed.errors.push(error),
    complete: () => (feed.completed = true),
  });
  return feed;
}

export interface ChatEventOut {
  kind: 'NEW' | 'EDITED' | 'DELETED';
  cursor: number;
  message: {
    seq: number;
    rev: number;
    text: string;
    key: string;
    deletedAt: string | null;
    parentKey: string | null;
  };
}

/** chatEvents for a person, from a change number (or from now). */
export async function chatEvents(t: TestPlaza, person: Person | null, key: string, afterRev?: number) {
  return subscribeOver<ChatEventOut>(
    await t.url(),
    {
      query: `subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) {
        kind cursor message { seq rev text key deletedAt parentKey } } }`,
      variables: { k: key, a: afterRev ?? null },
    },
    'chatEvents',
    person ? { bearer: person.headers.authorization } : {},
  );
}

export async function pause(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A Plaza's subscription counters at /metrics: events by execution (own, or shared with another
 * subscriber: decision 0023) and `next` messages by path (direct from the source, or through
 * graphql-ws: decision 0028).
 */
export async function subscriptionCounters(
  baseUrl: string,
): Promise<{ own: number; shared: number; direct: number; protocol: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const count = (metric: string, label: string) =>
    Number(new RegExp(`^plaza_subscription_${metric}_total\\{${label}\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    own: count('events', 'execution="own"'),
    shared: count('events', 'execution="shared"'),
    direct: count('messages', 'path="direct"'),
    protocol: count('messages', 'path="protocol"'),
  };
}

/** A signed-in person's request context on the test server, for a stream read in the test's process. */
export function requestContextOf(t: TestPlaza, userId: number): RequestContext {
  return {
    ...t.plaza.platform,
    request: new Request('http://plaza.test/graphql'),
    viewer: { id: userId, sessionId: 0 },
    ip: '127.0.0.1',
    clientIp: null,
    remoteIp: null,
  };
}
