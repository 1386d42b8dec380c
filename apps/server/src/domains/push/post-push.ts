import http from 'node:http';
import https from 'node:https';
import {
  parsePushEndpoint,
  guardedLookup,
  PushEndpointError,
  systemResolve,
  type Resolve,
} from './push-address.ts';

export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export type PushAnswer =
  { ok: true; status: number } | { ok: false; status: number | null; reason: string; blocked?: boolean };

export interface PostPushOptions {
  allowLoopback: boolean;
  timeoutMs: number;
  resolve?: Resolve;
}

/** Bytes of a push service's answer read at most (for the log); the rest is dropped. */
const MAX_ANSWER_BYTES = 2048;

/**
 * Posts one Web Push message (headers and encrypted body from web-push) to its endpoint, guarded
 * like a link-preview fetch: the endpoint is checked again, the connection goes only to an
 * address the guarded lookup allowed, redirects are not followed, and there is a time limit.
 * Never throws: the answer says what happened.
 */
export async function postPush(request: PushRequest, options: PostPushOptions): Promise<PushAnswer> {
  let url: URL;
  try {
    url = parsePushEndpoint(request.endpoint, options.allowLoopback);
  } catch (error) {
    const reason = error instanceof PushEndpointError ? error.message : String(error);
    return { ok: false, status: null, reason, blocked: true };
  }
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise<PushAnswer>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        signal,
        agent: false,
        lookup: guardedLookup(options.allowLoopback, options.resolve ?? systemResolve),
        headers: request.headers,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
          size += chunk.length;
        });
        const finish = () => {
          if (status >= 200 && status <= 299) return resolve({ ok: true, status });
          const text = Buffer.concat(chunks).toString('utf8').trim();
          resolve({
            ok: false,
            status,
            reason: `the push service answered ${status}${text ? `: ${text}` : ''}`,
          });
        };
        res.on('end', finish);
        res.on('error', finish);
        res.on('aborted', finish);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) {
        resolve({ ok: false, status: null, reason: `no answer within ${options.timeoutMs} ms` });
      } else if (error.code === 'PLAZA_BLOCKED') {
        resolve({ ok: false, status: null, reason: error.message, blocked: true });
      } else {
        resolve({ ok: false, status: null, reason: error.message });
      }
    });
    req.end(request.body ?? undefined);
  });
}
