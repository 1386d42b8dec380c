import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config.ts';
import { isValidBlobKey, type Blobs } from './blobs.ts';
import { EMPTY_SHA256, sha256Hex, signV4 } from './sigv4.ts';

/** A request (or, for a read, its response headers) that takes longer fails. */
const REQUEST_TIMEOUT_MS = 30_000;

export class S3Error extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** "403 SignatureDoesNotMatch: The request signature…" from S3's XML error body, when it has one. */
async function describeFailure(response: Response): Promise<string> {
  const body = response.body ? await response.text().catch(() => '') : '';
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  return [String(response.status), code, message && `(${message})`].filter(Boolean).join(' ');
}

/**
 * Blobs in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, Garage, Ceph…), signed
 * with Signature Version 4 by `sigv4.ts`; no SDK. The object's Content-Type is stored with it.
 * Every process of one Plaza reads what any of them wrote.
 */
export function createS3Blobs(config: S3Config, fetchImpl: typeof fetch = fetch): Blobs {
  const endpoint = new URL(config.endpoint);
  const urlOf = (key: string) => {
    if (!isValidBlobKey(key)) throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
    if (config.forcePathStyle)
      return new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}/${key}`);
    return new URL(
      `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/${key}`,
    );
  };

  async function send(
    method: 'PUT' | 'GET' | 'HEAD' | 'DELETE',
    key: string,
    options: { body?: Uint8Array; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const url = urlOf(key);
    const signed = signV4({
      method,
      url,
      headers: options.headers ?? {},
      payloadHash: options.body ? sha256Hex(options.body) : EMPTY_SHA256,
      region: config.region,
      service: 's3',
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      now: new Date(),
    });
    try {
      return await fetchImpl(url, {
        method,
        headers: signed.headers,
        body: options.body as Uint8Array<ArrayBuffer> | undefined,
        signal: options.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new S3Error(`S3 ${method} ${url.host}${url.pathname} failed: ${reason}`, 0);
    }
  }

  async function fail(method: string, key: string, response: Response): Promise<never> {
    throw new S3Error(
      `S3 ${method} ${config.bucket}/${key} failed: ${await describeFailure(response)}`,
      response.status,
    );
  }

  const blobs: Blobs = {
    kind: 's3',
    async put(key, data, contentType) {
      const response = await send('PUT', key, { body: data, headers: { 'content-type': contentType } });
      if (!response.ok) await fail('PUT', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      if (!isValidBlobKey(key)) return null;
      const head = await send('HEAD', key);
      if (head.status === 404) return null;
      if (!head.ok) await fail('HEAD', key, head);
      const size = Number(head.headers.get('content-length'));
      if (!Number.isSafeInteger(size) || size < 0) {
        throw new S3Error(`S3 HEAD ${config.bucket}/${key} answered no Content-Length`, head.status);
      }
      return {
        contentType: head.headers.get('content-type') ?? 'application/octet-stream',
        size,
        stream(range) {
          // The bytes are asked for when the stream is first read; a failure is the stream's error.
          async function* bytes() {
            const controller = new AbortController();
            const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
            let response: Response;
            try {
              response = await send('GET', key, {
                headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
                signal: controller.signal,
              });
            } finally {
              clearTimeout(timer);
            }
            if (response.status !== (range ? 206 : 200)) await fail('GET', key, response);
            if (!response.body) return;
            for await (const chunk of response.body) yield chunk as Uint8Array;
          }
          return Readable.from(bytes(), { objectMode: false });
        },
      };
    },
    async delete(key) {
      const response = await send('DELETE', key);
      // S3 answers 204 whether or not the object was there; some stores answer 404.
      if (!response.ok && response.status !== 404) await fail('DELETE', key, response);
      await response.body?.cancel();
    },
    async ping() {
      const key = `healthcheck-${randomUUID()}`;
      await blobs.put(key, new TextEncoder().encode(key), 'text/plain');
      try {
        const stored = await blobs.get(key);
        if (!stored) throw new Error('blob written to the bucket was not found');
        const chunks: Buffer[] = [];
        for await (const chunk of stored.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
        if (Buffer.concat(chunks).toString('utf8') !== key) {
          throw new Error('blob read back differs from what was written');
        }
      } finally {
        await blobs.delete(key);
      }
    },
  };
  return blobs;
}
