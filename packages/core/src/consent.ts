import {
  CONSENT_FULL_MASK,
  CONSENT_PURPOSE,
  CONSENT_VERSION,
  hasConsent,
  parseConsentMask,
  type ConsentPurpose,
} from './cookie-consent.ts';
import {
  ESSENTIAL_SYNCED_COOKIE_KEYS,
  LOCALE_COOKIE_NAME,
  PERSONAL_SYNCED_COOKIE_KEYS,
  cookieOptions,
  type CookieOptions,
} from './cookies.ts';

// The consent cookie (spec 6 and 9): which purposes a visitor agreed to, and which cookies and
// tracking that allows. The bits themselves live in cookie-consent.ts.

/**
 * The cookie holding the choice: `pcg`, the first of the essential keys of spec 9, read as
 * "privacy consent groups" (spec 6 calls the bit flags consent groups).
 */
export const CONSENT_COOKIE_NAME = 'pcg';

/** Only essential cookies: what "Essential only" stores. */
export const ESSENTIAL_ONLY_MASK = CONSENT_PURPOSE.essential;

/** The purposes a visitor can switch, in the order the banner shows them. */
export const OPTIONAL_CONSENT_PURPOSES = [
  'marketing',
  'personal',
  'analytics',
] as const satisfies readonly ConsentPurpose[];

export interface StoredConsent {
  version: number;
  mask: number;
}

/**
 * The consent cookie's value: `<version>.<mask>`, e.g. `1.30`. The version comes first so a later
 * version may change what follows it. Throws on a mask that is not made of purpose bits.
 */
export function formatConsentCookieValue(mask: number): string {
  const parsed = parseConsentMask(mask);
  if (parsed === null) throw new RangeError(`Not a consent mask: ${String(mask)}`);
  return `${CONSENT_VERSION}.${parsed}`;
}

function cookieString(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  parts.push(`Path=${options.path}`, `SameSite=${options.sameSite === 'lax' ? 'Lax' : options.sameSite}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The consent cookie as `document.cookie` or Set-Cookie takes it: a state cookie of spec 9 (365
 * days, path /, SameSite Lax, Secure outside development).
 */
export function consentCookie(mask: number, environment: string): string {
  return cookieString(
    CONSENT_COOKIE_NAME,
    formatConsentCookieValue(mask),
    cookieOptions('state', environment),
  );
}

/** Removes a cookie set with the attributes of spec 9. */
export function expiredCookie(name: string, environment: string): string {
  return cookieString(name, '', { ...cookieOptions('session', environment), maxAge: 0 });
}

/** Names of the cookies in a Cookie header (or `document.cookie`). */
export function cookieNamesOf(cookieHeader: string | null | undefined): string[] {
  return (cookieHeader ?? '')
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter((name) => name !== '');
}

/** A consent cookie value read back, of any version; null when it is not `<version>.<mask>`. */
export function parseConsentCookieValue(value: string | null | undefined): StoredConsent | null {
  const match = /^(\d{1,4})\.(\d{1,3})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const mask = parseConsentMask(match[2]);
  return mask === null ? null : { version: Number(match[1]), mask };
}

/** The value of one cookie in a Cookie header (or `document.cookie`); null when absent. */
export function cookieValueOf(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * The mask a visitor chose for the current version, read from a Cookie header; null when they have
 * not chosen yet, chose for an older version, or the cookie is broken: then they are asked (again)
 * and only essential cookies are used meanwhile.
 */
export function consentMaskFromCookies(cookieHeader: string | null | undefined): number | null {
  const stored = parseConsentCookieValue(cookieValueOf(cookieHeader, CONSENT_COOKIE_NAME));
  return stored !== null && stored.version === CONSENT_VERSION ? stored.mask : null;
}

/** The mask in force: the visitor's choice, or essential only until they choose. */
export function effectiveConsentMask(chosen: number | null): number {
  return chosen ?? ESSENTIAL_ONLY_MASK;
}

/** Product analytics (the `tracking` mutation) only with the analytics purpose. */
export function mayTrack(chosen: number | null): boolean {
  return hasConsent(effectiveConsentMask(chosen), 'analytics');
}

/** Session cookies of sign-in are set by the server under this prefix (better-auth's cookiePrefix). */
const SESSION_COOKIE_PREFIX = 'plaza.';

/** What each cookie Plaza sets is for; a cookie missing here is never set by Plaza. */
const COOKIE_PURPOSES: Record<string, ConsentPurpose> = {
  [CONSENT_COOKIE_NAME]: 'essential',
  [LOCALE_COOKIE_NAME]: 'essential',
  ...Object.fromEntries(ESSENTIAL_SYNCED_COOKIE_KEYS.map((key) => [key, 'essential'])),
  ...Object.fromEntries(PERSONAL_SYNCED_COOKIE_KEYS.map((key) => [key, 'personal'])),
};

/** The purpose a cookie serves, or null for a cookie Plaza does not set. */
export function cookiePurposeOf(name: string): ConsentPurpose | null {
  if (name.startsWith(SESSION_COOKIE_PREFIX)) return 'essential';
  return COOKIE_PURPOSES[name] ?? null;
}

/** Whether Plaza may set a cookie under the mask in force (essential only before a choice). */
export function isCookieAllowed(name: string, chosen: number | null): boolean {
  const purpose = cookiePurposeOf(name);
  return purpose !== null && hasConsent(effectiveConsentMask(chosen), purpose);
}

/** Plaza's cookies among `names` that the mask no longer allows: removed when consent is withdrawn. */
export function cookiesToRemove(names: Iterable<string>, chosen: number | null): string[] {
  return [...names].filter((name) => cookiePurposeOf(name) !== null && !isCookieAllowed(name, chosen));
}

/** Countries whose law asks for consent before any non-essential cookie: the EU, EEA, UK, Switzerland. */
const PRIOR_CONSENT_COUNTRIES = new Set(
  (
    'AT BE BG HR CY CZ DK EE FI FR DE GR IE IT LV LT LU MT NL PL PT RO SK SI ES SE ' + // EU
    'IS LI NO ' + // rest of the EEA
    'GB CH'
  ).split(' '),
);

export interface PrivacySettings {
  /** Upper-case two-letter code; null when unknown. */
  countryCode: string | null;
  /** The visitor's law asks for opt-in consent (also assumed when the country is unknown). */
  consentRequired: boolean;
  /**
   * Where the banner's switches start when the visitor opens "Choose": nothing optional where
   * consent is required, everything elsewhere. Before a choice only essential cookies are used
   * everywhere (`effectiveConsentMask`), whatever this says.
   */
  defaultMask: number;
  version: number;
  fullMask: number;
  cookieName: string;
}

/** A two-letter country code, upper-cased; null for anything else (also Cloudflare's XX and T1). */
export function normalizeCountryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'T1') return null;
  return code;
}

/** The consent defaults for a visitor from a country (spec 7.2 getPrivacySettings). */
export function privacySettingsFor(countryCode: string | null | undefined): PrivacySettings {
  const code = normalizeCountryCode(countryCode);
  const consentRequired = code === null || PRIOR_CONSENT_COUNTRIES.has(code);
  return {
    countryCode: code,
    consentRequired,
    defaultMask: consentRequired ? ESSENTIAL_ONLY_MASK : CONSENT_FULL_MASK,
    version: CONSENT_VERSION,
    fullMask: CONSENT_FULL_MASK,
    cookieName: CONSENT_COOKIE_NAME,
  };
}
