import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { waitForHydration } from './support/hydration.ts';

// These tests start as a first-time visitor: no consent cookie (the other specs get one from
// playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ timeout: 90_000 });

/** The consent cookie read back from the browser, split into its version and mask. */
async function storedConsent(context: BrowserContext): Promise<{ version: number; mask: number } | null> {
  const cookie = (await context.cookies()).find((c) => c.name === 'pcg');
  if (!cookie) return null;
  const [version, mask, ...rest] = cookie.value.split('.');
  expect(rest, `pcg=${cookie.value} is <version>.<mask>`).toEqual([]);
  expect(cookie.path).toBe('/');
  expect(cookie.sameSite).toBe('Lax');
  // A year, as a state cookie of spec 9 (give or take the test's own run time).
  const days = (cookie.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);
  return { version: Number(version), mask: Number(mask) };
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Cookies, your call' });
}

interface TrackingBody {
  variables: { sessionId: string; events: Array<{ name: string; properties: { path: string } }> };
}

function isTrackingRequest(request: Request): boolean {
  return request.url().endsWith('/graphql') && (request.postData() ?? '').includes('tracking(');
}

test('the banner shows until a choice, and stores each choice as version 1 with its mask', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible();
  await expectNoAxeViolations(page);

  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(context)).toEqual({ version: 1, mask: 30 });

  // The server reads the cookie, so a page for someone who chose never carries the banner.
  const html = await (await page.request.get('/company')).text();
  expect(html).not.toContain('data-testid="consent-banner"');
  await page.goto('/company');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();

  // The footer opens it again, with the switches where the choice left them.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner(page)).toBeVisible();
  for (const name of ['Marketing', 'Personal', 'Analytics']) {
    await expect(banner(page).getByRole('switch', { name })).toBeChecked();
  }
  await expectNoAxeViolations(page);
  await banner(page).getByRole('switch', { name: 'Marketing' }).uncheck();
  await banner(page).getByRole('switch', { name: 'Personal' }).uncheck();
  await banner(page).getByRole('button', { name: 'Save choices' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(context)).toEqual({ version: 1, mask: 2 | 16 });

  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await banner(page).getByRole('button', { name: 'Essential only' }).click();
  expect(await storedConsent(context)).toEqual({ version: 1, mask: 2 });
});

test('a first visit starts with every switch off, and the server sends the banner to visitors who have not chosen', async ({
  page,
  context,
}) => {
  const html = await (await page.request.get('/faq')).text();
  expect(html).toContain('data-testid="consent-banner"');

  await page.goto('/faq');
  await waitForHydration(page);
  await banner(page).getByRole('button', { name: 'Choose' }).click();
  for (const name of ['Marketing', 'Personal', 'Analytics']) {
    await expect(banner(page).getByRole('switch', { name })).not.toBeChecked();
  }
  await banner(page).getByRole('switch', { name: 'Personal' }).check();
  await banner(page).getByRole('button', { name: 'Save choices' }).click();
  expect(await storedConsent(context)).toEqual({ version: 1, mask: 2 | 8 });
});

test('a choice made for another consent version is asked for again', async ({ page, context }) => {
  await context.addCookies([{ name: 'pcg', value: '0.30', url: test.info().project.use.baseURL! }]);
  await page.goto('/');
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Essential only' }).click();
  expect(await storedConsent(context)).toEqual({ version: 1, mask: 2 });
});

test('withdrawing personal consent removes the personal key skt', async ({ page, context }) => {
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: 'pcg', value: '1.30', url },
    { name: 'skt', value: 'remembered', url },
  ]);
  await page.goto('/faq');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await banner(page).getByRole('button', { name: 'Essential only' }).click();
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).toContain('pcg');
  expect(names).not.toContain('skt');
});

test('no tracking event leaves the browser before analytics consent, and page views follow it', async ({
  page,
}) => {
  const tracking: Request[] = [];
  page.on('request', (request) => {
    if (isTrackingRequest(request)) tracking.push(request);
  });

  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Company' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);

  // "Essential only" allows no tracking either.
  await banner(page).getByRole('button', { name: 'Essential only' }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Press' }).click();
  await expect(page).toHaveURL(/\/press$/);
  // Events wait a second to travel together: give any that were queued the time to leave.
  await page.waitForTimeout(2500);
  expect(tracking).toEqual([]);

  // With analytics consent the page on which it was given, and the next, are counted.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await banner(page).getByRole('switch', { name: 'Analytics' }).check();
  await banner(page).getByRole('button', { name: 'Save choices' }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Impact' }).click();
  await expect(page).toHaveURL(/\/impact$/);
  const viewedPaths = () =>
    tracking.flatMap((request) => {
      const body = request.postDataJSON() as TrackingBody;
      return body.variables.events.map((event) => `${event.name} ${event.properties.path}`);
    });
  await expect.poll(viewedPaths).toEqual(['page.view /press', 'page.view /impact']);
  for (const request of tracking) {
    expect((request.postDataJSON() as TrackingBody).variables.sessionId).toMatch(/^[a-f0-9]{32}$/);
    // The server kept them: the request carried the analytics consent.
    const response = await request.response();
    expect(await response?.json()).toEqual({ data: { tracking: true } });
  }
});

test('the banner works from the keyboard alone', async ({ page, context }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible();
  // Right after the skip link: the privacy link, then the choices.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: 'How we use cookies' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Choose' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Choosing moves focus to the first switch.
  await expect(banner(page).getByRole('switch', { name: 'Marketing' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Save choices' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(context)).toEqual({ version: 1, mask: 2 | 16 });
  await expect(page.locator('#main')).toBeFocused();
});

/**
 * Serves the test server's pages from a port of its own, each page's HTML in two parts a moment
 * apart, cut inside the consent banner: what a browser gets when a network packet ends there.
 */
async function servedCutInsideTheBanner(
  baseURL: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', baseURL), {
        headers: { accept: request.headers.accept ?? '*/*' },
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      const type = upstream.headers.get('content-type') ?? '';
      response.writeHead(upstream.status, { 'content-type': type, 'cache-control': 'no-store' });
      const text = type.includes('text/html') ? body.toString('utf8') : '';
      const at = text.indexOf('Cookies, your call');
      if (at < 0) return response.end(body);
      const cut = Buffer.byteLength(text.slice(0, at + 400));
      response.write(body.subarray(0, cut));
      setTimeout(() => response.end(body.subarray(cut)), 700);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('the banner does not move the page when its HTML comes in two parts', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cutServer = await servedCutInsideTheBanner(baseURL!);
  try {
    await page.addInitScript(() => {
      const shifts: Array<{ value: number; banner: boolean }> = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
        >)
          shifts.push({
            value: entry.value,
            banner: (entry.sources ?? []).some(
              (source) =>
                source.node instanceof Element && source.node.closest('[data-consent-banner]') !== null,
            ),
          });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Painted before the second part came, the banner was half its height; then it grew upwards.
    await page.goto(`${cutServer.url}/explore`, { waitUntil: 'commit' });
    await page.waitForLoadState('load');
    await expect(banner(page)).toBeVisible();
    // A frame or two after the last part, for the shift (if any) to be reported.
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(
      () => (window as unknown as { shifts: Array<{ value: number; banner: boolean }> }).shifts,
    );
    expect(shifts.filter((shift) => shift.banner)).toEqual([]);
    // Hidden while its last element is missing, shown again with it.
    await page.evaluate(() => document.querySelector('[data-consent-end]')?.remove());
    await expect(banner(page)).toBeHidden();
    await page.evaluate(() => {
      const end = document.createElement('span');
      end.setAttribute('data-consent-end', '');
      end.hidden = true;
      document.querySelector('[data-consent-banner]')?.append(end);
    });
    await expect(banner(page)).toBeVisible();
  } finally {
    await cutServer.close();
  }
});
