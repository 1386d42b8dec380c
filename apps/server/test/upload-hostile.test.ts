import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';

/**
 * Issue 12 point 3, uploads: hostile files sent to POST /media/upload (chat media, and the picture
 * kinds avatar and image). Each is refused with a 4xx and leaves nothing in the blob folder or the
 * uploads table, except polyglot pictures: those are decoded and re-encoded, and the stored files
 * must no longer hold what was appended.
 */

let t: TestPlaza;
let ana: Person;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
  // The hourly allowance is not under test here.
  t.plaza.platform.rateLimits.hit = async () => ({ allowed: true });
});
afterAll(() => t.close());

const blobFolder = () => path.join(t.dataDir, 'blobs');

async function stored(): Promise<{ rows: number; files: string[] }> {
  const [row] = await t.plaza.platform.store.db.select({ n: count() }).from(uploads);
  const files = await readdir(blobFolder()).catch(() => [] as string[]);
  return { rows: row!.n, files: files.sort() };
}

async function upload(body: Uint8Array, query: string, type?: string) {
  const res = await fetch(`${await t.url()}/media/upload?${query}`, {
    method: 'POST',
    headers: { ...(type ? { 'content-type': type } : {}), ...ana.headers },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** A PNG whose header declares width × height, with a tiny compressed body (a decompression bomb). */
function bombPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  // 8 MB of zeros (the first rows of the picture) compress to a few kilobytes.
  const rows = deflateSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const MARKER = 'PLAZA-HOSTILE-PAYLOAD';
const HTML = `<!doctype html><html><body><script>alert("${MARKER}")</script></body></html>`;
const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert("${MARKER}")</script><rect width="10" height="10"/></svg>`;
/** A minimal ZIP (one stored file), as appended to pictures to make a "GIFAR"-style polyglot. */
function zipWith(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  return Buffer.concat([local, fileName, data]);
}

const KINDS = ['kind=chat', 'kind=avatar', 'kind=image'];

async function expectRefusedAndNothingStored(body: Uint8Array, query: string, type?: string) {
  const before = await stored();
  const answer = await upload(body, query, type);
  expect(answer.status, `${query} ${type ?? ''}: ${answer.text}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${query} ${type ?? ''}: ${answer.text}`).toBeLessThan(500);
  expect(await stored(), query).toEqual(before);
  return answer;
}

describe('hostile uploads', () => {
  it('refuses a decompression bomb (a small PNG declaring 50,000 × 50,000 pixels) before decoding it', async () => {
    const bomb = bombPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100_000);
    for (const kind of KINDS) {
      const started = Date.now();
      const answer = await expectRefusedAndNothingStored(bomb, `${kind}&name=bomb.png`, 'image/png');
      expect(answer.status, kind).toBe(413);
      expect(Date.now() - started, `${kind} must not decode it`).toBeLessThan(5_000);
    }
  });

  it('refuses HTML named .jpg, an SVG with a script, and a ZIP', async () => {
    for (const kind of KINDS) {
      await expectRefusedAndNothingStored(Buffer.from(HTML), `${kind}&name=cat.jpg`, 'image/jpeg');
      await expectRefusedAndNothingStored(Buffer.from(HTML), kind, 'text/html');
      await expectRefusedAndNothingStored(Buffer.from(SVG), `${kind}&name=cat.svg`, 'image/svg+xml');
      await expectRefusedAndNothingStored(Buffer.from(SVG), `${kind}&name=cat.jpg`, 'image/jpeg');
      await expectRefusedAndNothingStored(zipWith('x.html', HTML), `${kind}&name=cat.png`);
    }
  });

  it('re-encodes polyglot pictures (a JPEG or PNG with HTML or a ZIP appended): the payload is not stored', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#219ebc' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fb8500' } })
      .png()
      .toBuffer();
    const polyglots = [
      Buffer.concat([jpeg, Buffer.from(HTML)]),
      Buffer.concat([jpeg, zipWith('evil.html', HTML)]),
      Buffer.concat([png, Buffer.from(HTML)]),
      Buffer.concat([png, zipWith('evil.html', HTML)]),
    ];
    for (const kind of KINDS) {
      for (const polyglot of polyglots) {
        const before = await stored();
        const answer = await upload(polyglot, `${kind}&name=picture`);
        expect(answer.status, `${kind}: ${answer.text}`).toBe(201);
        const after = await stored();
        const added = after.files.filter((file) => !before.files.includes(file));
        expect(added.length, kind).toBeGreaterThan(0);
        for (const file of added) {
          const bytes = await readFile(path.join(blobFolder(), file));
          expect(bytes.includes(MARKER), `${kind}: ${file} still holds the appended payload`).toBe(false);
          expect(bytes.includes(Buffer.from('PK\u0003\u0004')), `${kind}: ${file} holds a ZIP`).toBe(false);
        }
        // What was kept is a WebP re-encoding, served as such.
        const picture = added.find((file) => !file.endsWith('.type'))!;
        const served = await fetch(`${await t.url()}/media/${picture}`);
        expect(served.headers.get('content-type'), kind).toBe('image/webp');
        expect(served.headers.get('x-content-type-options'), kind).toBe('nosniff');
      }
    }
  });

  it('never uses the file name as a path: traversal, NUL and backslash names', async () => {
    const names = [
      '../../etc/passwd.jpg',
      '..%2F..%2Fetc%2Fpasswd.jpg',
      '..\\..\\windows\\win.ini.jpg',
      'a\u0000.jpg',
      'cat.jpg\u0000.html',
      '/etc/passwd',
      'C:\\boot.ini',
      '....//....//plaza.jpg',
    ];
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#8ecae6' } })
      .jpeg()
      .toBuffer();
    for (const name of names) {
      const query = `kind=chat&name=${encodeURIComponent(name)}`;
      // Anything but a picture is refused whatever its name.
      await expectRefusedAndNothingStored(Buffer.from('root:x:0:0:root:/root:/bin/sh\n'), query);
      // A real picture under a hostile name is refused, or kept under a random key of its own.
      const before = await stored();
      const answer = await upload(jpeg, query);
      const after = await stored();
      if (answer.status >= 400) {
        expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(500);
        expect(after, name).toEqual(before);
      } else {
        expect(answer.status, name).toBe(201);
        for (const file of after.files.filter((f) => !before.files.includes(f))) {
          expect(file, name).toMatch(/^[A-Za-z0-9_-]+(-[23]x)?\.webp(\.type)?$/);
        }
      }
    }
    // Nothing appeared beside or above the blob folder.
    expect(await readdir(t.dataDir).then((entries) => entries.sort())).not.toContain('etc');
    expect(existsSync(path.join(t.dataDir, '..', 'etc', 'passwd.jpg'))).toBe(false);
    expect(existsSync(path.join(blobFolder(), '..', 'plaza.jpg'))).toBe(false);
  });
});
