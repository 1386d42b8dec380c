import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { OLDER_BROWSER_BANNER } from '@plaza/core/error-messages';
import { OLDER_BROWSER_DISMISSED_KEY, detectBrowserFeatures, isOlderBrowser } from './older-browser.ts';

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
    <aside
      aria-label="Browser notice"
      data-testid="older-browser-banner"
      className="border-b border-sun bg-sun-soft"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <p className="min-w-0 flex-1 basis-72 text-sm leading-snug text-ink">{OLDER_BROWSER_BANNER}</p>
        <div className="flex items-center gap-3 text-sm font-semibold">
          <a
            href="https://browsehappy.com/"
            className="text-coral-strong underline underline-offset-2 hover:text-ink"
          >
            Update your browser
          </a>
          <Link to="/download" className="text-coral-strong underline underline-offset-2 hover:text-ink">
            Get the app
          </Link>
          <button
            type="button"
            onClick={dismiss}
            className="rounded-full border-2 border-ink/20 px-3 py-1 text-ink hover:border-ink"
          >
            Dismiss
          </button>
        </div>
      </div>
    </aside>
  );
}
