import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (apt), never a downloaded browser: these machines reach no browser CDN. Without
 * the background-networking flags Chromium keeps dialling hosts this closed network refuses.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` when installed (the same Chromium
 * build without the browser's windowing; the suite took about a third less time and CPU with it,
 * decision 0035), else the browser. CHROMIUM_PATH chooses either.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH === undefined && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath;

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
