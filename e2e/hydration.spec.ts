import { expect, test, type Page } from '@playwright/test';
import { holdClientEntry, waitForHydration } from './support/hydration.ts';

// A first-time visitor: the cookie banner (and its script-only "Choose" button) shows.
test.use({ storageState: { cookies: [], origins: [] } });

function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Object.keys(document.getElementById('main') ?? {}).some((key) => key.startsWith('__reactFiber$')),
  );
}

test('a page is shown before its scripts load, then hydrates within its Content-Security-Policy', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  // The client entry held back: the page must be painted and readable without it.
  const release = await holdClientEntry(page);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Until the first paint the preloads are inert and the entry script waits (decision 0030).
  const html = await (await page.request.get('/faq')).text();
  expect(html).toContain('rel="x-plaza-modulepreload"');
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toContain('type="text/x-plaza-deferred-module" id="plaza-entry"');
  expect(await isHydrated(page)).toBe(false);

  release();
  await waitForHydration(page);
  // The preloads were started again, and the entry ran as a module script with the page's nonce.
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
  expect(await page.locator('link[rel="x-plaza-modulepreload"]').count()).toBe(0);
  expect(refused).toEqual([]);
});

test('a button pressed before the page hydrated is pressed again once it has', async ({ page }) => {
  const release = await holdClientEntry(page);
  await page.goto('/faq');
  const banner = page.getByRole('region', { name: 'Cookies, your call' });
  await banner.getByRole('button', { name: 'Choose' }).click();
  expect(await isHydrated(page)).toBe(false);
  await expect(banner.getByRole('switch', { name: 'Personal' })).toHaveCount(0);

  release();
  await waitForHydration(page);
  await expect(banner.getByRole('switch', { name: 'Personal' })).toBeVisible();
  await expect(banner.getByRole('switch', { name: 'Personal' })).not.toBeChecked();
});
