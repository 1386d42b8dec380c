import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPreviews } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import { startWebPages, type WebPages } from './support/web-page-stand-in.ts';

let t: TestPlaza;
let web: WebPages;
let ana: Person;
beforeAll(async () => {
  // Loopback is allowed here so a local server can stand in for the web; private, link-local and
  // other addresses stay refused (previews-ssrf.test.ts runs without the flag).
  t = await startTestPlaza({
    TRUST_PROXY: '1',
    PLAZA_PREVIEWS_ALLOW_LOOPBACK: '1',
    PLAZA_PREVIEWS_TIMEOUT_MS: '700',
  });
  web = await startWebPages();
  ana = await newPerson(t, 'Ana');
});
afterAll(async () => {
  await web.close();
  await t.close();
});

const db = () => t.plaza.platform.store.db;

interface Preview {
  url: string;
  status: string;
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
}
const QUERY =
  'query ($u: [String!]!) { getOpenGraph(urls: $u) { url status title description image siteName } }';

async function previews(urls: string[], headers = ana.headers) {
  return t.gql<{ getOpenGraph: Preview[] }>(QUERY, { u: urls }, headers);
}

async function one(url: string): Promise<Preview> {
  const res = await previews([url]);
  expect(res.errors).toBeUndefined();
  return res.data!.getOpenGraph[0]!;
}

describe('getOpenGraph', () => {
  it('reads Open Graph fields, decoding entities and making the image absolute', async () => {
    expect(await one(`${web.origin}/page`)).toEqual({
      url: `${web.origin}/page`,
      status: 'ok',
      title: 'Sunday Hike & Picnic',
      description: 'Meet at the station at 9. Bring snacks…',
      image: `${web.origin}/images/hike.jpg`,
      siteName: 'Hikers’ Club'.replace('’', "'"),
    });
  });

  it('reads compressed and latin-1 pages, and only the first megabyte of a huge one', async () => {
    expect(await one(`${web.origin}/gzip`)).toMatchObject({ status: 'ok', title: 'Squeezed <page>' });
    expect(await one(`${web.origin}/latin1`)).toMatchObject({ status: 'ok', title: 'Café' });
    expect(await one(`${web.origin}/huge`)).toMatchObject({
      status: 'ok',
      title: 'Big page',
      description: null,
    });
  });

  it('follows up to 5 redirects, and no more', async () => {
    expect(await one(`${web.origin}/hops/5`)).toMatchObject({ status: 'ok', title: 'Sunday Hike & Picnic' });
    expect(await one(`${web.origin}/hops/6`)).toMatchObject({ status: 'failed', title: null });
  });

  it('re-checks every redirect: private, metadata, mapped and non-http targets are refused', async () => {
    for (const path of ['/to-metadata', '/to-private', '/to-mapped', '/to-file']) {
      expect(await one(`${web.origin}${path}`)).toMatchObject({ status: 'blocked', title: null });
    }
  });

  it('answers not_html, failed and timeout without a preview', async () => {
    expect((await one(`${web.origin}/json`)).status).toBe('not_html');
    expect((await one(`${web.origin}/missing`)).status).toBe('failed');
    const started = Date.now();
    expect((await one(`${web.origin}/slow`)).status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fetches each URL once per call and answers every one in order', async () => {
    const url = `${web.origin}/count`;
    const res = await previews([url, ` ${url} `, `${url}#section`, 'mailto:someone@example.org', url]);
    expect(res.data!.getOpenGraph.map((p) => [p.url, p.status])).toEqual([
      [url, 'ok'],
      [` ${url} `, 'ok'],
      [`${url}#section`, 'ok'],
      ['mailto:someone@example.org', 'invalid'],
      [url, 'ok'],
    ]);
    expect(web.hits.get('/count')).toBe(1);
  });

  it('reuses a preview for 24 hours and a failure for 1 hour', async () => {
    const good = `${web.origin}/count?cache`;
    const flaky = `${web.origin}/flaky`;
    const before = web.hits.get('/count') ?? 0;
    expect((await previews([good, flaky])).data!.getOpenGraph.map((p) => p.status)).toEqual(['ok', 'failed']);
    expect((await previews([good, flaky])).data!.getOpenGraph.map((p) => p.status)).toEqual(['ok', 'failed']);
    expect(web.hits.get('/count')).toBe(before + 1);
    expect(web.hits.get('/flaky')).toBe(1);

    await db()
      .update(linkPreviews)
      .set({ fetchedAt: sql`now() - interval '61 minutes'` })
      .where(eq(linkPreviews.url, flaky));
    await db()
      .update(linkPreviews)
      .set({ fetchedAt: sql`now() - interval '23 hours'` })
      .where(eq(linkPreviews.url, good));
    const later = await previews([good, flaky]);
    expect(later.data!.getOpenGraph.map((p) => [p.status, p.title])).toEqual([
      ['ok', 'Sunday Hike & Picnic'],
      ['ok', 'Back again'],
    ]);
    expect(web.hits.get('/count')).toBe(before + 1);
    expect(web.hits.get('/flaky')).toBe(2);

    await db()
      .update(linkPreviews)
      .set({ fetchedAt: sql`now() - interval '25 hours'` })
      .where(eq(linkPreviews.url, good));
    await previews([good]);
    expect(web.hits.get('/count')).toBe(before + 2);
  });

  it('stores nothing for URLs that are not http(s), and refuses more than 250 at once', async () => {
    const [before] = await db().select({ n: count() }).from(linkPreviews);
    const res = await previews([
      'javascript:alert(1)',
      'not a url',
      'ftp://example.org/',
      '',
      'http://user:pw@example.org/',
    ]);
    expect(res.data!.getOpenGraph.every((p) => p.status === 'invalid')).toBe(true);
    const tooMany = await previews(Array.from({ length: 251 }, (_, i) => `${web.origin}/page?${i}`));
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'urls' });
    const [after] = await db().select({ n: count() }).from(linkPreviews);
    expect(after!.n).toBe(before!.n);
  });

  it('takes a batch of 250 (spec 7.1), fetching at most 50 afresh per call', async () => {
    const urls = Array.from({ length: 250 }, (_, i) => `${web.origin}/page?batch=${i}`);
    const res = await previews(urls);
    const statuses = res.data!.getOpenGraph.map((p) => p.status);
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(50);
    expect(statuses.filter((s) => s === 'rate_limited')).toHaveLength(200);
  });

  it('is only for signed-in people', async () => {
    const res = await previews([`${web.origin}/page`], {});
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
