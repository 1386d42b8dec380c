import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express, {
  type Express,
  type RequestHandler,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import { createRequestHandler } from '@react-router/express';
import { RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { PlazaServerContext } from '@plaza/web/context';
import type { Platform } from '../graphql/context.ts';
import type { PlazaYoga } from '../graphql/create-yoga.ts';
import { hashedAssets } from './hashed-assets.ts';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
export const webBuildDir = path.join(webRoot, 'build');

/** Headers of the page request that an in-process GraphQL call carries on, so it runs as the same visitor. */
const FORWARDED_HEADERS = ['cookie', 'authorization', 'user-agent', 'x-forwarded-for', 'x-real-ip'];

/** The context key lives in the web bundle; its entry module re-exports it so the server uses the same one. */
async function contextKeyOf(build: ServerBuild): Promise<RouterContext<PlazaServerContext>> {
  const key = (build.entry.module as { plazaContext?: RouterContext<PlazaServerContext> }).plazaContext;
  if (!key) throw new Error('The web build does not export plazaContext from its entry.server module.');
  return key;
}

function loadContextFor(
  platform: Platform,
  yoga: PlazaYoga,
  req: ExpressRequest,
  res: ExpressResponse,
  key: RouterContext<PlazaServerContext>,
  isMaintenance: boolean,
): RouterContextProvider {
  const server: PlazaServerContext = {
    isMaintenance,
    // The nonce of this answer's Content-Security-Policy (security.ts), for the page's inline scripts.
    cspNonce: typeof res.locals.cspNonce === 'string' ? res.locals.cspNonce : undefined,
    publicUrl: platform.config.publicUrl,
    isDevelopment: platform.config.isDevelopment,
    contactEmail: platform.config.contactEmail,
    async graphql(query, variables) {
      const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
      const countryHeader = platform.config.countryHeader;
      for (const name of countryHeader ? [...FORWARDED_HEADERS, countryHeader] : FORWARDED_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const response = await yoga.fetch(
        'http://plaza.internal/graphql',
        { method: 'POST', headers, body: JSON.stringify({ query, variables }) },
        { req },
      );
      return response.json();
    },
  };
  const context = new RouterContextProvider();
  context.set(key, server);
  return context;
}

/**
 * Mounts the React Router app: the built bundle in production, Vite's dev server with hot reload
 * under `npm run dev`.
 */
export async function mountWeb(
  app: Express,
  platform: Platform,
  yoga: PlazaYoga,
  { dev, isMaintenance, shedding }: { dev: boolean; isMaintenance: boolean; shedding: RequestHandler },
): Promise<() => Promise<void>> {
  if (dev) {
    const vite = await import('vite');
    const devServer = await vite.createServer({ root: webRoot, server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    app.use(shedding);
    const loadBuild = () =>
      devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    app.use(
      createRequestHandler({
        build: loadBuild,
        getLoadContext: async (req, res) =>
          loadContextFor(platform, yoga, req, res, await contextKeyOf(await loadBuild()), isMaintenance),
        mode: 'development',
      }),
    );
    return () => devServer.close();
  }
  const serverEntry = path.join(webBuildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(
      `The web app is not built (${serverEntry} is missing). Run "npm run build" or "npm start".`,
    );
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const clientDir = path.join(webBuildDir, 'client');
  // Hashed bundles never change (served from memory, compressed once); everything else is revalidated.
  app.use('/assets', hashedAssets(path.join(clientDir, 'assets')));
  app.use(
    express.static(clientDir, {
      maxAge: '1h',
      index: false,
      // The service worker must be checked on every visit, so a fix reaches every browser at once.
      setHeaders: (res, filePath) => {
        if (path.basename(filePath) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const key = await contextKeyOf(build);
  app.use(shedding);
  app.use(
    createRequestHandler({
      build,
      getLoadContext: (req, res) => loadContextFor(platform, yoga, req, res, key, isMaintenance),
      mode: 'production',
    }),
  );
  return async () => {};
}
