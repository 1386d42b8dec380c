import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedAssets } from './hashed-assets.ts';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let dir: string;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plaza-assets-'));
  await writeFile(path.join(dir, 'entry-AbC123.js'), script);
  await writeFile(path.join(dir, 'logo-Zz9.png'), picture);
  await mkdir(path.join(dir, 'fonts'));
  await writeFile(path.join(dir, 'fonts', 'inter-Q1.css'), 'body{font-family:Inter}'.repeat(100));
  const app = express();
  app.use('/assets', hashedAssets(dir));
  app.use((_req, res) => res.status(404).send('not here'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  await rm(dir, { recursive: true, force: true });
});

/** fetch() would decode the body itself; node:http's raw bytes show what was sent. */
async function raw(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('hashed assets', () => {
  it('sends Brotli when the browser takes it, else gzip, else the file as it is, each the same bytes', async () => {
    const br = await raw(`${base}/entry-AbC123.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await raw(`${base}/entry-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await raw(`${base}/entry-AbC123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // A browser that ranks gzip above Brotli gets gzip; one that refuses both, the file as it is.
    const ranked = await raw(`${base}/entry-AbC123.js`, { headers: { 'accept-encoding': 'br;q=0.5, gzip' } });
    expect(ranked.headers['content-encoding']).toBe('gzip');
    const any = await raw(`${base}/entry-AbC123.js`, { headers: { 'accept-encoding': '*' } });
    expect(any.headers['content-encoding']).toBe('br');
    for (const refusing of ['br;q=0, gzip;q=0', 'identity, *;q=0', 'deflate']) {
      const res = await raw(`${base}/entry-AbC123.js`, { headers: { 'accept-encoding': refusing } });
      expect(res.headers['content-encoding'], refusing).toBeUndefined();
      expect(res.body.toString()).toBe(script);
    }
    // No Accept-Encoding at all: the file as it is.
    const none = await raw(`${base}/entry-AbC123.js`);
    expect(none.headers['content-encoding']).toBeUndefined();
    // The same file whatever the encoding: one ETag.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(1);
  });

  it('answers 304 to a browser that has the file, and HEAD with the headers alone', async () => {
    const first = await raw(`${base}/entry-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await raw(`${base}/entry-AbC123.js`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const other = await raw(`${base}/entry-AbC123.js`, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);

    const head = await raw(`${base}/entry-AbC123.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(first.body.byteLength);
    expect(head.body.byteLength).toBe(0);
  });

  it('sends a picture as it is, and files in a subfolder too', async () => {
    const png = await raw(`${base}/logo-Zz9.png`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.equals(picture)).toBe(true);

    const css = await raw(`${base}/fonts/inter-Q1.css`, { headers: { 'accept-encoding': 'gzip' } });
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(css.body).toString()).toBe('body{font-family:Inter}'.repeat(100));
  });

  it('leaves any other path, method or a file added later to the next handler', async () => {
    await writeFile(path.join(dir, 'late-X1.js'), 'export {};');
    for (const url of [
      `${base}/late-X1.js`,
      `${base}/missing-1.js`,
      `${base}/../entry-AbC123.js`,
      `${base}/%E0%A4%A`,
    ]) {
      const res = await raw(url);
      expect(res.status, url).toBe(404);
      expect(res.body.toString()).toBe('not here');
    }
    const posted = await raw(`${base}/entry-AbC123.js`, { method: 'POST' });
    expect(posted.status).toBe(404);
  });
});
