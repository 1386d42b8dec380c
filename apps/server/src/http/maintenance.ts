import type { Express, NextFunction, Request, Response } from 'express';

/** What every request that changes or reads data is told while Plaza is in maintenance. */
export const MAINTENANCE_MESSAGE =
  'Plaza is down for a short maintenance. Please try again in a few minutes.';
/** Seconds a client should wait before asking again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['', '0', 'false', 'no', 'off']);

/**
 * PLAZA_MAINTENANCE (spec 8 "Code 503"): 1/true/yes/on puts this process in maintenance; unset,
 * empty or 0/false/no/off leaves it serving. Anything else is refused at start-up.
 */
export function maintenanceFromEnv(env: Record<string, string | undefined>): boolean {
  const value = (env.PLAZA_MAINTENANCE ?? '').trim().toLowerCase();
  if (ON.has(value)) return true;
  if (OFF.has(value)) return false;
  throw new Error(
    `Invalid environment:\n  PLAZA_MAINTENANCE: "${env.PLAZA_MAINTENANCE}" is not 1, true, yes, on, 0, false, no or off`,
  );
}

/** Paths that still answer in maintenance: the health check, metrics, built assets and stored pictures. */
function isServedInMaintenance(path: string, method: string): boolean {
  if (path === '/healthz' || path === '/metrics') return true;
  if (path.startsWith('/assets/')) return true;
  if ((method === 'GET' || method === 'HEAD') && path.startsWith('/media/') && path !== '/media/upload')
    return true;
  return false;
}

/** Every API path (GraphQL, REST, uploads, calendars, one-click replies, the payments webhook). */
export function isApiPath(path: string): boolean {
  return (
    path === '/graphql' ||
    path.startsWith('/api/') ||
    path === '/media/upload' ||
    path.startsWith('/ics/') ||
    path.startsWith('/plan-reply/')
  );
}

/**
 * While in maintenance every API request answers 503 with the maintenance flag in its error data
 * (a GraphQL error with `extensions.maintenance`, or `maintenance: true` in a REST error), so the
 * web shows its full-page maintenance screen; pages go on to the web app, whose root middleware
 * renders that screen with status 503 (`PlazaServerContext.isMaintenance`). Mounted before
 * everything but the health check and metrics.
 */
export function mountMaintenance(app: Express, isMaintenance: boolean): void {
  if (!isMaintenance) return;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isServedInMaintenance(req.path, req.method) || !isApiPath(req.path)) {
      next();
      return;
    }
    res.status(503).setHeader('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
    if (req.path === '/graphql') {
      res.json({
        errors: [{ message: MAINTENANCE_MESSAGE, extensions: { code: '503', maintenance: true } }],
      });
      return;
    }
    res.json({ code: 'MAINTENANCE', message: MAINTENANCE_MESSAGE, maintenance: true });
  });
}
