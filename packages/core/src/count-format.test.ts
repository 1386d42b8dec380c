import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatCompactNumber, formatCount } from './count-format.ts';

const SUFFIX_VALUE: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9 };

/** The number a formatted count stands for, to compare outputs by value. */
function shownValue(text: string): number {
  const match = /^(-?)(\d+(?:\.\d)?)([kmb]?)$/.exec(text);
  if (!match) throw new Error(`not a formatted count: ${text}`);
  const [, sign = '', digits = '', suffix = ''] = match;
  return (sign ? -1 : 1) * Number(digits) * (SUFFIX_VALUE[suffix] ?? NaN);
}

describe('formatCount', () => {
  it('shows counts below 1000 plainly', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('abbreviates at 1000 as k with one decimal below 100k', () => {
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1234)).toBe('1.2k');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(99_949)).toBe('99.9k');
  });

  it('drops the decimal from 100k', () => {
    expect(formatCount(123_456)).toBe('123k');
    expect(formatCount(100_000)).toBe('100k');
    expect(formatCount(99_950)).toBe('100k');
  });

  it('abbreviates at 1,000,000 as m', () => {
    expect(formatCount(1_000_000)).toBe('1m');
    expect(formatCount(1_500_000)).toBe('1.5m');
    expect(formatCount(12_345_678)).toBe('12.3m');
    expect(formatCount(123_456_789)).toBe('123m');
  });

  it('never writes a trailing .0', () => {
    expect(formatCount(2_000)).toBe('2k');
    expect(formatCount(2_049)).toBe('2k');
    expect(formatCount(3_000_000)).toBe('3m');
  });

  it('rounds half up', () => {
    expect(formatCount(1_249)).toBe('1.2k');
    expect(formatCount(1_250)).toBe('1.3k');
    expect(formatCount(1_150)).toBe('1.2k');
    expect(formatCount(123_500)).toBe('124k');
  });

  it('moves to m rather than writing 1000k', () => {
    expect(formatCount(999_499)).toBe('999k');
    expect(formatCount(999_500)).toBe('1m');
    expect(formatCount(999_999)).toBe('1m');
  });

  it('moves to b rather than writing 1000m', () => {
    expect(formatCount(999_499_999)).toBe('999m');
    expect(formatCount(999_999_999)).toBe('1b');
    expect(formatCount(2_500_000_000)).toBe('2.5b');
  });

  it('drops fractions of a count', () => {
    expect(formatCount(999.9)).toBe('999');
    expect(formatCount(0.4)).toBe('0');
    expect(formatCount(-0.4)).toBe('0');
  });

  it('keeps the sign of a negative count', () => {
    expect(formatCount(-5)).toBe('-5');
    expect(formatCount(-1234)).toBe('-1.2k');
    expect(formatCount(-999_999)).toBe('-1m');
  });

  it('shows NaN as 0 and clamps infinite values', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('9007199b');
    expect(formatCount(Number.NEGATIVE_INFINITY)).toBe('-9007199b');
  });

  it('is the plain integer below 1000', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999 }), (n) => formatCount(n) === String(n)));
  });

  it('never goes down as the count goes up', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          return shownValue(formatCount(low)) <= shownValue(formatCount(high));
        },
      ),
    );
  });

  it('never goes down across neighbouring counts near the unit boundaries', () => {
    const nearBoundary = fc
      .constantFrom(1e3, 1e5, 1e6, 1e8, 1e9, 1e11)
      .chain((boundary) => fc.integer({ min: boundary - 1000, max: boundary + 1000 }));
    fc.assert(fc.property(nearBoundary, (n) => shownValue(formatCount(n)) <= shownValue(formatCount(n + 1))));
  });

  it('stays within 5% of the count', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999_999_999 }), (n) => {
        return Math.abs(shownValue(formatCount(n)) - n) <= 0.05 * n;
      }),
    );
  });

  it('is short, well formed and never 1000 of a unit, for any number', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const text = formatCount(value);
        return (
          text.length <= 9 &&
          /^-?(0|[1-9]\d*)(\.[1-9])?[kmb]?$/.test(text) &&
          !/^-?1000[km]$/.test(text) &&
          !/^-?\d{3,}\./.test(text) // no decimal from 100 of a unit up
        );
      }),
    );
  });

  it('is symmetric around zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (n) => formatCount(-n) === `-${formatCount(n)}`,
      ),
    );
  });
});

describe('formatCompactNumber', () => {
  it('uses short compact notation with at most one decimal', () => {
    expect(formatCompactNumber(999)).toBe('999');
    expect(formatCompactNumber(1234)).toBe('1.2K');
    expect(formatCompactNumber(1_500_000)).toBe('1.5M');
    expect(formatCompactNumber(999_999)).toBe('1M');
  });
});
