import { expect, test } from '@playwright/test';
import { OLDER_BROWSER_BANNER } from '../packages/core/src/error-messages.ts';
import { expectNoAxeViolations } from './axe.ts';

test.describe('older-browser banner', () => {
  test('is never in the server-rendered page and stays hidden on a modern browser', async ({
    page,
    request,
  }) => {
    expect(await (await request.get('/')).text()).not.toContain('older browser');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('complementary', { name: 'Browser notice' })).toHaveCount(0);
  });

  test('warns a browser without structuredClone and can be dismissed for the session', async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { structuredClone?: unknown }).structuredClone;
    });
    await page.goto('/company');
    const banner = page.getByRole('complementary', { name: 'Browser notice' });
    await expect(banner).toContainText(OLDER_BROWSER_BANNER);
    await expect(banner.getByRole('link', { name: 'Get the app' })).toHaveAttribute('href', '/download');
    await expectNoAxeViolations(page);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(banner).toHaveCount(0);
  });

  test('comes back in a new session', async ({ browser }) => {
    for (let session = 0; session < 2; session++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('/?oldbrowser=1');
      const banner = page.getByRole('complementary', { name: 'Browser notice' });
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(banner).toHaveCount(0);
      await context.close();
    }
  });
});

test('the progress bar appears during a slow navigation and fades when it is done', async ({ page }) => {
  await page.goto('/sms');
  await page.waitForLoadState('networkidle');
  const bar = page.getByTestId('page-progress-bar');
  await expect(bar).toHaveCSS('opacity', '0');
  await page.route('**/sms.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByLabel('Phone number').fill('123');
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
  await expect(bar).toHaveCSS('opacity', '1');
  const width = await bar.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toContainText('valid phone number');
  await expect(bar).toHaveCSS('opacity', '0', { timeout: 3000 });
});
