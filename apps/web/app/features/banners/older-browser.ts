/** Query parameter that shows the older-browser banner on any browser, for tests and demos. */
export const OLDER_BROWSER_TEST_PARAM = 'oldbrowser';

export const OLDER_BROWSER_DISMISSED_KEY = 'plaza.olderBrowserBanner.dismissed';

export interface BrowserFeatures {
  hasStructuredClone: boolean;
  /** CSS `:has()`, the newest platform feature the app's styles rely on (2023 in every engine). */
  hasCssHas: boolean;
}

/** Features of the running browser; only ever called in the browser, never during server rendering. */
export function detectBrowserFeatures(): BrowserFeatures {
  const css = (globalThis as { CSS?: { supports?: (condition: string) => boolean } }).CSS;
  return {
    hasStructuredClone: typeof globalThis.structuredClone === 'function',
    hasCssHas: typeof css?.supports === 'function' ? css.supports('selector(:has(a))') : false,
  };
}

/**
 * Whether to warn about an older browser (spec 8). Browsers from before 2022 lack these features;
 * everything newer has both.
 */
export function isOlderBrowser(features: BrowserFeatures, search: string): boolean {
  if (new URLSearchParams(search).get(OLDER_BROWSER_TEST_PARAM) === '1') return true;
  return !features.hasStructuredClone || !features.hasCssHas;
}

/**
 * `isOlderBrowser(detectBrowserFeatures(), '')` as an expression for a page's inline start script
 * (decision 0033): a page that waits for its visitor's first interaction starts the app at once in an
 * older browser, so the notice shows as on any other page.
 */
export const IS_OLDER_BROWSER_EXPRESSION =
  "(typeof structuredClone!=='function'||!(typeof CSS==='object'&&CSS!==null&&typeof CSS.supports==='function'&&CSS.supports('selector(:has(a))')))";
