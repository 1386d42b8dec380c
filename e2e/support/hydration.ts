import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the server-rendered page, so handlers answer the keys and clicks
 * that follow. A hydrated element carries React's internal fiber key.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}
