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
      const body = new Uint8Array(await response.arrayBuffer());
      const isLong = body.byteLength >= GZIP_THRESHOLD_BYTES;
      const sent = isLong ? gzipSync(body, { level: GZIP_LEVEL }) : body;
      const headers = new fetchAPI.Headers(response.headers);
      headers.append('vary', 'Accept-Encoding');
      if (isLong) {
        headers.set('content-encoding', 'gzip');
        headers.set('content-length', String(sent.byteLength));
      }
      setResponse(
        new fetchAPI.Response(sent, { status: response.status, statusText: response.statusText, headers }),
      );
    },
  };
}
