import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BREAKPOINTS, SCREEN_SIZE_CLASSES, screenSizeClass } from './breakpoints.ts';

describe('screenSizeClass', () => {
  it('has the breakpoints of spec 9', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 });
  });

  it('switches class exactly at each breakpoint', () => {
    expect(screenSizeClass(0)).toBe('xs');
    expect(screenSizeClass(575)).toBe('xs');
    expect(screenSizeClass(576)).toBe('sm');
    expect(screenSizeClass(767.5)).toBe('sm');
    expect(screenSizeClass(768)).toBe('md');
    expect(screenSizeClass(991)).toBe('md');
    expect(screenSizeClass(992)).toBe('lg');
    expect(screenSizeClass(1199)).toBe('lg');
    expect(screenSizeClass(1200)).toBe('xl');
    expect(screenSizeClass(5000)).toBe('xl');
  });

  it('treats negative and non-numeric widths as xs', () => {
    expect(screenSizeClass(-10)).toBe('xs');
    expect(screenSizeClass(Number.NaN)).toBe('xs');
  });

  it('never gets smaller as the width grows', () => {
    fc.assert(
      fc.property(fc.nat(4000), fc.nat(4000), (a, b) => {
        const rank = (w: number) => SCREEN_SIZE_CLASSES.indexOf(screenSizeClass(w));
        return rank(Math.min(a, b)) <= rank(Math.max(a, b));
      }),
    );
  });
});
