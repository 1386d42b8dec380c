import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

function onHashChange(callback: () => void) {
  window.addEventListener('hashchange', callback);
  return () => window.removeEventListener('hashchange', callback);
}

/** The reader's IANA time zone, known only in the browser (undefined while rendering on the server). */
export function useBrowserTimeZone(): string | undefined {
  return useSyncExternalStore(
    never,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => undefined,
  );
}

/** The address's hash, which servers never see ('' while rendering on the server). */
export function useLocationHash(): string {
  return useSyncExternalStore(
    onHashChange,
    () => window.location.hash,
    () => '',
  );
}

/**
 * False on the server and while hydrating, true after: what depends on the router's hash (an edit
 * dialog opened by its address) renders only then, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
