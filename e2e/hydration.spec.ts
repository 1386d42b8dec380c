import { expect, test, type Page } from '@playwright/test';
import { codeFor, signUpNewPerson } from './support/accounts.ts';
import {
  holdClientEntry,
  isHydrated,
  reactErrorsOf,
  waitForHydration,
  waitsForIntent,
} from './support/hydration.ts';

// A first-time visitor: the cookie banner (and its script-only "Choose" button) shows.
test.use({ storageState: { cookies: [], origins: [] } });

test('a page is shown before its scripts load, then hydrates within its Content-Security-Policy', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  // The client entry held back: the page must be painted and readable without it.
  const release = await holdClientEntry(page);
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Until the first paint the preloads are inert and the entry script waits (decision 0030).
  const html = await (await page.request.get('/unsubscribe')).text();
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
  await page.goto('/unsubscribe');
  const banner = page.getByRole('region', { name: 'Cookies, your call' });
  const choose = banner.getByRole('button', { name: 'Choose' });
  await choose.click();
  expect(await isHydrated(page)).toBe(false);
  await expect(banner.getByRole('switch', { name: 'Personal' })).toHaveCount(0);
  // The press shows it was taken while it waits.
  await expect(choose).toHaveAttribute('aria-busy', 'true');
  expect(await choose.evaluate((button) => getComputedStyle(button).cursor)).toBe('progress');

  release();
  await waitForHydration(page);
  await expect(banner.getByRole('switch', { name: 'Personal' })).toBeVisible();
  await expect(banner.locator('[aria-busy], [data-early-pressed]')).toHaveCount(0);
  await expect(banner.getByRole('switch', { name: 'Personal' })).not.toBeChecked();
});

// A fetcher's form (its outcome shows in the page that sent it) submitted natively would have
// answered with a whole page, without that outcome: the profile's privacy form sent the code and
// then offered no field to type it in.
test('a form pressed before the page hydrated is submitted by its script once it has', async ({ page }) => {
  const { email } = await signUpNewPerson(page, 'early-form');
  const release = await holdClientEntry(page);
  await page.goto('/profile');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const since = Date.now();
  await page.getByRole('button', { name: 'Make my profile private' }).click();
  expect(await isHydrated(page)).toBe(false);

  release();
  await waitForHydration(page);
  const codeInput = page.getByLabel('Confirmation code');
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
  await expect(codeInput).toBeVisible();
  await codeInput.fill(await codeFor(email, since));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your profile is private.')).toBeVisible();
});

/** The scripts the page requests from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

// A reader whose clock is not the plan's (Lisbon): the page must tell the same time before and after.
test.describe('a reader in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("a visitor's profile and plan pages load no script until the visitor shows intent, then read the same", async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto('/ines');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // After the first paint (decision 0030) the modules would have loaded within a frame.
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(await waitsForIntent(page)).toBe(true);
    expect(await isHydrated(page)).toBe(false);

    // A link works without scripts: the plan page, as a visitor reads it, loads none either.
    await page.getByRole('link', { name: 'Sintra ridge hike' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sintra ridge hike');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    const read = await page.locator('main').innerText();
    // The server, not knowing the reader's zone, names the plan's: the reader elsewhere is not misled.
    expect(read).toMatch(/[AP]M GMT/);

    // The pointer over a button that needs them starts the scripts; hydrated, the page reads the same.
    await page
      .getByRole('region', { name: 'Cookies, your call' })
      .getByRole('button', { name: 'Choose' })
      .hover();
    await expect.poll(() => isHydrated(page)).toBe(true);
    expect(scripts.some((path) => /\/assets\/entry\.client-[^/]*\.js$/.test(path))).toBe(true);
    expect(await waitsForIntent(page)).toBe(false);
    expect(await page.locator('main').innerText()).toBe(read);
  });
});

test('explore and search results, as a visitor reads them, load no script until the visitor shows intent', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  for (const path of ['/explore', '/explore/tags', '/s/hike']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts, path).toEqual([]);
    expect(await waitsForIntent(page), path).toBe(true);
  }
  // The search box, focused, starts them.
  await page.getByRole('searchbox').first().focus();
  await expect.poll(() => isHydrated(page)).toBe(true);
});

test('a press before anything loaded loads the scripts and is pressed again once hydrated; a key starts them too', async ({
  page,
}) => {
  const errors = reactErrorsOf(page);
  await page.goto('/ines');
  await page.waitForLoadState('networkidle');
  expect(await isHydrated(page)).toBe(false);
  // One press, no wait: the press itself starts the scripts and is made again after hydration.
  const banner = page.getByRole('region', { name: 'Cookies, your call' });
  await banner.getByRole('button', { name: 'Choose' }).click();
  await expect(banner.getByRole('switch', { name: 'Personal' })).toBeVisible();
  expect(await isHydrated(page)).toBe(true);

  // The keyboard (Tab to the first link) starts them on a page that waits.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(await waitsForIntent(page)).toBe(true);
  await page.keyboard.press('Tab');
  await expect.poll(() => isHydrated(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('a visitor arriving with a query, or with a fragment, has the page start after its first paint', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/ines?from=share');
  await expect.poll(() => isHydrated(page)).toBe(true);
  expect(scripts.length).toBeGreaterThan(0);
  expect(await waitsForIntent(page)).toBe(false);

  // (A new document: from `/ines` the same address with a fragment would only scroll.)
  await page.goto('/#how-it-works');
  await expect.poll(() => isHydrated(page)).toBe(true);
  expect(await waitsForIntent(page)).toBe(false);
});

test('a page waiting for intent loads again when the browser signs in in another tab', async ({
  page,
  context,
}) => {
  await page.goto('/ines');
  await page.waitForLoadState('networkidle');
  expect(await waitsForIntent(page)).toBe(true);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const other = await context.newPage();
  await other.goto('/faq');
  const reloaded = page.waitForEvent('load');
  // What the sign-in modal writes once someone signed in (session-layer.tsx listens for it).
  await other.evaluate(() => window.localStorage.setItem('plaza.session', 'signed-in'));
  await reloaded;
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(false);
});

test('Share pressed before the page hydrated opens the share sheet at once, and only once', async ({
  page,
}) => {
  // The system share sheet is the edge of the outside world here: a stand-in records what it was given.
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  const shared = () => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
  // Held from the start: after the link is followed, the pointer rests where the plan page has a
  // button, and Chromium's pointerover there (sent when the layout moves under a resting pointer)
  // is a sign of intent that can start the page's scripts before the test could hold them (seen in CI).
  const release = await holdClientEntry(page);
  await page.goto('/ines');
  await page.getByRole('link', { name: 'Sintra ridge hike' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sintra ridge hike');

  await page.getByRole('button', { name: 'Share' }).click();
  expect(await isHydrated(page)).toBe(false);
  expect(await shared()).toEqual([
    { title: 'Sintra ridge hike', url: expect.stringMatching(/\/sintra-ridge-hike\/[A-Za-z0-9]+$/) },
  ]);

  release();
  await expect.poll(() => isHydrated(page)).toBe(true);
  // Once the presses kept before hydration were made again (none: the share was done), one share.
  await page.waitForFunction(() => (window as { __plazaEarlyTap?: unknown }).__plazaEarlyTap === null);
  expect(await shared()).toHaveLength(1);
  await page.getByRole('button', { name: 'Share' }).click();
  expect(await shared()).toHaveLength(2);
});
