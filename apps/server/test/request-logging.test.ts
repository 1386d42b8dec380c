import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { unfinishedGraphqlPost } from './support/unfinished-post.ts';

// What the server logs about a GraphQL request over real HTTP (graphql/yoga-logging.ts).

let t: TestPlaza;
let base: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestPlaza({}, { logger: createLogger('debug', sink) });
  base = await t.url();
});
afterAll(() => t.close());

const waitFor = async (check: () => boolean) => {
  for (let tries = 0; tries < 100 && !check(); tries += 1) await new Promise((r) => setTimeout(r, 20));
};

it('a client that leaves before its body arrived is a debug line, not an error', async () => {
  const from = lines.length;
  const socket = await unfinishedGraphqlPost(base);
  // The server is reading the body when the client goes.
  await waitFor(() =>
    lines.slice(from).some((line) => line.msg === 'Parsing request to extract GraphQL parameters'),
  );
  socket.destroy();
  await waitFor(() =>
    lines.slice(from).some((line) => String(line.msg).startsWith('request ended by its client')),
  );

  const after = lines.slice(from);
  expect(after.filter((line) => Number(line.level) >= 40)).toEqual([]);
  const gone = after.find((line) => String(line.msg).startsWith('request ended by its client'));
  expect(gone).toMatchObject({ level: 20, err: { message: 'aborted' } });

  // The server goes on answering.
  const answer = await t.gql('{ __typename }');
  expect(answer.data).toEqual({ __typename: 'Query' });
});
