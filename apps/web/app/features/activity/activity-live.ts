import { useEffect, useSyncExternalStore } from 'react';

/**
 * The signed-in person's unread activity count, live (decision 0014): one `myActivityEvents`
 * subscription per tab, shared by the header's bell and the feed page. READY after every
 * (re)connection gives the true count, so nothing missed while offline stays wrong.
 */
export interface ActivityLiveState {
  /** Null until the first answer. */
  unreadCount: number | null;
  /** Grows on every change the server reports (the feed page reloads on it). */
  version: number;
}

const MY_ACTIVITY_EVENTS = 'subscription MyActivityEvents { myActivityEvents { kind unreadCount } }';

let state: ActivityLiveState = { unreadCount: null, version: 0 };
const listeners = new Set<() => void>();
let stop: (() => void) | null = null;
let users = 0;

function set(next: ActivityLiveState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Sets the count at once (after the person cleared the feed), before the server's echo arrives. */
export function setUnreadActivityCount(unreadCount: number) {
  set({ ...state, unreadCount });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STATE: ActivityLiveState = { unreadCount: null, version: 0 };

/** Starts the shared subscription while a component using it is mounted. */
export function useActivityLive(enabled: boolean): ActivityLiveState {
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    if (!stop) {
      // The WebSocket client loads with the first subscriber: only signed-in pages have one.
      let unsubscribe: (() => void) | null = null;
      let isStopped = false;
      stop = () => {
        isStopped = true;
        unsubscribe?.();
      };
      void import('../../graphql/live-client.ts').then(({ liveSubscribe }) => {
        if (isStopped) return;
        unsubscribe = liveSubscribe<{ myActivityEvents: { kind: string; unreadCount: number } }>(
          MY_ACTIVITY_EVENTS,
          () => ({}),
          ({ myActivityEvents: event }) =>
            set({ unreadCount: event.unreadCount, version: state.version + 1 }),
          () => undefined,
        );
      });
    }
    return () => {
      users -= 1;
      if (users === 0) {
        stop?.();
        stop = null;
        set({ unreadCount: null, version: state.version });
      }
    };
  }, [enabled]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}
