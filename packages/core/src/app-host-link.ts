/**
 * Where a link to a page of another app host goes (spec 2.3): through that host's /login with
 * cookie-sync, so the person arrives signed in there too. A link on the same host stays a path.
 * Anything that is not an http(s) address is left as it is.
 */
export function appHostLink(target: string, currentOrigin: string): string {
  let url: URL;
  try {
    url = new URL(target, currentOrigin);
  } catch {
    return target;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return target;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin === new URL(currentOrigin).origin) return path;
  return `${url.origin}/login?cookie-sync=1&redirect-to=${encodeURIComponent(path)}`;
}
