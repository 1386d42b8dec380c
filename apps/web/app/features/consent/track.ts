import { mayTrack } from '@plaza/core/consent';
import { readChosenMask } from './consent-store.ts';
import { trackingSessionId } from './tracking-session.ts';

/** Events wait this long to travel together; a page that closes sends them at once. */
const BATCH_DELAY_MS = 1000;
/** The server takes at most 50 events a call (TRACKING_LIMITS). */
const MAX_BATCH = 50;

interface TrackingEvent {
  name: string;
  properties: Record<string, unknown> | null;
  timestamp: number;
}

let queue: TrackingEvent[] = [];
let timer: number | null = null;
let isListening = false;

const TRACKING_MUTATION =
  'mutation Tracking($events: [TrackingEventInput!]!, $sessionId: String!) { tracking(events: $events, sessionId: $sessionId) }';

function flush(): void {
  if (timer !== null) window.clearTimeout(timer);
  timer = null;
  const events = queue;
  queue = [];
  // Consent may have been withdrawn while the events waited.
  if (events.length === 0 || !mayTrack(readChosenMask())) return;
  void fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ query: TRACKING_MUTATION, variables: { events, sessionId: trackingSessionId() } }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {
    // Analytics never disturbs the page: a lost batch stays lost.
  });
}

/**
 * Records a product analytics event. The one way the web sends tracking events: nothing is queued
 * or sent unless the visitor gave analytics consent (spec 6), and the server checks it again.
 */
export function track(name: string, properties?: Record<string, unknown>): void {
  if (typeof window === 'undefined' || !mayTrack(readChosenMask())) return;
  if (!isListening) {
    isListening = true;
    window.addEventListener('pagehide', flush);
  }
  queue.push({ name, properties: properties ?? null, timestamp: Date.now() });
  if (queue.length >= MAX_BATCH) flush();
  else timer ??= window.setTimeout(flush, BATCH_DELAY_MS);
}
