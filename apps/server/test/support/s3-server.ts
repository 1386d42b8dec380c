import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { signV4 } from '../../src/platform/blobs/sigv4.ts';

export interface FakeS3 {
  /** http://127.0.0.1:<port>: the S3_ENDPOINT to use, with S3_FORCE_PATH_STYLE. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The stored objects, by key. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request: method, key, status answered. */
  requests: Array<{ method: string; key: string; status: number }>;
  /** Called after each answer, e.g. to remove an object between a HEAD and the GET after it. */
  onAnswered: ((request: { method: string; key: string; status: number }) => void) | null;
  /** The S3_* variables that point Plaza at this bucket. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A minimal S3-compatible server, the fake at the edge of the outside world (no S3 service is
 * reachable from here, and minio is not to be used): one bucket, path-style addressing, PUT, GET
 * (with one byte range), HEAD and DELETE of objects, and AWS Signature Version 4 checked on every
 * request as S3 checks it — the signature over the headers named as signed, the body's SHA-256
 * against x-amz-content-sha256, and the request time within 15 minutes. Errors are S3's XML.
 */
export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'plaza-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'PLAZATESTKEY';
  const secretAccessKey = options.secretAccessKey ?? 'plaza-test-secret-key';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];

  const error = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };

  /** An error message when the request is not signed as S3 wants, else null. */
  function checkSignature(req: IncomingMessage, body: Buffer): [number, string, string] | null {
    const authorization = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return [403, 'AccessDenied', 'no AWS Signature Version 4 Authorization header'];
    const [, key, day, signedRegion, signedHeaders, signature] = match;
    if (key !== accessKeyId) return [403, 'InvalidAccessKeyId', 'unknown access key'];
    if (signedRegion !== region) return [400, 'AuthorizationHeaderMalformed', `the region is ${region}`];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!at || amzDate.slice(0, 8) !== day) return [403, 'AccessDenied', 'bad x-amz-date'];
    const time = new Date(`${at[1]}-${at[2]}-${at[3]}T${at[4]}:${at[5]}:${at[6]}Z`);
    if (Math.abs(time.getTime() - Date.now()) > 15 * 60_000) {
      return [403, 'RequestTimeTooSkewed', 'the request time is too far from the server time'];
    }
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== createHash('sha256').update(body).digest('hex')) {
      return [400, 'XAmzContentSHA256Mismatch', 'the body does not match x-amz-content-sha256'];
    }
    const names = signedHeaders!.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!names.includes(required)) return [403, 'AccessDenied', `${required} must be signed`];
    }
    const headers: Record<string, string> = {};
    for (const name of names) {
      if (name === 'host' || name === 'x-amz-date' || name === 'x-amz-content-sha256') continue;
      const value = req.headers[name];
      if (value === undefined) return [403, 'AccessDenied', `signed header ${name} is missing`];
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const expected = signV4({
      method: req.method!,
      url: new URL(req.url!, `http://${req.headers.host}`),
      headers,
      payloadHash,
      region,
      service: 's3',
      accessKeyId,
      secretAccessKey,
      now: time,
    });
    if (expected.signature !== signature) {
      return [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match'];
    }
    return null;
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, 'http://s3.test');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = req.method!;
    res.on('finish', () => {
      const answered = { method, key, status: res.statusCode };
      requests.push(answered);
      fake.onAnswered?.(answered);
    });
    const refused = checkSignature(req, body);
    if (refused) return error(res, ...refused);
    if (bucketName !== bucket) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (method === 'PUT') {
      objects.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    const object = objects.get(key);
    if (method === 'HEAD') {
      if (!object) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
      return res.end();
    }
    if (method !== 'GET') return error(res, 405, 'MethodNotAllowed', `${method} is not supported here`);
    if (!object) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), object.body.length - 1);
      if (start > end) return error(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
      res.writeHead(206, {
        'content-type': object.contentType,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${object.body.length}`,
      });
      return res.end(object.body.subarray(start, end + 1));
    }
    res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
    res.end(object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeS3 = {
    onAnswered: null,
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    requests,
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
