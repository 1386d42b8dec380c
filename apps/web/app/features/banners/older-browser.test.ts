import { describe, expect, it } from 'vitest';
import { isOlderBrowser } from './older-browser.ts';

const modern = { hasStructuredClone: true, hasCssHas: true };

describe('isOlderBrowser', () => {
  it('leaves modern browsers alone', () => {
    expect(isOlderBrowser(modern, '')).toBe(false);
    expect(isOlderBrowser(modern, '?oldbrowser=0')).toBe(false);
  });

  it('flags a browser missing either feature', () => {
    expect(isOlderBrowser({ hasStructuredClone: false, hasCssHas: true }, '')).toBe(true);
    expect(isOlderBrowser({ hasStructuredClone: true, hasCssHas: false }, '')).toBe(true);
  });

  it('can be forced with ?oldbrowser=1', () => {
    expect(isOlderBrowser(modern, '?utm=x&oldbrowser=1')).toBe(true);
  });
});
