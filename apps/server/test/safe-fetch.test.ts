import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHtml, type SafeFetchOptions } from '../src/domains/previews/safe-fetch.ts';
import { startWebPages, type WebPages } from './support/web-page-stand-in.ts';

// DNS is the outside world here: a stand-in resolver gives names the addresses a hostile DNS
// server could answer. The checks and the connection are the real ones.
let web: WebPages;
beforeAll(async () => {
  web = await startWebPages();
});
afterAll(() => web.close());

const names: Record<string, LookupAddress[]> = {
  'intranet.example': [{ address: '127.0.0.1', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'mixed.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ],
  'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'stand-in.example': [{ address: '127.0.0.1', family: 4 }],
};

function options(allowLoopback: boolean): SafeFetchOptions {
  return {
    allowLoopback,
    timeoutMs: 2000,
    maxBytes: 1024 * 1024,
    maxRedirects: 5,
    userAgent: 'test',
    resolve: async (hostname) => {
      const found = names[hostname];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return found;
    },
  };
}

describe('fetchHtml', () => {
  it('refuses a name whose DNS answer is private, link-local or mapped loopback, without connecting', async () => {
    for (const host of ['intranet.example', 'metadata.example', 'mixed.example', 'mapped.example']) {
      await expect(fetchHtml(`http://${host}:${web.port}/page`, options(false))).rejects.toMatchObject({
        status: 'blocked',
      });
    }
    expect(web.hits.size).toBe(0);
  });

  it('connects to the very address it checked, sending the name as Host', async () => {
    const page = await fetchHtml(`http://stand-in.example:${web.port}/page`, options(true));
    expect(page.url).toBe(`http://stand-in.example:${web.port}/page`);
    expect(page.html).toContain('Sunday Hike');
    expect(web.hits.get('/page')).toBe(1);
  });

  it('answers failed for a name that does not resolve', async () => {
    await expect(fetchHtml('http://nowhere.example/', options(false))).rejects.toMatchObject({
      status: 'failed',
    });
  });
});
