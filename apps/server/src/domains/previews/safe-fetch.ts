import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { blockedAddressReason, isLoopbackAddress } from './ip-policy.ts';

export type FetchFailure = 'invalid' | 'blocked' | 'failed' | 'timeout' | 'not_html';

export class PreviewFetchError extends Error {
  readonly status: FetchFailure;
  constructor(status: FetchFailure, message: string) {
    super(message);
    this.status = status;
  }
}

export interface SafeFetchOptions {
  /** Loopback addresses may be fetched (tests with a local server only; see config). */
  allowLoopback: boolean;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  /** Bytes of (decompressed) body read at most; the rest is not read. */
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  /** Resolves a host name to all its addresses; the system resolver unless a test stands in. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true });

function refusal(address: string, allowLoopback: boolean): string | null {
  if (allowLoopback && isLoopbackAddress(address)) return null;
  return blockedAddressReason(address);
}

/**
 * A DNS lookup for http.request that answers only permitted addresses: if any address a name
 * resolves to is refused, the name is refused. The socket connects to the address checked
 * here, so a second, different DNS answer (rebinding) cannot slip in between check and connect.
 */
function guardedLookup(
  allowLoopback: boolean,
  resolve: (hostname: string) => Promise<LookupAddress[]>,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const addresses = options.family ? all.filter((a) => a.family === options.family) : all;
        const refused = addresses.find((a) => refusal(a.address, allowLoopback) !== null);
        if (addresses.length === 0 || refused) {
          const reason = refused ? `a ${refusal(refused.address, allowLoopback)}` : 'no usable';
          const blocked = Object.assign(new Error(`${hostname} resolves to ${reason} address`), {
            code: 'PLAZA_BLOCKED',
          });
          return callback(blocked, '', 4);
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/** Parses and checks one URL of the chain; IP literals are checked here (no lookup happens). */
export function checkTarget(raw: string, base: string | undefined, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new PreviewFetchError('invalid', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PreviewFetchError(base ? 'blocked' : 'invalid', `${url.protocol} is not http or https`);
  }
  if (url.username || url.password)
    throw new PreviewFetchError('invalid', 'URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const reason = refusal(host, allowLoopback);
    if (reason) throw new PreviewFetchError('blocked', `${host} is a ${reason} address`);
  } else if (host === '') {
    throw new PreviewFetchError('invalid', 'no host');
  }
  return url;
}

function request(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        lookup: guardedLookup(options.allowLoopback, options.resolve ?? systemResolve),
        agent: false,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

function decoded(res: IncomingMessage): Readable {
  switch (res.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const body = decoded(res);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) break;
    }
  } finally {
    res.destroy();
    body.destroy();
  }
  return Buffer.concat(chunks);
}

function charsetOf(contentType: string, head: Buffer): string {
  const declared = contentType.match(/charset\s*=\s*["']?([\w-]+)/i)?.[1];
  const inPage = head
    .toString('latin1', 0, Math.min(head.length, 2048))
    .match(/<meta[^>]+charset\s*=\s*["']?([\w-]+)/i)?.[1];
  return (declared ?? inPage ?? 'utf-8').toLowerCase();
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches an HTML page for a link preview, defending against server-side request forgery: only
 * http(s), every address (each redirect too) checked before connecting and connected to as
 * checked, at most `maxRedirects` redirects, a time limit over everything, at most `maxBytes`
 * read, and only text/html or XHTML. Answers the final URL and the page's text.
 */
export async function fetchHtml(
  rawUrl: string,
  options: SafeFetchOptions,
): Promise<{ url: string; html: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkTarget(rawUrl, undefined, options.allowLoopback);
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await request(url, options, signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.destroy();
        if (redirects >= options.maxRedirects) throw new PreviewFetchError('failed', 'too many redirects');
        url = checkTarget(res.headers.location, url.href, options.allowLoopback);
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new PreviewFetchError('failed', `the page answered ${status}`);
      }
      const contentType = res.headers['content-type'] ?? '';
      if (!/^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(contentType)) {
        res.destroy();
        throw new PreviewFetchError('not_html', `the page is ${contentType || 'of no type'}`);
      }
      const bytes = await readCapped(res, options.maxBytes);
      return { url: url.href, html: decodeText(bytes, charsetOf(contentType, bytes)) };
    }
  } catch (error) {
    if (error instanceof PreviewFetchError) throw error;
    if (signal.aborted) throw new PreviewFetchError('timeout', `no answer within ${options.timeoutMs} ms`);
    if ((error as { code?: string }).code === 'PLAZA_BLOCKED') {
      throw new PreviewFetchError('blocked', (error as Error).message);
    }
    throw new PreviewFetchError('failed', (error as Error).message);
  }
}
