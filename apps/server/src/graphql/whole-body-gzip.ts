import { gzipSync } from 'node:zlib';
import type { Plugin } from 'graphql-yoga';
import { acceptEncodingQualities } from '../http/accept-encoding.ts';

/** A body shorter than this goes as it is (the compression middleware's default threshold). */
export const GZIP_THRESHOLD_BYTES = 1024;

/**
 * zlib's fastest level: on the benchmark's answers (2-80 KB of JSON) it costs the server's one
 * thread 21-56 µs an answer against 29-105 µs at the default level 6, for 2-11% more bytes
 * (a chat list of 81 KB: 1.96 KB gzipped against 1.76); bench/README.md.
 */
export const GZIP_LEVEL = 1;

/**
 * Each answer's bytes, and what zlib makes of them, are memory outside V8's heap, and V8 counts all
 * of it since its last full collection towards starting the next (its external memory limit):
 * a 17 KB chat list read whole into a buffer of its own and gzipped into zlib's default 16 KB output
 * chunk added ~34 KB an answer, and at 300 a second that started a full collection every ~6 s
 * (`--trace-incremental-marking`: "external memory pressure"; answered without gzip, none in 20 s).
 * So the answer's text is written into one buffer kept by the process (zlib reads it before this
 * turn ends), and zlib's output chunk is sized for the gzipped answer (JSON at level 1: 11-47% of
 * its length; a quarter, at least 1 KB, from Node's shared pool under 4 KB), not 16 KB.
 */
const SCRATCH_MAX_BYTES = 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/** `text` as UTF-8: in the process's scratch buffer (valid until the next call), or its own when large. */
function utf8Of(text: string): Buffer {
  const most = text.length * 3;
  if (most > scratch.length) {
    if (most > SCRATCH_MAX_BYTES) return Buffer.from(text, 'utf8');
    scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX_BYTES, Math.max(most, scratch.length * 2)));
  }
  return scratch.subarray(0, scratch.write(text, 'utf8'));
}

/** zlib's output chunk for `length` bytes of JSON: about what they gzip to, so one chunk takes it. */
function gzipChunkSize(length: number): number {
  return Math.max(1024, Math.ceil(length / 4));
}

/** A GraphQL answer whole in one body; event streams and incremental delivery are not. */
const WHOLE_JSON = /^application\/(?:graphql-response\+)?json\b/i;

/**
 * True when an Accept-Encoding header takes gzip: named (or as x-gzip), else through `*`, with a
 * quality above 0 (RFC 9110 12.5.3).
 */
export function acceptsGzip(header: string | null): boolean {
  return header !== null && (acceptEncodingQualities(header)('gzip') ?? 0) > 0;
}

/**
 * Compresses a GraphQL answer over HTTP whole, in the request's own turn, and sends it with its
 * length. The compression middleware streams every answer through a zlib stream of its own (a
 * stream made and torn down, a hop to libuv's thread pool and back, chunked encoding): three socket
 * writes an answer instead of one, and ~0.3 ms more of the server's CPU for a 2.5 KB answer than
 * gzip at once (measured on this machine; create-http-app.ts keeps the middleware off /graphql).
 * Answers of the server's own pages (web.ts) ask for no encoding and stay as they are.
 */
export function useWholeBodyGzip(): Plugin {
  return {
    async onResponse({ request, response, setResponse, fetchAPI }) {
      const type = response.headers.get('content-type') ?? '';
      if (!WHOLE_JSON.test(type) || response.headers.has('content-encoding')) return;
      if (request.method === 'HEAD' || response.status === 204 || response.status === 304) return;
      if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return;
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      // Yoga's answers say their length. Asked without one, `body` makes the answer's text into a
      // stream (a copy of it in a Buffer, a Readable and a web stream around it) just to say whether
      // there is one: so it is asked only then.
      if (Number.isNaN(length) && response.body === null) return;
      const isShort = length < GZIP_THRESHOLD_BYTES;
      if (isShort || !acceptsGzip(request.headers.get('accept-encoding'))) {
        // Caches keep the two forms apart, as the compression middleware tells them.
        if (!isShort) response.headers.append('vary', 'Accept-Encoding');
        return;
      }
      // Without a length, the body says whether it is long enough.
      const text = await response.text();
      const body = utf8Of(text);
      const isLong = body.byteLength >= GZIP_THRESHOLD_BYTES;
      const headers = new fetchAPI.Headers(response.headers);
      headers.append('vary', 'Accept-Encoding');
      // A short answer goes as its text: the scratch buffer is written again by the next answer.
      let sent: Uint8Array<ArrayBuffer> | string = text;
      if (isLong) {
        sent = gzipSync(body, { level: GZIP_LEVEL, chunkSize: gzipChunkSize(body.byteLength) });
        headers.set('content-encoding', 'gzip');
        headers.set('content-length', String(sent.byteLength));
      }
      setResponse(
        new fetchAPI.Response(sent, { status: response.status, statusText: response.statusText, headers }),
      );
    },
  };
}
