import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the stand-in push service received. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local HTTP server standing in for a browser vendor's push service (RFC 8030) on 127.0.0.1.
 * It records every request and answers 201, or the status a path names: /status/410/…
 * answers 410, /status/500/… answers 500, and /slow/… never answers.
 */
export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests received for one endpoint URL. */
  receivedAt(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      if (path.startsWith('/slow/')) return;
      const status = Number(/^\/status\/(\d{3})\//.exec(path)?.[1] ?? 201);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 201 ? '' : `stand-in answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    receivedAt: (endpoint) => received.filter((r) => `${origin}${r.path}` === endpoint),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
