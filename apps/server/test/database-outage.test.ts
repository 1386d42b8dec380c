import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@plaza/core/constants';
import { plans } from '../src/db/schema/index.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/graphql/unavailable.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { chatApi, chatEvents } from './support/chats.ts';
import { buildPlan, buildUser } from './support/factories.ts';
import { CuttableHop } from './support/cuttable-hop.ts';
import { newPerson } from './support/people.ts';

const adminUrl = process.env.DATABASE_URL;

/** The answer of a request while PostgreSQL is out of reach: 503 with its one clear message. */
function expectUnavailable(answer: GraphQLResponse): void {
  expect(answer.status).toBe(503);
  expect(answer.errors).toEqual([
    expect.objectContaining({ message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: '503' } }),
  ]);
}

describe.skipIf(!adminUrl)(
  `PostgreSQL out of reach (${adminUrl ? 'PostgreSQL' : 'skipped: needs DATABASE_URL'})`,
  () => {
    let hop: CuttableHop;
    let t: TestPlaza;

    beforeAll(async () => {
      const target = new URL(adminUrl!);
      hop = new CuttableHop({ host: target.hostname, port: Number(target.port || 5432) });
      await hop.open();
      t = await startTestPlaza(
        { TRUST_PROXY: '1' },
        {
          databaseUrl: (scratch) => {
            const url = new URL(scratch);
            url.hostname = '127.0.0.1';
            url.port = String(hop.port);
            return url.toString();
          },
        },
      );
    });

    afterAll(async () => {
      // Open again if a failed test left it cut, so Plaza's pool can close its connections.
      await hop.open();
      await t.close();
      await hop.cut();
    });

    it('answers 503 with a clear message while the database is out of reach, then serves again', async () => {
      // A person nobody took: the database is asked, and answers that there is none.
      const query = 'query ($username: String!) { publicUser(username: $username) { id } }';
      const before = await t.gql(query, { username: 'nobody-here' });
      expect(before.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

      await hop.cut();
      // Connections the pool held are gone, and new ones are refused: both answer the same.
      for (let attempt = 0; attempt < 3; attempt++)
        expectUnavailable(await t.gql(query, { username: 'nobody-here' }));

      // The answer tells a client when to ask again.
      const raw = await t.plaza.yoga.fetch('http://plaza.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query, variables: { username: 'nobody-here' } }),
      });
      expect(raw.status).toBe(503);
      expect(raw.headers.get('retry-after')).toBe(String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));

      await hop.open();
      const after = await t.gql(query, { username: 'nobody-here' });
      expect(after.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });

    it('answers search the same, whose pages run on a pool of their own (decision 0043), then serves again', async () => {
      const db = t.plaza.platform.store.db;
      const host = await buildUser(db, 'Host');
      const { plan } = await buildPlan(db, host.id, [], { isPublic: true });
      await db.update(plans).set({ title: 'Quokka picnic' }).where(eq(plans.id, plan.id));
      // Signed out: after the first, the shared ranking is kept, and the page is the first statement.
      const query = 'query ($text: String!) { search(text: $text) { plans { title } } }';
      const titles = (result: { data?: Record<string, unknown> | null }) =>
        (result.data?.search as { plans: Array<{ title: string }> } | undefined)?.plans.map(
          (each) => each.title,
        );
      expect(titles(await t.gql(query, { text: 'quokka' }))).toEqual(['Quokka picnic']);

      await hop.cut();
      for (let attempt = 0; attempt < 2; attempt++) expectUnavailable(await t.gql(query, { text: 'quokka' }));

      await hop.open();
      expect(titles(await t.gql(query, { text: 'quokka' }))).toEqual(['Quokka picnic']);
    });

    it('tells a subscription opened while the database is out of reach the same', async () => {
      const ana = await newPerson(t, 'Ana');
      const ben = await newPerson(t, 'Ben');
      const chatKey = await chatApi(t).openDm(ana, ben.userId);

      await hop.cut();
      const feed = await chatEvents(t, ana, chatKey);
      await feed.until(() => feed.errors.length > 0 || feed.completed, 'an error');
      await hop.open();
      expect(JSON.stringify(feed.errors)).toContain(DATABASE_UNAVAILABLE_MESSAGE);
      await feed.client.dispose();
    });
  },
);
