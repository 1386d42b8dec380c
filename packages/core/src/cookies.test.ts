import { describe, it, expect } from 'vitest';
import { encodeConsent } from './cookie-consent.ts';
import {
  COOKIE_PATH,
  COOKIE_SAME_SITE,
  ESSENTIAL_SYNCED_COOKIE_KEYS,
  LOCALE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  LOCALE_COOKIE_NAME,
  STATE_COOKIE_MAX_AGE_DAYS,
  cookieOptions,
  isCookieSecure,
  syncedCookieKeys,
} from './cookies.ts';

describe('cookie constants', () => {
  it('has the attributes and lifetimes of spec 9', () => {
    expect(COOKIE_PATH).toBe('/');
    expect(COOKIE_SAME_SITE).toBe('lax');
    expect(LOCALE).toBe('en');
    expect(LOCALE_COOKIE_NAME).toBe('i18n_redirected');
    expect(LOCALE_COOKIE_MAX_AGE_DAYS).toBe(365);
    expect(STATE_COOKIE_MAX_AGE_DAYS).toBe(365);
  });
});

describe('isCookieSecure', () => {
  it('is secure outside development', () => {
    expect(isCookieSecure('development')).toBe(false);
    expect(isCookieSecure('production')).toBe(true);
    expect(isCookieSecure('test')).toBe(true);
  });
});

describe('cookieOptions', () => {
  it('gives locale and state cookies 365 days in seconds', () => {
    expect(cookieOptions('locale', 'production')).toEqual({
      path: '/',
      sameSite: 'lax',
      secure: true,
      maxAge: 31_536_000,
    });
    expect(cookieOptions('state', 'development')).toEqual({
      path: '/',
      sameSite: 'lax',
      secure: false,
      maxAge: 31_536_000,
    });
  });

  it('gives other cookies no max age, so they last for the session', () => {
    expect(cookieOptions('session', 'production')).toEqual({ path: '/', sameSite: 'lax', secure: true });
  });
});

describe('syncedCookieKeys', () => {
  it('syncs the essential keys for everyone', () => {
    expect(ESSENTIAL_SYNCED_COOKIE_KEYS).toEqual(['pcg', 'pcs', 'scr', 'ttcm', 'ttss', 'lci', 'ncg', 'sap']);
    expect(syncedCookieKeys(encodeConsent([]))).toEqual([
      'pcg',
      'pcs',
      'scr',
      'ttcm',
      'ttss',
      'lci',
      'ncg',
      'sap',
    ]);
  });

  it('syncs skt only with personal consent', () => {
    expect(syncedCookieKeys(encodeConsent(['marketing', 'analytics']))).not.toContain('skt');
    expect(syncedCookieKeys(encodeConsent(['personal']))).toContain('skt');
  });
});
