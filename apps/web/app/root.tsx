import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  redirect,
  useLocation,
  useMatches,
} from 'react-router';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { ReactNode } from 'react';
import { META_DESCRIPTION } from '@plaza/core/constants';
import { SESSION_EXPIRED_HASH } from '@plaza/core/error-messages';
import { decideRoute, routeAccessOf } from '@plaza/core/route-guard';
import type { Route } from './+types/root';
import { plazaContext } from './context.ts';
import { AppStyles } from './components/app-styles.tsx';
import { RequestErrorModal } from './components/request-error-modal.tsx';
import { SkipLink } from './components/skip-link.tsx';
import { InstallAppBanner } from './features/banners/install-app-banner.tsx';
import { showsInstallBanner } from './features/banners/install-banner-rule.ts';
import { OlderBrowserBanner } from './features/banners/older-browser-banner.tsx';
import { ConsentBanner } from './features/consent/consent-banner.tsx';
import { consentStateFor } from './features/consent/consent.server.ts';
import { usePageViews } from './features/consent/use-page-views.ts';
import { errorDetails } from './features/errors/error-details.ts';
import { ErrorPage } from './features/errors/error-page.tsx';
import { ErrorPageGuard } from './features/errors/error-page-guard.tsx';
import { maintenanceStep, requestErrorStep } from './features/errors/request-error-step.server.ts';
import { localeSetCookie } from './features/locale/locale-cookie.ts';
import { buildPageMeta, pageTitle } from './features/meta/page-meta.ts';
import { PageProgressBar } from './features/progress/page-progress-bar.tsx';
import { defaultContactEmail } from './features/session/contact-email.ts';
import { publicRedirectOf } from './features/session/public-redirect.server.ts';
import { SessionLayer } from './features/session/session-layer.tsx';
import { clearSessionCookie, loadViewer, viewerContext } from './features/session/viewer.server.ts';
import { rootDataFromMatches, useRootData, type RootLoaderData } from './root-data.ts';

/** The authentication step of spec 2.3 for every page and data request: a private page answers with the redirect. */
const authenticationStep: Route.MiddlewareFunction = async ({ request, context }) => {
  const { viewer, isExpired } = await loadViewer(request, context);
  context.set(viewerContext, viewer);
  const url = new URL(request.url);
  if (isExpired) {
    const isPublic = routeAccessOf(url.pathname) !== 'private';
    const target = `${isPublic ? `${url.pathname}${url.search}` : '/'}${SESSION_EXPIRED_HASH}`;
    throw redirect(target, {
      headers: { 'Set-Cookie': clearSessionCookie(context.get(plazaContext).isDevelopment) },
    });
  }
  const access = routeAccessOf(url.pathname);
  const decision = decideRoute({
    pathname: url.pathname,
    search: url.search,
    isSignedIn: viewer !== null,
    access,
    publicRedirect:
      viewer === null && access === 'private'
        ? await publicRedirectOf(url.pathname, context.get(plazaContext))
        : null,
  });
  if (decision.kind === 'redirect') throw redirect(decision.to);
};

export const middleware: Route.MiddlewareFunction[] = [maintenanceStep, requestErrorStep, authenticationStep];

interface SignInMethodsAnswer {
  signInMethods: { oidc: { providerId: string; name: string } | null } | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(plazaContext);
  const [methods, consent] = await Promise.all([
    server.graphql<SignInMethodsAnswer>('query SignInMethods { signInMethods { oidc { providerId name } } }'),
    consentStateFor(request, server),
  ]);
  const oidc = methods.data?.signInMethods?.oidc;
  const body: RootLoaderData = {
    publicUrl: server.publicUrl,
    viewer: context.get(viewerContext),
    oidc: oidc ? { name: oidc.name } : null,
    contactEmail: server.contactEmail ?? defaultContactEmail(server.publicUrl),
    consent,
  };
  const setCookie = localeSetCookie(request.headers.get('cookie'), server.isDevelopment);
  return data(body, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/** Root data only changes when an action (sign in, sign out) ran; plain navigation skips the request. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png', sizes: '180x180' },
];

/** Defaults for any page without its own meta, and the head of the error page. */
export function meta({ error, matches, location }: Route.MetaArgs) {
  if (error) {
    const { title } = errorDetails(error, { isDevelopment: false });
    return [
      { title: pageTitle(title) },
      { name: 'description', content: META_DESCRIPTION },
      { name: 'robots', content: 'noindex' },
    ];
  }
  return buildPageMeta({ path: location.pathname }, rootDataFromMatches(matches)?.publicUrl ?? '');
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fff8f0" />
        <Meta />
        <AppStyles />
        <Links />
      </head>
      <body>
        <SkipLink />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Banners() {
  const root = useRootData();
  const { pathname } = useLocation();
  const routeId = useMatches().at(-1)?.id;
  const isSignedIn = Boolean(root?.viewer);
  return (
    <>
      {/* First in the page after the skip link, so keyboard and screen reader users meet it early. */}
      {root ? <ConsentBanner state={root.consent} /> : null}
      <OlderBrowserBanner />
      {showsInstallBanner({ pathname, routeId, isSignedIn }) ? <InstallAppBanner /> : null}
    </>
  );
}

export default function App() {
  usePageViews();
  return (
    <>
      <PageProgressBar />
      <Banners />
      <Outlet />
      <SessionLayer />
      <RequestErrorModal />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPageGuard>
      <ErrorPage details={errorDetails(error, { isDevelopment: import.meta.env.DEV })} />
    </ErrorPageGuard>
  );
}
