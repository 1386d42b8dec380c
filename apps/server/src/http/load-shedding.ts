import type { Express, NextFunction, Request, Response } from 'express';
import { isApiPath } from './maintenance.ts';
import type { Metrics } from './metrics.ts';

/** What an API request is told when this process already has as many as it takes at once. */
export const BUSY_MESSAGE = 'Plaza is very busy right now. Please try again in a moment.';
/** Seconds a client should wait before asking again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Bytes of a refused request's body still worth reading to keep its connection. */
export const SHED_BODY_KEPT_BYTES = 64 * 1024;

/** Whether the request's body is known to be at most SHED_BODY_KEPT_BYTES. */
function smallBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return false;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length <= SHED_BODY_KEPT_BYTES;
}

/**
 * Load shedding (PLAZA_MAX_CONCURRENT_REQUESTS): a process answering `limit` API requests at once
 * refuses the next ones at once with 503 and Retry-After (spec 8: an error modal, no maintenance
 * flag) rather than queueing them: a queue beyond what the process can serve only makes every answer
 * late and holds each waiting request in memory (the main-queries benchmark at 300 requests a second
 * grew the server to 2.7 GB). A request counts from its arrival until its answer is sent or its
 * connection closes. Pages, WebSockets and server-sent events, the health check, metrics and static
 * files are not counted.
 * 0 turns it off.
 */
export function mountLoadShedding(app: Express, limit: number, metrics: Metrics): void {
  if (limit <= 0) return;
  let inFlight = 0;
  app.use((req: Request, res: Response, next: NextFunction) => {
    // A subscription over server-sent events lives as long as a WebSocket: not a request to count.
    if (!isApiPath(req.path) || req.headers.accept?.includes('text/event-stream')) {
      next();
      return;
    }
    if (inFlight >= limit) {
      metrics.shedRequests.inc();
      res.status(503).setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      // A small body is read and dropped by Node once the answer is sent, and the connection kept:
      // closing it made every refused client connect again, and under load those new connections
      // overflowed the listening socket's queue (511), so their SYNs were dropped and retried after
      // 1, 3 and 7 s (bench/README.md). A large or unmeasured body is not worth reading to refuse.
      if (!smallBody(req)) res.setHeader('Connection', 'close');
      if (req.path === '/graphql') {
        res.json({ errors: [{ message: BUSY_MESSAGE, extensions: { code: '503' } }] });
      } else {
        res.json({ code: 'BUSY', message: BUSY_MESSAGE });
      }
      return;
    }
    inFlight += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= 1;
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  });
}
