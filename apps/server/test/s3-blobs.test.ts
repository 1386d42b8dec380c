import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createS3Blobs } from '../src/platform/blobs/s3-blobs.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { startFakeS3, type FakeS3 } from './support/s3-server.ts';

let s3: FakeS3;
let t: TestPlaza;
let base: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  t = await startTestPlaza(s3.env());
  base = await t.url();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

describe('blobs in an S3-compatible bucket (S3_* set)', () => {
  it('are chosen by the S3 settings, and reported by the health check', async () => {
    expect(t.plaza.platform.blobs.kind).toBe('s3');
    const response = await t.gql<{ healthcheck: { results: Array<{ message: string }> } }>(
      '{ healthcheck(resolveIps: false) { results { message } } }',
    );
    expect(response.errors).toBeUndefined();
    const messages = response.data!.healthcheck.results.map((result) => result.message);
    expect(messages).toContain('blobs: ok (s3)');
    // The probe went to the bucket and was removed again.
    expect(s3.requests.filter((r) => r.key.startsWith('healthcheck-')).map((r) => r.method)).toEqual([
      'PUT',
      'HEAD',
      'GET',
      'DELETE',
    ]);
    expect([...s3.objects.keys()].filter((key) => key.startsWith('healthcheck-'))).toEqual([]);
  });

  it('are written, read whole or by range, and deleted, through signed requests', async () => {
    const blobs = t.plaza.platform.blobs;
    await blobs.put('hello.txt', new TextEncoder().encode('Hello, Plaza!'), 'text/plain');
    expect(s3.objects.get('hello.txt')).toMatchObject({ contentType: 'text/plain' });
    const stored = await blobs.get('hello.txt');
    expect(stored).toMatchObject({ contentType: 'text/plain', size: 13 });
    expect(await text(stored!.stream())).toBe('Hello, Plaza!');
    expect(await text(stored!.stream({ start: 7, end: 11 }))).toBe('Plaza');
    await blobs.delete('hello.txt');
    expect(await blobs.get('hello.txt')).toBeNull();
    expect(s3.objects.has('hello.txt')).toBe(false);
    // Deleting what is gone is not an error; an invalid key is never sent.
    await blobs.delete('hello.txt');
    expect(await blobs.get('../etc/passwd')).toBeNull();
    await expect(blobs.put('../x', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/invalid blob key/);
  });

  it('are served at /media from the bucket, whole and by byte range', async () => {
    const bytes = new Uint8Array(1000).map((_, i) => i % 251);
    await t.plaza.platform.blobs.put('clip.mp4', bytes, 'video/mp4');
    const whole = await fetch(`${base}/media/clip.mp4`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-length')).toBe('1000');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const part = await fetch(`${base}/media/clip.mp4`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200));
    const tail = await fetch(`${base}/media/clip.mp4`, { headers: { range: 'bytes=-10' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(990));
    expect((await fetch(`${base}/media/clip.mp4`, { headers: { range: 'bytes=2000-' } })).status).toBe(416);
    expect((await fetch(`${base}/media/missing.mp4`)).status).toBe(404);
    expect(s3.requests.some((r) => r.method === 'GET' && r.key === 'clip.mp4' && r.status === 206)).toBe(
      true,
    );
  });

  it('end only the one response when the bucket fails between the size and the bytes', async () => {
    await t.plaza.platform.blobs.put('gone.mp4', new Uint8Array(64), 'video/mp4');
    s3.onAnswered = ({ method, key }) => {
      if (method === 'HEAD' && key === 'gone.mp4') s3.objects.delete(key);
    };
    try {
      // The headers may or may not have left before the failure: either way the reader sees an error.
      await expect(
        fetch(`${base}/media/gone.mp4`).then((response) => response.arrayBuffer()),
      ).rejects.toThrow();
    } finally {
      s3.onAnswered = null;
    }
    // The process is still serving.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('fail with S3’s reason when the keys are wrong or the bucket does not exist', async () => {
    const wrongSecret = createS3Blobs(
      loadConfig({ ...s3.env(), S3_SECRET_ACCESS_KEY: 'not-the-secret' }).s3!,
    );
    await expect(wrongSecret.put('x.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow(
      /S3 PUT plaza-test\/x.txt failed: 403 SignatureDoesNotMatch/,
    );
    const otherBucket = createS3Blobs(loadConfig({ ...s3.env(), S3_BUCKET: 'no-such-bucket' }).s3!);
    await expect(otherBucket.ping()).rejects.toThrow(/404 NoSuchBucket/);
    const nobody = createS3Blobs(loadConfig({ ...s3.env(), S3_ENDPOINT: 'http://127.0.0.1:1' }).s3!);
    await expect(nobody.get('x.txt')).rejects.toThrow(/S3 HEAD 127.0.0.1:1\/plaza-test\/x.txt failed/);
  });

  it('address the bucket by host name unless path style is asked for', async () => {
    const seen: string[] = [];
    const recording = (async (url: URL) => {
      seen.push(String(url));
      return new Response(null, { status: 404 });
    }) as unknown as typeof fetch;
    const config = loadConfig({
      ...s3.env(),
      S3_ENDPOINT: 'https://s3.example.org',
      S3_FORCE_PATH_STYLE: '0',
    });
    await createS3Blobs(config.s3!, recording).get('a.webp');
    await createS3Blobs({ ...config.s3!, forcePathStyle: true }, recording).get('a.webp');
    expect(seen).toEqual([
      'https://plaza-test.s3.example.org/a.webp',
      'https://s3.example.org/plaza-test/a.webp',
    ]);
  });
});
