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
