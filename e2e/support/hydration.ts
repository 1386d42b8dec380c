import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the server-rendered page, so handlers answer the keys and clicks
 * that follow and the page's effects have run (a waiting toast taken, settings read). The client
 * entry says so on the window (early-taps.ts's HYDRATED_KEY) once the hydration has committed and
 * its effects have run; a hydrated element's fiber key comes earlier, while React still renders,
 * and a toast set then was taken by the page being left (seen: 2 runs in 20). A page a signed-out visitor
 * reads loads its scripts on their first sign of interaction (decision 0033): such a page is given
 * one, a press of Shift, as a person reaching for the keyboard would.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (await waitsForIntent(page)) await page.keyboard.press('Shift');
  await page.waitForFunction(mainIsHydrated);
}

/** In the page: whether the app has hydrated (its client entry sets `__plazaHydrated`, early-taps.ts). */
function mainIsHydrated(): boolean {
  return (window as { __plazaHydrated?: boolean }).__plazaHydrated === true;
}

/** Whether React has hydrated the page by now. */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(mainIsHydrated);
}

/** True while the page's scripts wait for the visitor's first sign of interaction (decision 0033). */
export function waitsForIntent(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { __plazaWaitsForIntent?: boolean }).__plazaWaitsForIntent === true);
}

/**
 * Collects what React reports from now on about the page's hydration (a mismatch between the
 * server's HTML and the first render in the browser: minified error #418 in production) and any
 * uncaught error; the array fills as they come.
 */
export function reactErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error/i.test(message.text()))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds the client entry's download (so the page stays the server's HTML, answering natively)
 * until the returned function is called; the page then hydrates.
 */
export async function holdClientEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
