import { safeRedirect } from '@plaza/core/redirect';

/** The app's own URL scheme: the phone opens Plaza at the same path. */
export const APP_URL_SCHEME = 'plaza://';

export interface DeepLinkTargets {
  /** The same place on the web, with the query (invite_key, username, g, k) passed through. */
  webPath: string;
  /** The same place in the app. */
  appUrl: string;
}

/**
 * Where a deep link (`/deeplink/<key+>`, spec 2.1 and 2.3) leads. The key is a path inside Plaza;
 * anything that is not a safe internal path falls back to the home page.
 */
export function deepLinkTargets(key: string | undefined, search: string): DeepLinkTargets {
  const path = `/${(key ?? '').replace(/^\/+/, '')}`;
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const webPath = safeRedirect(`${path}${query}`, '/');
  return { webPath, appUrl: `${APP_URL_SCHEME}${webPath.slice(1)}` };
}
