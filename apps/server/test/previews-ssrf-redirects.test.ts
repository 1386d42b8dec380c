import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, fetchHtml, type SafeFetchOptions } from '../src/domains/previews/safe-fetch.ts';

/**
 * Issue 12 point 3, link previews after a redirect. previews.test.ts follows redirects from the
 * local page to 169.254.169.254, 10.0.0.1, a mapped address and file:; previews-ssrf.test.ts
 * refuses private targets asked for directly. Added here: a public-looking site
 * (`public.example`, a name the stand-in DNS gives the local test server) answering every
 * redirect status towards link-local and metadata addresses in their other spellings (decimal,
 * hex, mapped, IPv6 link-local and unique-local), private ranges, protocol-relative locations,
 * names whose DNS answer is private (checked when the redirect is followed, not only for the first
 * URL), and a second hop. Each is `blocked`, and the target is never connected to.
 *
 * Loopback after a redirect: the local server is itself on loopback, so the first hop needs
 * `allowLoopback` (the test flag), which admits every loopback address; with it off the first hop
 * is refused. So the rule every redirect goes through, `checkTarget`, is called here as the chain
 * calls it (with the page's URL as base, loopback not allowed), and a name resolving to loopback
 * is fetched without the flag.
 */

let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(`${req.headers.host}${url.pathname}`);
    if (url.pathname === '/to') {
      res.writeHead(Number(url.searchParams.get('code') ?? 302), { location: url.searchParams.get('u')! });
      return res.end();
    }
    if (url.pathname === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<title>Fine</title>');
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A hostile DNS: public-looking names, some answering private addresses. */
const names: Record<string, LookupAddress[]> = {
  'public.example': [{ address: '127.0.0.1', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'intranet.example': [{ address: '10.1.2.3', family: 4 }],
  'linklocal6.example': [{ address: 'fe80::1', family: 6 }],
  'mixed.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '192.168.1.1', family: 4 },
  ],
  'loopback.example': [{ address: '127.0.0.1', family: 4 }],
  'loopback6.example': [{ address: '::1', family: 6 }],
};

function options(allowLoopback: boolean): SafeFetchOptions {
  return {
    allowLoopback,
    timeoutMs: 2_000,
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

const redirectVia = (target: string, code = 302) =>
  `http://public.example:${port}/to?code=${code}&u=${encodeURIComponent(target)}`;

describe('link previews after a redirect', () => {
  it('reaches a page through the public-looking site (the stand-in works)', async () => {
    const page = await fetchHtml(redirectVia(`http://public.example:${port}/page`), options(true));
    expect(page.html).toContain('Fine');
  });

  it('refuses link-local, metadata and private targets, in every spelling and redirect status', async () => {
    const targets = [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/latest/meta-data/',
      'http://0xa9fea9fe/',
      'http://0251.0376.0251.0376/',
      'http://169.254.1.1/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      '//10.0.0.1/protocol-relative',
      'http://metadata.example/latest/meta-data/',
      'http://intranet.example/',
      'http://linklocal6.example/',
      'http://mixed.example/',
      'gopher://169.254.169.254/',
    ];
    for (const code of [301, 302, 303, 307, 308]) {
      for (const target of targets) {
        hits.length = 0;
        await expect(
          fetchHtml(redirectVia(target, code), options(true)),
          `${code} to ${target}`,
        ).rejects.toMatchObject({ status: 'blocked' });
        // Only the public-looking site was asked; the target never.
        expect(hits, `${code} to ${target}`).toEqual([`public.example:${port}/to`]);
      }
    }
  });

  it('re-checks a later hop too', async () => {
    const twoHops = redirectVia(redirectVia('http://169.254.169.254/latest/meta-data/', 307), 301);
    await expect(fetchHtml(twoHops, options(true))).rejects.toMatchObject({ status: 'blocked' });
  });

  it('refuses loopback targets of a redirect (the rule each hop goes through) and names resolving to loopback', async () => {
    const base = 'https://public.example/article';
    for (const target of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[0:0:0:0:0:0:0:1]/',
    ]) {
      expect(() => checkTarget(target, base, false), target).toThrow(
        expect.objectContaining({ status: 'blocked' }),
      );
    }
    hits.length = 0;
    for (const host of ['loopback.example', 'loopback6.example']) {
      await expect(fetchHtml(`http://${host}:${port}/page`, options(false)), host).rejects.toMatchObject({
        status: 'blocked',
      });
    }
    expect(hits).toEqual([]);
  });
});
