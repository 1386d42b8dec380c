import {
  consentCookie,
  consentMaskFromCookies,
  cookieNamesOf,
  cookiesToRemove,
  expiredCookie,
  mayTrack,
} from '@plaza/core/consent';
import { forgetTrackingSession } from './tracking-session.ts';

// The visitor's consent in the browser. The cookie is the only record of the choice, so the
// banner, the tracking helper and the server all read the same thing.

const listeners = new Set<() => void>();
let isReopened = false;

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

/** The mask chosen for the current consent version; null before a choice (or in a server render). */
export function readChosenMask(): number | null {
  return typeof document === 'undefined' ? null : consentMaskFromCookies(document.cookie);
}

/** Whether the visitor opened the settings again (the footer's "Cookie settings"). */
export function isCookieSettingsOpen(): boolean {
  return isReopened;
}

export function openCookieSettings(): void {
  isReopened = true;
  notify();
}

/** Closes the reopened settings without changing the stored choice. */
export function closeCookieSettings(): void {
  isReopened = false;
  notify();
}

/**
 * Stores a choice in the consent cookie and removes Plaza's cookies the new choice no longer
 * allows (the personal `skt`), as well as the analytics session when analytics was withdrawn.
 */
export function saveConsent(mask: number, environment: string): void {
  document.cookie = consentCookie(mask, environment);
  for (const name of cookiesToRemove(cookieNamesOf(document.cookie), mask)) {
    document.cookie = expiredCookie(name, environment);
  }
  if (!mayTrack(mask)) forgetTrackingSession();
  isReopened = false;
  notify();
}
