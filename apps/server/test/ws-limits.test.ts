import { count, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, messages } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { chatApi } from './support/chats.ts';
import { newPerson, type Person } from './support/people.ts';
import { PLAZA_ORIGIN, signInWithEmail } from './support/sign-in.ts';

/**
 * Issue 12 point 3, WebSocket: graphql-ws (apps/server/src/http/graphql-ws.ts) takes frames of at
 * most 64 KB (`maxPayload`): a larger one closes that socket with 1009 and nothing else. A foreign
 * Origin cannot act with the visitor's cookie: chats-ws-origin.test.ts proves it for
 * subscriptions; here for a mutation sent over the socket (a send would be a cross-site write).
 */

const MAX_PAYLOAD = 64 * 1024;

let t: TestPlaza;
let ana: Person;
let ben: Person;
let benCookie: string;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
  ben = await newPerson(t, 'Ben');
  benCookie = (await signInWithEmail(t, ben.email, { strategy: 'cookie' })).cookie!;
});
afterAll(() => t.close());

interface Socket {
  ws: WebSocket;
  received: Array<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  next(check: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

/** A raw graphql-transport-ws socket, acknowledged, with these upgrade headers. */
async function open(
  headers: Record<string, string> = {},
  params: Record<string, unknown> = {},
): Promise<Socket> {
  const ws = new WebSocket(`${(await t.url()).replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
    headers,
  });
  const received: Array<Record<string, unknown>> = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as Record<string, unknown>));
  ws.on('error', () => {});
  const socket: Socket = {
    ws,
    received,
    closed,
    async next(check) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = received.find(check);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such message: ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection_init', payload: params }));
  await socket.next((m) => m.type === 'connection_ack');
  return socket;
}

describe('graphql-ws frame size', () => {
  it('takes a frame just under 64 KB', async () => {
    const socket = await open();
    try {
      socket.ws.send(JSON.stringify({ type: 'ping', payload: { pad: 'x'.repeat(MAX_PAYLOAD - 100) } }));
      await socket.next((m) => m.type === 'pong');
    } finally {
      socket.ws.close();
    }
  });

  it('closes the socket with 1009 on a frame over 64 KB, and keeps serving other sockets', async () => {
    const socket = await open({}, { authorization: ana.headers.authorization });
    const huge = JSON.stringify({
      id: '1',
      type: 'subscribe',
      payload: {
        query: `mutation { openDirectChat(userId: ${ben.userId}) { key } }`,
        pad: 'x'.repeat(MAX_PAYLOAD),
      },
    });
    expect(huge.length).toBeGreaterThan(MAX_PAYLOAD);
    socket.ws.send(huge);
    const closed = await Promise.race([
      socket.closed,
      new Promise<{ code: number }>((resolve) => setTimeout(() => resolve({ code: 0 }), 5_000)),
    ]);
    expect(closed.code, 'closed for a message too big').toBe(1009);
    expect(socket.received.filter((m) => m.type === 'next')).toEqual([]);
    // The server is still up: a new socket works.
    const again = await open();
    again.ws.send(JSON.stringify({ type: 'ping' }));
    await again.next((m) => m.type === 'pong');
    again.ws.close();
  });
});

describe('graphql-ws and a foreign Origin', () => {
  it('does not let a page elsewhere send a message with the visitor’s cookie over the socket', async () => {
    const key = await chatApi(t).openDm(ana, ben.userId);
    const db = t.plaza.platform.store.db;
    const [chat] = await db.select().from(chats).where(eq(chats.key, key));
    const countMessages = async () =>
      (await db.select({ n: count() }).from(messages).where(eq(messages.chatId, chat!.id)))[0]!.n;
    const before = await countMessages();
    const send = (socket: Socket, id: string) =>
      socket.ws.send(
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: {
            query: `mutation { sendMessage(chatKey: "${key}", clientId: "${id}", text: "from a socket") { key } }`,
          },
        }),
      );

    for (const origin of ['http://evil.test', 'null']) {
      const foreign = await open({ cookie: benCookie, origin });
      send(foreign, `evil-${origin.length}`);
      const answer = await foreign.next((m) => m.type === 'next' || m.type === 'error');
      expect(JSON.stringify(answer), origin).toContain('UNAUTHENTICATED');
      foreign.ws.close();
    }
    expect(await countMessages()).toBe(before);

    // The same cookie from Plaza's own origin sends: the refusal above is the Origin's.
    const own = await open({ cookie: benCookie, origin: PLAZA_ORIGIN });
    send(own, 'own-1');
    const answer = await own.next((m) => m.type === 'next' || m.type === 'error');
    expect(JSON.stringify(answer)).not.toContain('errors');
    own.ws.close();
    expect(await countMessages()).toBe(before + 1);
  });
});
