import { afterEach, describe, expect, it, vi } from 'vitest';
import { IS_OLDER_BROWSER_EXPRESSION, detectBrowserFeatures, isOlderBrowser } from './older-browser.ts';

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

describe('IS_OLDER_BROWSER_EXPRESSION', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says what isOlderBrowser says of the running browser, in every case', () => {
    const clones = [structuredClone, undefined];
    const styles = [
      undefined,
      {},
      { supports: () => true },
      { supports: (condition: string) => condition !== 'selector(:has(a))' },
    ];
    const answers: boolean[] = [];
    for (const clone of clones) {
      for (const css of styles) {
        vi.stubGlobal('structuredClone', clone);
        vi.stubGlobal('CSS', css);
        const inPage = new Function(`return ${IS_OLDER_BROWSER_EXPRESSION}`)() as boolean;
        expect(inPage).toBe(isOlderBrowser(detectBrowserFeatures(), ''));
        answers.push(inPage);
      }
    }
    // Only a browser with both features is modern.
    expect(answers).toEqual([true, true, false, true, true, true, true, true]);
  });
});
