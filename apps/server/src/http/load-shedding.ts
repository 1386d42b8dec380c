import { BUSY_MESSAGE } from '@plaza/core/error-messages';
import type { Request, RequestHandler, Response } from 'express';
import { busyPageHtml } from './busy-page.ts';
import { isApiPath } from './maintenance.ts';
import type { Metrics } from './metrics.ts';

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

export interface LoadShedding {
  /** Before the API's routes: counts API requests, and refuses them beyond the limit. */
  api: RequestHandler;
  /**
   * Before React Router, after the static files: counts the web app's requests, and refuses page
   * loads beyond the limit (isRefusablePageLoad).
   */
  pages: RequestHandler;
}

/**
 * A page load that may be refused: a document asked with GET or HEAD, as a visitor following a link
 * does. A route's data (`.data`, React Router's client loads and actions) comes from someone already
 * using the app, whose page would give way to the error page, and a POST carries what someone
 * wrote: both are counted, never refused.
 */
function isRefusablePageLoad(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !req.path.endsWith('.data');
}

/**
 * Load shedding (PLAZA_MAX_CONCURRENT_REQUESTS): a process answering `limit` API requests and pages
 * at once refuses the next ones at once with 503 and Retry-After rather than queueing them: a queue
 * beyond what the process can serve only makes every answer late and holds each waiting request in
 * memory (the main-queries benchmark at 300 requests a second grew the server to 2.7 GB). An API
 * request is refused with a short error (spec 8: an error modal, no maintenance flag), a page load
 * with a page of its own (busy-page.ts). A request counts from its arrival until its answer is sent or
 * its connection closes. WebSockets, server-sent events, the health check, metrics, media and
 * static files are not counted. 0 turns it off.
 */
export function loadShedding(limit: number, metrics: Metrics): LoadShedding {
  if (limit <= 0) {
    const pass: RequestHandler = (_req, _res, next) => next();
    return { api: pass, pages: pass };
  }
  let inFlight = 0;
  const count = (res: Response) => {
    inFlight += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= 1;
    };
    res.once('finish', release);
    res.once('close', release);
  };
  const refuse = (res: Response) => {
    metrics.shedRequests.inc();
    res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  };
  return {
    api(req, res, next) {
      // A subscription over server-sent events lives as long as a WebSocket: not a request to count.
      if (!isApiPath(req.path) || req.headers.accept?.includes('text/event-stream')) {
        next();
        return;
      }
      if (inFlight < limit) {
        count(res);
        next();
        return;
      }
      refuse(res);
      res.status(503);
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
    },
    pages(req, res, next) {
      if (inFlight < limit || !isRefusablePageLoad(req)) {
        count(res);
        next();
        return;
      }
      refuse(res);
      res.status(503).setHeader('Cache-Control', 'no-store');
      res.type('html').send(busyPageHtml(req.originalUrl));
    },
  };
}
