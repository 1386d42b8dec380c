/** Pages where the install-app banner would get in the way of reading or of joining (spec 2.4). */
const PAGES_WITHOUT_BANNER = new Set([
  '/download-agreement',
  '/faq',
  '/privacy-policy',
  '/privacy',
  '/terms-of-service',
  '/tos',
  '/community-guidelines',
  '/community-rules',
  '/community',
]);

const SECTIONS_WITHOUT_BANNER = ['/group/', '/community/'];

/** Route id of public profile and key pages (spec 2.1 named routes). */
export const PUBLIC_KEY_ROUTE_ID = 'public-key';

export interface InstallBannerPlace {
  pathname: string;
  /** Id of the deepest matched route. */
  routeId: string | undefined;
  isSignedIn: boolean;
}

/** Whether to suggest installing the app: to signed-out visitors, except on the pages of spec 2.4. */
export function showsInstallBanner({ pathname, routeId, isSignedIn }: InstallBannerPlace): boolean {
  if (isSignedIn) return false;
  if (routeId === PUBLIC_KEY_ROUTE_ID) return false;
  // Routes match case-insensitively and with a trailing slash, so the rule does too.
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (PAGES_WITHOUT_BANNER.has(path)) return false;
  return !SECTIONS_WITHOUT_BANNER.some((section) => path.startsWith(section));
}
