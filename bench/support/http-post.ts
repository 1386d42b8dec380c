/**
 * A lean client for load: POSTs (and GETs) over node:http with kept-alive connections, and reads the answer
 * whole (gunzipped when the server gzipped it, as a browser would). `fetch` (undici, with its web
 * streams and Response objects) cost the load itself 0.6-1.1 ms of CPU a request, on the same two
 * cores as the server it measures; this costs about half of that (bench/README.md).
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * An idle connection is dropped after 4 s, before the server's 5 s keep-alive ends it: reused at that
 * moment, a request met the server's close (`socket hang up`, `read ECONNRESET`: 1 in ~9,000 requests
 * of a run). Node's agent heeds the server's `Keep-Alive: timeout=5` only when given a timeout.
 */
const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });

export interface Answer {
  status: number;
  body: string;
}

/** POSTs `body` to `url` with `headers` (and accept-encoding gzip); resolves with the whole answer. */
export function post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return send('POST', url, headers, Buffer.from(body));
}

/** GETs `url` with `headers` (and accept-encoding gzip); resolves with the whole answer. */
export function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return send('GET', url, headers, null);
}

function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload: Buffer | null,
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: {
          ...headers,
          'accept-encoding': 'gzip',
          ...(payload ? { 'content-length': String(payload.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const whole = Buffer.concat(chunks);
            const plain = response.headers['content-encoding'] === 'gzip' ? gunzipSync(whole) : whole;
            resolve({ status: response.statusCode ?? 0, body: plain.toString('utf8') });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}
