import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPreviews } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import { startWebPages, type WebPages } from './support/web-page-stand-in.ts';

// As in production: no PLAZA_PREVIEWS_ALLOW_LOOPBACK.
let t: TestPlaza;
let web: WebPages;
let ana: Person;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  web = await startWebPages();
  ana = await newPerson(t, 'Ana');
});
afterAll(async () => {
  await web.close();
  await t.close();
});

describe('getOpenGraph refuses to reach private addresses', () => {
  it('refuses loopback, private, link-local (metadata) and local names, without connecting', async () => {
    const port = web.port;
    const targets = [
      `http://127.0.0.1:${port}/page`,
      `http://127.1:${port}/page`,
      `http://0x7f000001:${port}/page`,
      `http://2130706433:${port}/page`,
      `http://[::1]:${port}/page`,
      `http://[::ffff:127.0.0.1]:${port}/page`,
      `http://localhost:${port}/page`,
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fe80::1]/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
    ];
    const res = await t.gql<{ getOpenGraph: Array<{ url: string; status: string; title: string | null }> }>(
      'query ($u: [String!]!) { getOpenGraph(urls: $u) { url status title } }',
      { u: targets },
      ana.headers,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.getOpenGraph).toEqual(targets.map((url) => ({ url, status: 'blocked', title: null })));
    expect(web.hits.size).toBe(0);
  });

  it('refuses signed-out callers before fetching anything', async () => {
    const [before] = await t.plaza.platform.store.db.select({ n: count() }).from(linkPreviews);
    const res = await t.gql('query ($u: [String!]!) { getOpenGraph(urls: $u) { status } }', {
      u: ['http://10.0.0.2/'],
    });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [after] = await t.plaza.platform.store.db.select({ n: count() }).from(linkPreviews);
    expect(after!.n).toBe(before!.n);
  });
});
