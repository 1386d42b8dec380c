import type { Express } from 'express';
import { toNodeHandler } from 'better-auth/node';
import { CLIENT_IP_HEADER } from '../domains/auth/plaza-auth-plugin.ts';
import { resolveViewer } from '../domains/auth/resolve-viewer.ts';
import { exportAccount } from '../domains/users/export-account.ts';
import type { Platform } from '../graphql/context.ts';
import { headersOf } from './request-headers.ts';

/**
 * The REST side of accounts: better-auth's sign-in endpoints under /api/auth (docs/decisions/
 * 0005-accounts.md) and the account export. Mounted before the web app.
 */
export function mountApi(app: Express, platform: Platform): void {
  // better-auth reads the caller's address from this header only, so a client cannot choose it.
  app.use('/api', (req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    next();
  });
  const authHandler = toNodeHandler(platform.auth.betterAuth);
  app.all('/api/auth/*splat', (req, res) => {
    void authHandler(req, res);
  });

  app.get('/api/me/export', async (req, res, next) => {
    try {
      const viewer = await resolveViewer(platform.auth, headersOf(req.headers));
      if (!viewer) {
        res.status(401).json({ code: 'UNAUTHENTICATED', message: 'Please sign in first.' });
        return;
      }
      const archive = await exportAccount(platform, viewer.id);
      const day = archive.exportedAt.slice(0, 10);
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="plaza-${archive.profile.username}-${day}.json"`,
      );
      res.setHeader('Cache-Control', 'no-store');
      res.type('application/json').send(JSON.stringify(archive, null, 2));
    } catch (error) {
      next(error);
    }
  });

  app.use('/api', (_req, res) => {
    res.status(404).json({ code: 'NOT_FOUND', message: 'No such API endpoint.' });
  });
}
