import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '@plaza/core/error-messages';
import { SHED_BODY_KEPT_BYTES } from '../src/http/load-shedding.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import { connectTo, unfinishedGraphqlPost } from './support/unfinished-post.ts';

// PLAZA_MAX_CONCURRENT_REQUESTS: a process answering that many API requests at once refuses the
// next ones at once with 503 and Retry-After instead of queueing them (http/load-shedding.ts).

let t: TestPlaza;
let base: string;
let ana: Person;

beforeAll(async () => {
  t = await startTestPlaza({ PLAZA_MAX_CONCURRENT_REQUESTS: '2' });
  base = await t.url();
  ana = await newPerson(t, 'Ana');
});
afterAll(() => t.close());

/** A whole GraphQL POST as it goes on the wire, with `body` (or a query) as its body. */
function graphqlPost(body: string): string {
  const { host } = new URL(base);
  return [
    'POST /graphql HTTP/1.1',
    `Host: ${host}`,
    'Origin: http://plaza.test',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Writes `request` on `socket` and reads one whole answer (its length given) off it. */
function exchange(socket: net.Socket, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      const length = Number(headers.get('content-length'));
      if (received.length < end + 4 + length) return;
      socket.off('data', onData);
      socket.off('error', reject);
      const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(request);
  });
}

function ask(query: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://plaza.test', ...headers },
    body: JSON.stringify({ query }),
  });
}

async function shedCount(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^plaza_shed_requests_total (\d+)/m.exec(text)?.[1] ?? 0);
}

describe('load shedding', () => {
  it('refuses API requests beyond the limit at once with 503 and Retry-After, and takes them again when one ends', async () => {
    expect((await ask('{ __typename }')).status).toBe(200);
    const before = await shedCount();
    const held = [await unfinishedGraphqlPost(base), await unfinishedGraphqlPost(base)];
    try {
      // The two are counted once the server has their headers.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await ask('{ __typename }');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      const body = (await refused.json()) as {
        errors: Array<{ message: string; extensions: { code: string } }>;
      };
      expect(body.errors).toEqual([{ message: BUSY_MESSAGE, extensions: { code: '503' } }]);
      const rest = await fetch(`${base}/api/me/export`, { headers: ana.headers });
      expect(rest.status).toBe(503);
      expect(await rest.json()).toEqual({ code: 'BUSY', message: BUSY_MESSAGE });
      // What is not an API request is still answered.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(await shedCount()).toBe(before + 2);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // A closed connection gives its place back.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await ask('{ __typename }');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('keeps the connection of a refused request with a small body for the next request; a large body closes it', async () => {
    const socket = await connectTo(base);
    const big = await connectTo(base);
    const held = [await unfinishedGraphqlPost(base), await unfinishedGraphqlPost(base)];
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await exchange(socket, graphqlPost(JSON.stringify({ query: '{ __typename }' })));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).not.toBe('close');
      // A body beyond what is worth reading to refuse: the answer closes the connection.
      const padding = ' '.repeat(SHED_BODY_KEPT_BYTES);
      const closed = new Promise<void>((resolve) => big.once('close', () => resolve()));
      const refusedBig = await exchange(big, graphqlPost(`{"query":"{ __typename }"${padding}}`));
      expect(refusedBig.status).toBe(503);
      expect(refusedBig.headers.get('connection')).toBe('close');
      await closed;
    } finally {
      for (const each of held) each.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The refused request's body was read off the connection: the next request on it is answered.
    const answered = await exchange(socket, graphqlPost(JSON.stringify({ query: '{ __typename }' })));
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({ data: { __typename: 'Query' } });
    socket.destroy();
  });

  it('does not count subscriptions over server-sent events, which stay open', async () => {
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    try {
      const streams = await Promise.all(
        controllers.map((controller) =>
          fetch(`${base}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              origin: 'http://plaza.test',
              ...ana.headers,
            },
            body: JSON.stringify({ query: 'subscription { myChatEvents { kind } }' }),
            signal: controller.signal,
          }),
        ),
      );
      for (const stream of streams) expect(stream.status).toBe(200);
      const answered = await ask('{ myself { user { id } } }', ana.headers);
      expect(answered.status).toBe(200);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });
});
