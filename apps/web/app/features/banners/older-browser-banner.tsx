import { Suspense, useSyncExternalStore } from 'react';
import { lazyPart } from '../errors/lazy-part.ts';
import { OLDER_BROWSER_DISMISSED_KEY, detectBrowserFeatures, isOlderBrowser } from './older-browser.ts';

// Only older browsers see it, so its markup loads once the check says so.
const OlderBrowserNotice = lazyPart(
  async () => (await import('./older-browser-notice.tsx')).OlderBrowserNotice,
);

const listeners = new Set<() => void>();
let sessionlessDismissal = false;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(OLDER_BROWSER_DISMISSED_KEY) === '1';
  } catch {
    // Storage can be blocked (private modes, strict settings); the banner then shows on each page.
    return false;
  }
}

function dismiss() {
  try {
    window.sessionStorage.setItem(OLDER_BROWSER_DISMISSED_KEY, '1');
  } catch {
    // Without storage the dismissal lasts until the next page load.
    sessionlessDismissal = true;
  }
  for (const listener of listeners) listener();
}

function isShownInBrowser(): boolean {
  if (sessionlessDismissal || wasDismissed()) return false;
  return isOlderBrowser(detectBrowserFeatures(), window.location.search);
}

/** The server cannot know the browser's features, so its markup never has the banner. */
const isShownOnServer = () => false;

/**
 * Warns visitors on older browsers (spec 8), dismissible for the session. Decided in the browser
 * after hydration, so server-rendered pages never flash it.
 */
export function OlderBrowserBanner() {
  const isShown = useSyncExternalStore(subscribe, isShownInBrowser, isShownOnServer);
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      <OlderBrowserNotice onDismiss={dismiss} />
    </Suspense>
  );
}
