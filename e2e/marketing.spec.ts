import { expect, test } from '@playwright/test';
import { META_DESCRIPTION } from '../packages/core/src/constants.ts';
import { expectNoAxeViolations } from './axe.ts';
import { attributeOf, h1Texts } from './support/html.ts';

/** Every page of spec 2.1 that needs no account, with its h1 and the main path its canonical link names. */
const PAGES: Array<{ path: string; h1: string; canonical: string }> = [
  { path: '/', h1: 'Turn “we should hang out” into plans that actually happen.', canonical: '/' },
  { path: '/company', h1: 'We build Plaza so people spend more time together', canonical: '/company' },
  { path: '/impact', h1: 'Time together is the point', canonical: '/impact' },
  { path: '/press', h1: 'Writing about Plaza?', canonical: '/press' },
  { path: '/faq', h1: 'Questions, answered', canonical: '/faq' },
  { path: '/creators', h1: 'Make a living doing what brings people together', canonical: '/creators' },
  { path: '/copyright', h1: 'Copyright', canonical: '/copyright' },
  { path: '/download', h1: 'Plaza, in your pocket', canonical: '/download' },
  { path: '/dl', h1: 'Plaza, in your pocket', canonical: '/download' },
  { path: '/download-agreement', h1: 'Download agreement', canonical: '/download-agreement' },
  { path: '/community-rules', h1: 'Community rules', canonical: '/community-rules' },
  { path: '/community-guidelines', h1: 'Community rules', canonical: '/community-rules' },
  { path: '/privacy-policy', h1: 'Privacy policy', canonical: '/privacy-policy' },
  { path: '/privacy', h1: 'Privacy policy', canonical: '/privacy-policy' },
  { path: '/terms-of-service', h1: 'Terms of service', canonical: '/terms-of-service' },
  { path: '/tos', h1: 'Terms of service', canonical: '/terms-of-service' },
  { path: '/unsubscribe', h1: 'Unsubscribe from Plaza e-mails', canonical: '/unsubscribe' },
  { path: '/unsubscribe-email', h1: 'Unsubscribe from Plaza e-mails', canonical: '/unsubscribe' },
  { path: '/deeplink', h1: 'Open this in Plaza', canonical: '/deeplink' },
  { path: '/deeplink/group/board-games/abc12345?k=xyz', h1: 'Open this in Plaza', canonical: '/deeplink' },
  { path: '/sms', h1: "We'll text you a link to Plaza", canonical: '/sms' },
  { path: '/healthcheck-all', h1: 'Health check', canonical: '/healthcheck-all' },
  { path: '/stripe-check', h1: 'Payments check', canonical: '/stripe-check' },
];

for (const { path, h1, canonical } of PAGES) {
  test(`${path} is rendered on the server, accessible and fits a phone`, async ({
    page,
    request,
    baseURL,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(h1Texts(html)).toEqual([h1]);
    expect(html).toContain('<html lang="en">');
    expect(attributeOf(html, 'link', { rel: 'canonical' }, 'href')).toBe(`${baseURL}${canonical}`);

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
  });
}

test('an unknown path answers 404 with the error page', async ({ page, request }) => {
  const response = await request.get('/no/such/page');
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(h1Texts(html)).toEqual(['Page not found']);
  expect(html).toContain('This page could not be found');
  expect(attributeOf(html, 'meta', { name: 'robots' }, 'content')).toBe('noindex');

  const pageResponse = await page.goto('/no/such/page');
  expect(pageResponse?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Back to/ })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
});

test('/handle-internal-server-error answers 200 with the generic error page and no raw message', async ({
  page,
}) => {
  const response = await page.goto('/handle-internal-server-error');
  expect(response?.status()).toBe(200);
  expect(await response?.text()).not.toContain('Deliberate error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something unexpected happened');
  await expect(page.getByRole('link', { name: 'Back to Plaza home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check system health' })).toHaveAttribute(
    'href',
    '/healthcheck-all',
  );
  await expect(page.getByText('Deliberate error')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a path starting with a double slash is redirected to its single-slash version', async ({
  request,
  baseURL,
}) => {
  const response = await request.get(`${baseURL}//company`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(new URL(response.headers()['location'] ?? '', baseURL).pathname).toBe('/company');
});

test('the footer has exactly the ten links of spec 2.2', async ({ page }) => {
  await page.goto('/');
  const links = page.getByRole('contentinfo').getByRole('link');
  await expect(links).toHaveText([
    'Download the app',
    'Company',
    'Impact',
    'Press',
    'FAQ',
    'Blog',
    'Accessibility',
    'Terms',
    'Privacy',
    'Get in touch',
  ]);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(hrefs.slice(0, 9)).toEqual([
    '/dl',
    '/company',
    '/impact',
    '/press',
    '/faq',
    '/press#news',
    '/faq#accessibility',
    '/terms-of-service',
    '/privacy-policy',
  ]);
  expect(hrefs[9]).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
});

test('the Blog and Accessibility footer links land on real sections', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/press#news$/);
  await expect(page.locator('#news').getByRole('heading', { level: 2, name: 'News' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/faq#accessibility$/);
  await expect(
    page.locator('#accessibility').getByRole('heading', { level: 2, name: 'Accessibility' }),
  ).toBeVisible();
});

test('the header offers Log in and Sign up to signed-out visitors, and nothing there is a dead link', async ({
  page,
  request,
}) => {
  await page.goto('/company');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Plaza home' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/?signin=1');
  await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/?signin=1&signup=1');
  for (const href of await header
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))) {
    expect((await request.get(href ?? '')).status(), `${href}`).toBe(200);
  }
});

test('the minimal layout is dark with the single call to action "Sign up now" and no footer', async ({
  page,
}) => {
  await page.goto('/download');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign up now' })).toHaveAttribute(
    'href',
    '/?signin=1&signup=1',
  );
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const background = await page
    .locator('main')
    .evaluate((main) => getComputedStyle(main.parentElement!).backgroundColor);
  expect(background).toBe('rgb(36, 20, 43)');
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/faq');
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('pages carry the meta description, Open Graph and Twitter tags with a real share image', async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get('/')).text();
  expect(attributeOf(html, 'meta', { name: 'description' }, 'content')).toBe(META_DESCRIPTION);
  expect(attributeOf(html, 'meta', { property: 'og:title' }, 'content')).toContain('Plaza');
  expect(attributeOf(html, 'meta', { property: 'og:description' }, 'content')).toBe(META_DESCRIPTION);
  expect(attributeOf(html, 'meta', { property: 'og:url' }, 'content')).toBe(`${baseURL}/`);
  expect(attributeOf(html, 'meta', { name: 'twitter:card' }, 'content')).toBe('summary_large_image');
  const image = attributeOf(html, 'meta', { property: 'og:image' }, 'content');
  expect(image).toBe(`${baseURL}/share/plaza-share.png`);
  expect(attributeOf(html, 'meta', { name: 'twitter:image' }, 'content')).toBe(image);

  const png = await request.get(image ?? '');
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const body = await png.body();
  // PNG header: width and height are big-endian at bytes 16 and 20.
  expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);

  for (const icon of ['/favicon.svg', '/favicon.ico', '/apple-touch-icon.png']) {
    expect((await request.get(icon)).status(), icon).toBe(200);
  }

  const faq = await (await request.get('/faq')).text();
  const faqDescription = attributeOf(faq, 'meta', { name: 'description' }, 'content');
  expect(faqDescription).not.toBe(META_DESCRIPTION);
  expect(faqDescription).not.toContain(' - Tap to see details');
});

test('the locale cookie is set once: English, a year, site-wide, Lax and Secure', async ({
  request,
  baseURL,
}) => {
  const first = await request.get('/', { headers: { cookie: '' } });
  const cookies = first.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie');
  expect(cookies.map((cookie) => cookie.value)).toContain(
    'i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
  );

  const again = await request.fetch(`${baseURL}/faq`, { headers: { cookie: 'i18n_redirected=en' } });
  const repeated = again.headersArray().filter((header) => /^i18n_redirected=/.test(header.value));
  expect(repeated).toEqual([]);
});

test('the install-app banner shows on the home page and not on the FAQ or the privacy alias', async ({
  page,
}) => {
  const banner = page.getByRole('complementary', { name: 'Get the Plaza app' });
  await page.goto('/');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Get the app' })).toHaveAttribute('href', '/download');
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/privacy');
  await expect(banner).toHaveCount(0);
});

test('a deep link offers the app and the same place on the web, passing its key through', async ({
  page,
}) => {
  await page.goto('/deeplink/group/board-games/abc12345?k=xyz');
  await expect(page.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
    'href',
    'plaza://group/board-games/abc12345?k=xyz',
  );
  await expect(page.getByRole('link', { name: 'Continue on the web' })).toHaveAttribute(
    'href',
    '/group/board-games/abc12345?k=xyz',
  );
});

test('/stripe-check says payments are not configured', async ({ page }) => {
  await page.goto('/stripe-check');
  await expect(page.getByText('Payments are not configured on this Plaza.')).toBeVisible();
});

test('/healthcheck-all lists every check with its duration, rendered on the server', async ({ request }) => {
  const response = await request.get('/healthcheck-all');
  expect(response.headers()['cache-control']).toBe('no-store');
  const html = await response.text();
  for (const check of ['database', 'bus', 'blobs', 'mail'])
    expect(html).toMatch(new RegExp(`<td[^>]*>${check}: ok`));
  expect(html).toContain('Duration (ms)');
});
