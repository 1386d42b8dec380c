/**
 * Debian's Chromium (apt), never a downloaded browser: these machines reach no browser CDN. Without
 * the background-networking flags Chromium keeps dialling hosts this closed network refuses.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
