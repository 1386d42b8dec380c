import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { mayTrack } from '@plaza/core/consent';
import { readChosenMask, subscribeToConsent } from './consent-store.ts';
import { track } from './track.ts';

/**
 * Records a `page.view` for each page a visitor with analytics consent sees, including the page on
 * which they gave it.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const mask = useSyncExternalStore(subscribeToConsent, readChosenMask, () => null);
  const isAllowed = mayTrack(mask);
  useEffect(() => {
    if (isAllowed) track('page.view', { path: pathname });
  }, [pathname, isAllowed]);
}
