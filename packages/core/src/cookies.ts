import { hasConsent } from './cookie-consent.ts';

// Cookie attributes and synced keys of spec 1 and 9.

export const COOKIE_PATH = '/';
export const COOKIE_SAME_SITE = 'lax';

export const LOCALE = 'en';
export const LOCALE_COOKIE_NAME = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
/** State cookies persist for a year; any other cookie lasts for the browser session. */
export const STATE_COOKIE_MAX_AGE_DAYS = 365;

const SECONDS_PER_DAY = 24 * 60 * 60;

/** Keys synced through cookies for every visitor, as they keep the site working. */
export const ESSENTIAL_SYNCED_COOKIE_KEYS = [
  'pcg',
  'pcs',
  'scr',
  'ttcm',
  'ttss',
  'lci',
  'ncg',
  'sap',
] as const;
/** Keys synced only with consent to the personal purpose. */
export const PERSONAL_SYNCED_COOKIE_KEYS = ['skt'] as const;

export type SyncedCookieKey =
  (typeof ESSENTIAL_SYNCED_COOKIE_KEYS)[number] | (typeof PERSONAL_SYNCED_COOKIE_KEYS)[number];

export function syncedCookieKeys(consentMask: number): SyncedCookieKey[] {
  return hasConsent(consentMask, 'personal')
    ? [...ESSENTIAL_SYNCED_COOKIE_KEYS, ...PERSONAL_SYNCED_COOKIE_KEYS]
    : [...ESSENTIAL_SYNCED_COOKIE_KEYS];
}

/** Cookies are secure everywhere but in development, which runs over plain http. */
export function isCookieSecure(environment: string): boolean {
  return environment !== 'development';
}

export type CookieLifetime = 'locale' | 'state' | 'session';

export type CookieOptions = {
  path: typeof COOKIE_PATH;
  sameSite: typeof COOKIE_SAME_SITE;
  secure: boolean;
  /** Seconds; absent for a session cookie. */
  maxAge?: number;
};

export function cookieOptions(lifetime: CookieLifetime, environment: string): CookieOptions {
  const base: CookieOptions = {
    path: COOKIE_PATH,
    sameSite: COOKIE_SAME_SITE,
    secure: isCookieSecure(environment),
  };
  switch (lifetime) {
    case 'locale':
      return { ...base, maxAge: LOCALE_COOKIE_MAX_AGE_DAYS * SECONDS_PER_DAY };
    case 'state':
      return { ...base, maxAge: STATE_COOKIE_MAX_AGE_DAYS * SECONDS_PER_DAY };
    case 'session':
      return base;
  }
}
