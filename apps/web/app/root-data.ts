import { useRouteLoaderData } from 'react-router';
import type { ConsentState } from './features/consent/consent.server.ts';

/** The signed-in person as the header, layouts and sign-in modal need them. */
export interface Viewer {
  id: number;
  key: string;
  username: string;
  first: string;
  last: string;
  fullName: string;
  /** Path of the profile photo under /media, or null. */
  image: string | null;
  isVerified: boolean;
  /** True until the person chose a username and gave a first name. */
  needsOnboarding: boolean;
  /** Unread activities when the page was read; the header's bell follows them live after. */
  unreadActivityCount: number;
  /** A site administrator: the account menu leads to the moderation area (decision 0018). */
  isAdmin: boolean;
}

/** What the root loader hands every page. */
export interface RootLoaderData {
  /** Public base URL of this Plaza, without a trailing slash: canonical and share links start here. */
  publicUrl: string;
  viewer: Viewer | null;
  /** The OpenID Connect provider behind "Continue with <name>", when this Plaza has one. */
  oidc: { name: string } | null;
  /** Address behind "Get in touch". */
  contactEmail: string;
  /** The cookie consent choice read from the request, for the banner (spec 6). */
  consent: ConsentState;
}

function isRootLoaderData(value: unknown): value is RootLoaderData {
  return (
    typeof value === 'object' && value !== null && typeof (value as RootLoaderData).publicUrl === 'string'
  );
}

/** Root data from the `matches` a meta function receives; null while the root loader failed. */
export function rootDataFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
) {
  const data = matches.find((match) => match?.id === 'root')?.loaderData;
  return isRootLoaderData(data) ? data : null;
}

/**
 * Root data from any component, also inside error boundaries. When the root loader itself failed
 * there is none, and the page still renders as a signed-out visitor would see it.
 */
export function useRootData(): RootLoaderData | null {
  const data = useRouteLoaderData('root');
  return isRootLoaderData(data) ? data : null;
}
