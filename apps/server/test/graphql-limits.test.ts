import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../src/graphql/context.ts';
import { GRAPHQL_LIMITS } from '../src/graphql/limits.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

/**
 * DESIGN "Security baseline": GraphQL depth, cost, alias, token and body-size limits, each exceeded
 * here and refused with a 4xx before anything runs; introspection off in production.
 */
let t: TestPlaza;
let base: string;
beforeAll(async () => {
  t = await startTestPlaza();
  base = await t.url();
});
afterAll(() => t.close());

interface Answer {
  status: number;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  data?: unknown;
}

/** Over real HTTP, so Express, Yoga and the limits all take part; `accept` as the web sends it. */
async function post(body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  let json: Omit<Answer, 'status'> = {};
  try {
    json = JSON.parse(text) as Omit<Answer, 'status'>;
  } catch {
    // A refusal may have no JSON body; the status is what counts.
  }
  return { status: response.status, ...json };
}

const query = (text: string) => post(JSON.stringify({ query: text }));

function expectRefused(answer: Answer, pattern: RegExp) {
  expect(answer.status, JSON.stringify(answer)).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.data ?? null).toBeNull();
  expect(answer.errors?.[0]?.message).toMatch(pattern);
}

/** `userProfile` then `mutualFriends` (User → [User]) nested `levels` times: depth levels + 1. */
function nestedUsers(levels: number): string {
  let selection = 'id';
  for (let i = 0; i < levels; i += 1) selection = `mutualFriends { ${selection} }`;
  return `{ userProfile(id: 1) { ${selection} } }`;
}

describe('GraphQL limits', () => {
  it('takes an ordinary query', async () => {
    const answer = await query('{ getBlockedCountryCodes { blockedCountryCodes } }');
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
  });

  it('refuses a query nested deeper than the limit, and takes one at the limit', async () => {
    expectRefused(await query(nestedUsers(GRAPHQL_LIMITS.maxDepth)), /nested too deeply/);
    // At the limit the depth rule is quiet (so many nested lists are refused for their cost instead).
    const atLimit = await query(nestedUsers(GRAPHQL_LIMITS.maxDepth - 1));
    expect(JSON.stringify(atLimit.errors ?? [])).not.toMatch(/nested too deeply/);
  });

  it('counts depth through fragments', async () => {
    const levels = GRAPHQL_LIMITS.maxDepth;
    const fragments = Array.from(
      { length: levels },
      (_, i) => `fragment F${i} on User { mutualFriends { ${i + 1 < levels ? `...F${i + 1}` : 'id'} } }`,
    );
    expectRefused(
      await query(`{ userProfile(id: 1) { ...F0 } } ${fragments.join(' ')}`),
      /nested too deeply/,
    );
  });

  it('refuses more aliases than the limit', async () => {
    const fields = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: __typename`);
    expectRefused(await query(`{ ${fields.join(' ')} }`), /too many aliases/);
    const within = Array.from({ length: GRAPHQL_LIMITS.maxAliases }, (_, i) => `a${i}: __typename`);
    expect((await query(`{ ${within.join(' ')} }`)).status).toBe(200);
  });

  it('refuses a query whose estimated cost is over the limit', async () => {
    // A list without a size argument counts as 10 items: users × mutual friends × theirs … multiply.
    const lists = (levels: number) => {
      let selection = 'id username';
      for (let i = 0; i < levels; i += 1) selection = `mutualFriends { ${selection} }`;
      return selection;
    };
    // 5 nested lists: about 10^5 × 2 fields, over 50,000; 3 nested lists: about 2,000, within.
    const costly = `{ usersBasic(ids: [1, 2]) { ${lists(4)} } }`;
    expectRefused(await query(costly), /too much at once/);
    const cheap = await query(`{ usersBasic(ids: [1, 2]) { ${lists(2)} } }`);
    expect(cheap.status).toBe(200);
  });

  it('stops parsing past the token limit', async () => {
    const text = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => '__typename').join(' ')} }`;
    // Asked again: only texts found within the limit are remembered.
    for (let ask = 0; ask < 2; ask += 1) expectRefused(await query(text), /tokens/);
  });

  it('refuses a body over the size limit, declared or streamed without a length', async () => {
    const big = JSON.stringify({
      query: `{ __typename }`,
      variables: { pad: 'x'.repeat(GRAPHQL_LIMITS.maxBodyBytes) },
    });
    expect((await post(big)).status).toBe(413);
    // Chunked: no Content-Length, the limit is counted while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
        for (let i = 0; i < 8; i += 1) controller.enqueue(chunk);
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ query: '{ __typename }' })));
        controller.close();
      },
    });
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('reads the body of a request the server renders a page for from the request itself, not the page’s', async () => {
    // web.ts hands Yoga the page's own Node request (for the caller's address) with a GraphQL
    // request built in the process: that page request, a GET long read, is not the body.
    const page = await new Promise<IncomingMessage>((resolve, reject) => {
      const server = createServer((req, res) => {
        resolve(req);
        res.end();
        server.close();
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        fetch(`http://127.0.0.1:${port}/profile`).catch(reject);
      });
    });
    const serverContext: ServerContext = { req: page };
    const response = await t.plaza.yoga.fetch(
      'http://plaza.internal/graphql',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      },
      serverContext,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('refuses a POST that is not JSON (a form or text/plain, as a page elsewhere could send)', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const answer = await post(JSON.stringify({ query: 'mutation { revokeCalendarFeed }' }), {
        'content-type': type,
      });
      expect(answer.status, type).toBe(415);
    }
  });

  it('answers introspection outside production', async () => {
    const answer = await query('{ __schema { queryType { name } } }');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});

describe('in production', () => {
  let prod: TestPlaza;
  beforeAll(async () => {
    prod = await startTestPlaza({ NODE_ENV: 'production' });
  });
  afterAll(() => prod.close());

  it('refuses introspection with a 400, and still answers __typename', async () => {
    for (const text of ['{ __schema { queryType { name } } }', '{ __type(name: "Query") { name } }']) {
      const answer = await prod.gql(text);
      expect(answer.status, text).toBe(400);
      expect(answer.errors?.[0]?.message).toMatch(/Introspection is off/);
    }
    expect((await prod.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });
  });
});
