import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CONSENT_PURPOSES, encodeConsent } from './cookie-consent.ts';
import {
  CONSENT_COOKIE_NAME,
  ESSENTIAL_ONLY_MASK,
  consentCookie,
  consentMaskFromCookies,
  cookieNamesOf,
  cookiePurposeOf,
  cookieValueOf,
  cookiesToRemove,
  expiredCookie,
  formatConsentCookieValue,
  isCookieAllowed,
  mayTrack,
  normalizeCountryCode,
  parseConsentCookieValue,
  privacySettingsFor,
} from './consent.ts';

describe('consent cookie value', () => {
  it('writes version 1 before the mask', () => {
    expect(CONSENT_COOKIE_NAME).toBe('pcg');
    expect(formatConsentCookieValue(30)).toBe('1.30');
    expect(formatConsentCookieValue(2)).toBe('1.2');
    expect(formatConsentCookieValue(2 | 16)).toBe('1.18');
  });

  it('adds essential to any mask and refuses bits that are not purposes', () => {
    expect(formatConsentCookieValue(0)).toBe('1.2');
    expect(() => formatConsentCookieValue(1)).toThrow(RangeError);
    expect(() => formatConsentCookieValue(64)).toThrow(RangeError);
    expect(() => formatConsentCookieValue(2.5)).toThrow(RangeError);
  });

  it('reads back what it writes, for every choice of purposes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...CONSENT_PURPOSES)), (purposes) => {
        const mask = encodeConsent(purposes);
        expect(parseConsentCookieValue(formatConsentCookieValue(mask))).toEqual({ version: 1, mask });
      }),
    );
  });

  it('reads other versions, and nothing that is not <version>.<mask>', () => {
    expect(parseConsentCookieValue('2.30')).toEqual({ version: 2, mask: 30 });
    for (const value of ['', '30', '1.', '.30', '1.31', '1.64', '1.30.1', 'a.30', '1,30', null, undefined]) {
      expect(parseConsentCookieValue(value), String(value)).toBeNull();
    }
  });
});

describe('consent cookie attributes', () => {
  it('is a state cookie of spec 9: a year, path /, SameSite Lax, Secure outside development', () => {
    expect(consentCookie(30, 'production')).toBe('pcg=1.30; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(consentCookie(18, 'development')).toBe('pcg=1.18; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('removes a cookie on the same path', () => {
    expect(expiredCookie('skt', 'production')).toBe('skt=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it('lists the names of a cookie header', () => {
    expect(cookieNamesOf('pcg=1.2; skt=abc;i18n_redirected=en')).toEqual(['pcg', 'skt', 'i18n_redirected']);
    expect(cookieNamesOf('')).toEqual([]);
  });
});

describe('consentMaskFromCookies', () => {
  it('finds the choice among other cookies', () => {
    expect(consentMaskFromCookies('i18n_redirected=en; pcg=1.18; plaza.session_token=x')).toBe(18);
    expect(consentMaskFromCookies('pcg=1.30')).toBe(30);
    expect(consentMaskFromCookies('pcg=1%2E2')).toBe(2);
  });

  it('is null with no choice, a choice for another version, or a broken cookie', () => {
    expect(consentMaskFromCookies(null)).toBeNull();
    expect(consentMaskFromCookies('')).toBeNull();
    expect(consentMaskFromCookies('xpcg=1.30; pcgx=1.30')).toBeNull();
    expect(consentMaskFromCookies('pcg=0.30')).toBeNull();
    expect(consentMaskFromCookies('pcg=2.30')).toBeNull();
    expect(consentMaskFromCookies('pcg=1.99')).toBeNull();
  });

  it('reads cookie values by exact name', () => {
    expect(cookieValueOf('a=1; pcg=1.2; b', 'pcg')).toBe('1.2');
    expect(cookieValueOf('a=1', 'pcg')).toBeNull();
  });
});

describe('tracking and cookies allowed by a mask', () => {
  it('tracks only with analytics consent, never before a choice', () => {
    expect(mayTrack(null)).toBe(false);
    expect(mayTrack(ESSENTIAL_ONLY_MASK)).toBe(false);
    expect(mayTrack(2 | 4 | 8)).toBe(false);
    expect(mayTrack(2 | 16)).toBe(true);
    expect(mayTrack(30)).toBe(true);
  });

  it('knows the purpose of each cookie Plaza sets', () => {
    for (const name of ['pcg', 'i18n_redirected', 'pcs', 'scr', 'ttcm', 'ttss', 'lci', 'ncg', 'sap']) {
      expect(cookiePurposeOf(name), name).toBe('essential');
    }
    expect(cookiePurposeOf('plaza.session_token')).toBe('essential');
    expect(cookiePurposeOf('skt')).toBe('personal');
    expect(cookiePurposeOf('_ga')).toBeNull();
  });

  it('allows essential cookies always and skt only with personal consent', () => {
    expect(isCookieAllowed('pcg', null)).toBe(true);
    expect(isCookieAllowed('i18n_redirected', ESSENTIAL_ONLY_MASK)).toBe(true);
    expect(isCookieAllowed('skt', null)).toBe(false);
    expect(isCookieAllowed('skt', 2 | 4 | 16)).toBe(false);
    expect(isCookieAllowed('skt', 2 | 8)).toBe(true);
    expect(isCookieAllowed('_ga', 30)).toBe(false);
  });

  it('removes the cookies a withdrawn consent no longer allows, and leaves others alone', () => {
    const present = ['pcg', 'skt', 'i18n_redirected', 'someone-elses'];
    expect(cookiesToRemove(present, ESSENTIAL_ONLY_MASK)).toEqual(['skt']);
    expect(cookiesToRemove(present, 30)).toEqual([]);
  });
});

describe('privacySettingsFor', () => {
  it('asks for opt-in in the EU, EEA, UK and Switzerland, with nothing optional switched on', () => {
    for (const code of ['DE', 'fr', ' ie ', 'NO', 'GB', 'CH']) {
      expect(privacySettingsFor(code), code).toMatchObject({
        consentRequired: true,
        defaultMask: 2,
        version: 1,
        fullMask: 30,
        cookieName: 'pcg',
      });
    }
  });

  it('assumes consent is required when the country is unknown', () => {
    for (const code of [null, undefined, '', 'XX', 'T1', 'USA', '1A']) {
      expect(privacySettingsFor(code), String(code)).toMatchObject({
        countryCode: null,
        consentRequired: true,
        defaultMask: 2,
      });
    }
  });

  it('starts with every switch on elsewhere', () => {
    expect(privacySettingsFor('us')).toMatchObject({
      countryCode: 'US',
      consentRequired: false,
      defaultMask: 30,
    });
  });

  it('normalizes country codes', () => {
    expect(normalizeCountryCode('de')).toBe('DE');
    expect(normalizeCountryCode('D')).toBeNull();
  });
});
