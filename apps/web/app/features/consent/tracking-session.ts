/** sessionStorage key of the analytics session id: created only with analytics consent. */
const TRACKING_SESSION_KEY = 'plaza.tracking-session';

let sessionIdWithoutStorage: string | null = null;

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The id that groups this tab's events (the `sessionId` of the tracking mutation). */
export function trackingSessionId(): string {
  try {
    let id = window.sessionStorage.getItem(TRACKING_SESSION_KEY);
    if (!id) {
      id = newSessionId();
      window.sessionStorage.setItem(TRACKING_SESSION_KEY, id);
    }
    return id;
  } catch {
    // Storage can be blocked; the id then lasts as long as the page.
    sessionIdWithoutStorage ??= newSessionId();
    return sessionIdWithoutStorage;
  }
}

/** Forgets the session id, when analytics consent is withdrawn. */
export function forgetTrackingSession(): void {
  sessionIdWithoutStorage = null;
  try {
    window.sessionStorage.removeItem(TRACKING_SESSION_KEY);
  } catch {
    // Nothing was stored.
  }
}
