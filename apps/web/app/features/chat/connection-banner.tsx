import { useSyncExternalStore } from 'react';
import { liveIsReconnecting, subscribeLiveStatus } from '../../graphql/live-client.ts';

/** Says so while the live connection is lost; messages sent meanwhile wait and go when it is back. */
export function ConnectionBanner() {
  const isReconnecting = useSyncExternalStore(subscribeLiveStatus, liveIsReconnecting, () => false);
  if (!isReconnecting) return null;
  return (
    <p role="status" className="bg-sun-soft px-5 py-2 text-sm font-semibold text-ink">
      Reconnecting… New messages will appear as soon as you are back online.
    </p>
  );
}
