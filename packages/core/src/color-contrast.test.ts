import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { WCAG_AA_TEXT_CONTRAST, contrastRatio, parseHexColor, relativeLuminance } from './color-contrast.ts';

const hexColor = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map(([r, g, b]) => '#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join(''));

describe('parseHexColor', () => {
  it('reads six- and three-digit colours', () => {
    expect(parseHexColor('#1a2B3c')).toEqual({ r: 26, g: 43, b: 60 });
    expect(parseHexColor('#fA0')).toEqual({ r: 255, g: 170, b: 0 });
  });

  it('refuses anything else', () => {
    for (const value of ['', '1a2b3c', '#12', '#12345g', 'red', '#1234567']) {
      expect(() => parseHexColor(value), value).toThrow(TypeError);
    }
  });
});

describe('relativeLuminance and contrastRatio', () => {
  it('gives the WCAG reference values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('is 1 for a colour against itself, symmetric, and between 1 and 21', () => {
    fc.assert(
      fc.property(hexColor, hexColor, (a, b) => {
        const ratio = contrastRatio(a, b);
        return (
          Math.abs(contrastRatio(a, a) - 1) < 1e-12 &&
          ratio === contrastRatio(b, a) &&
          ratio >= 1 &&
          ratio <= 21 + 1e-9
        );
      }),
    );
  });

  it('sets the AA threshold for normal text at 4.5', () => {
    expect(WCAG_AA_TEXT_CONTRAST).toBe(4.5);
  });
});
