import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_TTL_SECONDS,
  isOneTimeCodeFormat,
  oneTimeCodeFromNumber,
} from './one-time-code.ts';

describe('one-time codes', () => {
  it('are six digits, valid ten minutes, with five tries', () => {
    expect(ONE_TIME_CODE_LENGTH).toBe(6);
    expect(ONE_TIME_CODE_TTL_SECONDS).toBe(600);
    expect(ONE_TIME_CODE_MAX_ATTEMPTS).toBe(5);
  });

  it('recognise exactly six digits', () => {
    expect(isOneTimeCodeFormat('012345')).toBe(true);
    expect(isOneTimeCodeFormat(' 123456 ')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', '', '12 345', '１２３４５６']) {
      expect(isOneTimeCodeFormat(bad)).toBe(false);
    }
  });

  it('read a number back as its six-digit code', () => {
    expect(oneTimeCodeFromNumber(123456)).toBe('123456');
    expect(oneTimeCodeFromNumber(42)).toBe('000042');
    expect(oneTimeCodeFromNumber(1_000_000)).toBeNull();
    expect(oneTimeCodeFromNumber(-1)).toBeNull();
    expect(oneTimeCodeFromNumber(1.5)).toBeNull();
  });

  it('round-trip every six-digit code through its number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const code = oneTimeCodeFromNumber(n)!;
        expect(isOneTimeCodeFormat(code)).toBe(true);
        expect(Number(code)).toBe(n);
      }),
    );
  });
});
