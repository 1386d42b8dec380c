import { consentMaskFromCookies, mayTrack } from '@plaza/core/consent';
import { trackingEvents } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';

export const TRACKING_LIMITS = { eventsPerCall: 50, nameLength: 100, propertiesBytes: 4096 } as const;

export interface TrackingEventInput {
  name: string;
  properties?: Record<string, unknown> | null;
  /** Milliseconds since the epoch when the event happened on the client. */
  timestamp?: number | null;
}

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;
const EVENT_NAME = /^[a-z][a-z0-9_.:-]*$/i;

/**
 * Stores a batch of product analytics events, all or none, and answers whether it did. A
 * request whose consent cookie (spec 6, `pcg`) lacks the analytics bit, or has none, stores nothing:
 * the web only sends events after consent, and this holds for any other client too.
 */
export async function recordTrackingEvents(
  context: RequestContext,
  sessionId: string,
  events: TrackingEventInput[],
): Promise<boolean> {
  if (!SESSION_ID.test(sessionId))
    throw badUserInput('sessionId', 'A session id is 8 to 64 letters, digits, - or _.');
  if (events.length > TRACKING_LIMITS.eventsPerCall) {
    throw badUserInput('events', `Send at most ${TRACKING_LIMITS.eventsPerCall} events at once.`);
  }
  const now = Date.now();
  const rows = events.map((event, index) => {
    if (event.name.length > TRACKING_LIMITS.nameLength || !EVENT_NAME.test(event.name)) {
      throw badUserInput(
        `events.${index}.name`,
        'An event name is a word of letters, digits and _ . : -, at most 100 long.',
      );
    }
    const properties = event.properties ?? {};
    if (Buffer.byteLength(JSON.stringify(properties)) > TRACKING_LIMITS.propertiesBytes) {
      throw badUserInput(`events.${index}.properties`, 'Event properties are limited to 4 KB.');
    }
    const at = event.timestamp ?? now;
    // A clock far off is kept honest: the server's time is used instead.
    const occurredAt = Math.abs(at - now) > 24 * 60 * 60 * 1000 ? new Date(now) : new Date(at);
    return { sessionId, userId: context.viewer?.id ?? null, name: event.name, properties, occurredAt };
  });
  if (!mayTrack(consentMaskFromCookies(context.request.headers.get('cookie')))) return false;
  if (rows.length > 0) await context.store.db.insert(trackingEvents).values(rows);
  return true;
}
