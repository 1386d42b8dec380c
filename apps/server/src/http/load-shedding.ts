import type { Express, NextFunction, Request, Response } from 'express';
import { isApiPath } from './maintenance.ts';
import type { Metrics } from './metrics.ts';

/** What an API request is told when this process already has as many as it takes at once. */
export const BUSY_MESSAGE = 'Plaza is very busy right now. Please try again in a moment.';
/** Seconds a client should wait before asking again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

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
      // The request's body is not read: the connection is closed after the answer, so nothing
      // unread is taken for the next request on it.
      res.status(503).setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      res.setHeader('Connection', 'close');
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
