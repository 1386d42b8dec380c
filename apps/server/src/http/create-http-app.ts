import { createServer, type Server } from 'node:http';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Platform, ServerContext } from '../graphql/context.ts';
import type { PlazaYoga } from '../graphql/create-yoga.ts';
import { inStatementGroup } from '../db/pipelining-pool.ts';
import { mountApi } from './api.ts';
import { loadShedding } from './load-shedding.ts';
import { maintenanceFromEnv, mountMaintenance } from './maintenance.ts';
import { mountCalendars } from './calendars.ts';
import { attachGraphqlWebSocket } from './graphql-ws.ts';
import { mountMedia } from './media.ts';
import { mountMediaUpload } from './media-upload.ts';
import { mountPaymentsWebhook } from './payments-webhook.ts';
import { mountPlanReply } from './plan-reply.ts';
import type { Metrics } from './metrics.ts';
import { csrfProtection, securityHeaders } from './security.ts';
import { mountWeb } from './web.ts';

export interface HttpAppOptions {
  /** Serve the web app: 'build' (production bundle), 'dev' (Vite) or false (API only, for tests). */
  web: 'build' | 'dev' | false;
}

function routeKind(path: string): string {
  if (path === '/graphql') return 'graphql';
  if (path.startsWith('/api/auth/')) return 'auth';
  if (path.startsWith('/api/')) return 'api';
  if (path === '/media/upload') return 'upload';
  if (path.startsWith('/assets/')) return 'assets';
  if (path.startsWith('/media/')) return 'media';
  if (path.startsWith('/ics/')) return 'ics';
  if (path.startsWith('/plan-reply/')) return 'plan-reply';
  if (path === '/healthz' || path === '/metrics') return path.slice(1);
  return 'page';
}

export async function createHttpApp(
  platform: Platform,
  yoga: PlazaYoga,
  metrics: Metrics,
  options: HttpAppOptions,
): Promise<{ server: Server; close: () => Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', platform.config.trustProxy);

  // Spec 2.3: a path starting with a double slash goes to its single-slash version.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.url.startsWith('//')) {
      res.redirect(301, req.url.replace(/^\/{2,}/, '/'));
      return;
    }
    next();
  });

  // Each request's statements go together (db/pipelining-pool.ts, decision 0055).
  app.use((_req, _res, next) => inStatementGroup(next));
  app.use((req, res, next) => {
    const end = metrics.httpDuration.startTimer({ method: req.method, route: routeKind(req.path) });
    res.once('finish', () => end({ status: String(res.statusCode) }));
    next();
  });

  app.use(securityHeaders({ isDevelopment: platform.config.isDevelopment }));

  app.get('/healthz', async (_req, res) => {
    try {
      await platform.store.ping();
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  // Spec 8: PLAZA_MAINTENANCE answers 503 with the maintenance flag (http/maintenance.ts).
  const isMaintenance = maintenanceFromEnv(process.env);
  mountMaintenance(app, isMaintenance);
  // Beyond what the process takes at once, API requests and page loads are refused at once
  // (http/load-shedding.ts); page loads where the web app begins.
  const shedding = loadShedding(platform.config.maxConcurrentRequests, metrics);
  app.use(shedding.api);
  mountPaymentsWebhook(app, platform);
  // After the payment provider's webhook (a signed server-to-server POST), before everything else.
  app.use(csrfProtection(platform.auth.trustedOrigins));
  // GraphQL's answers are compressed whole by Yoga, each in one write (graphql/whole-body-gzip.ts).
  const compress = compression();
  app.use((req, res, next) => {
    if (req.path === yoga.graphqlEndpoint) next();
    else compress(req, res, next);
  });
  app.all(yoga.graphqlEndpoint, (req, res) => {
    const serverContext: ServerContext = { bodyFrom: req };
    void yoga(req, res, serverContext);
  });
  mountApi(app, platform);
  mountMediaUpload(app, platform);
  mountMedia(app, platform.blobs);
  mountCalendars(app, platform);
  mountPlanReply(app, platform);
  const closeWeb = options.web
    ? await mountWeb(app, platform, yoga, {
        dev: options.web === 'dev',
        isMaintenance,
        shedding: shedding.pages,
      })
    : async () => {};

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    platform.logger.error({ err: error }, 'unhandled request error');
    if (!res.headersSent) res.status(500).type('text/plain').send('Something unexpected happened');
  });

  const server = createServer(app);
  const closeWs = attachGraphqlWebSocket(server, yoga, metrics, {
    isMaintenance,
    sendBufferLimit: platform.config.wsSendBufferBytes,
  });
  return {
    server,
    close: async () => {
      await closeWs();
      await closeWeb();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
