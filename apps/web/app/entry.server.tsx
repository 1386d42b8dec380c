import { PassThrough, pipeline } from 'node:stream';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { deferEntryModule } from './features/hydration/after-first-paint.server.ts';
import { scriptStartOf } from './features/hydration/script-start.server.ts';
import type { RootLoaderData } from './root-data.ts';

// The Plaza server reads this from the build (`build.entry.module`), so both sides share one key.
export { plazaContext } from './context.ts';
import { plazaContext } from './context.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Crawlers and link previews get the whole page at once; people get the shell as soon as it is ready.
  const userAgent = request.headers.get('user-agent');
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  // The server's Content-Security-Policy allows inline scripts with this nonce only: React Router puts it
  // on its own (<Scripts>, <ScrollRestoration>, the streamed data) and React on its bootstrap scripts.
  const nonce = loadContext.get(plazaContext).cspNonce;
  // A signed-out visitor's page to read loads its scripts on their first intent (decision 0033).
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const root = loaderData['root'] as RootLoaderData | undefined;
  const scriptStart = scriptStartOf({
    routeId: matches.at(-1)?.route.id,
    status: responseStatusCode,
    search: new URL(request.url).search,
    isSignedIn: Boolean(root?.viewer),
    consentMask: root?.consent.mask ?? null,
  });

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          callback();
        },
      });
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      // The page hydrates after its first paint (decision 0030) or on the visitor's intent (0033).
      // A page the reader left (its stream destroyed) closes the transform too, and React stops.
      const html = deferEntryModule(nonce, scriptStart);
      pipeline(html, body, () => undefined);
      pipe(html);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
