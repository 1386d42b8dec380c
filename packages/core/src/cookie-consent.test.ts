import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  CONSENT_FULL_MASK,
  CONSENT_PURPOSE,
  CONSENT_PURPOSES,
  CONSENT_VERSION,
  decodeConsent,
  encodeConsent,
  hasConsent,
  isConsentCurrent,
  parseConsentMask,
} from './cookie-consent.ts';

describe('consent bits', () => {
  it('has the flags, full mask and version of spec 6', () => {
    expect(CONSENT_PURPOSE).toEqual({ essential: 2, marketing: 4, personal: 8, analytics: 16 });
    expect(CONSENT_FULL_MASK).toBe(30);
    expect(encodeConsent(CONSENT_PURPOSES)).toBe(CONSENT_FULL_MASK);
    expect(CONSENT_VERSION).toBe(1);
  });

  it('always includes essential', () => {
    expect(encodeConsent([])).toBe(2);
    expect(encodeConsent(['analytics'])).toBe(18);
    expect(decodeConsent(encodeConsent([]))).toEqual(['essential']);
  });

  it('decodes the purposes of a mask', () => {
    expect(decodeConsent(2 | 8)).toEqual(['essential', 'personal']);
    expect(decodeConsent(30)).toEqual(CONSENT_PURPOSES);
  });

  it('checks a purpose', () => {
    expect(hasConsent(2 | 8, 'personal')).toBe(true);
    expect(hasConsent(2 | 8, 'marketing')).toBe(false);
  });

  it('round-trips every choice of purposes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...CONSENT_PURPOSES)), (purposes) => {
        const decoded = decodeConsent(encodeConsent(purposes));
        return CONSENT_PURPOSES.every(
          (p) => decoded.includes(p) === (p === 'essential' || purposes.includes(p)),
        );
      }),
    );
  });
});

describe('parseConsentMask', () => {
  it('reads numbers and digits made of purpose bits', () => {
    expect(parseConsentMask(30)).toBe(30);
    expect(parseConsentMask('18')).toBe(18);
    expect(parseConsentMask(4)).toBe(6);
    expect(parseConsentMask(0)).toBe(2);
  });

  it('refuses anything else', () => {
    for (const value of [1, 32, 31, -2, 2.5, '', '2a', '0x1e', null, undefined, 'NaN', Infinity]) {
      expect(parseConsentMask(value), String(value)).toBeNull();
    }
  });
});

describe('isConsentCurrent', () => {
  it('accepts consent given for this version', () => {
    expect(isConsentCurrent({ version: 1, mask: 30 })).toBe(true);
  });

  it('asks again for an older version, a broken mask or nothing stored', () => {
    expect(isConsentCurrent({ version: 0, mask: 30 })).toBe(false);
    expect(isConsentCurrent({ version: '1', mask: 30 })).toBe(false);
    expect(isConsentCurrent({ version: 1, mask: 64 })).toBe(false);
    expect(isConsentCurrent(null)).toBe(false);
  });
});
