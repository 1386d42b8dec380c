import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { makeDataDir, startOwnServer, type OwnServer } from './support/own-server.ts';

// Maintenance covers every page, so this spec runs a Plaza of its own (decision 0019's own servers).
let server: OwnServer;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(await makeDataDir(), { PLAZA_MAINTENANCE: '1' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('in maintenance every page is the full-page maintenance screen with status 503', async ({ page }) => {
  for (const path of ['/', '/faq', '/chat']) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
    await expect(page.getByText('Plaza is down for a short maintenance')).toBeVisible();
  }
  // Full page: no site navigation or footer around it.
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('in maintenance GraphQL answers 503 with the maintenance flag in the error data', async ({
  request,
}) => {
  const response = await request.post(`${server.url}/graphql`, {
    data: { query: '{ getBlockedCountryCodes { blockedCountryCodes } }' },
  });
  expect(response.status()).toBe(503);
  const body = (await response.json()) as { errors: Array<{ extensions: { maintenance?: boolean } }> };
  expect(body.errors[0]?.extensions.maintenance).toBe(true);
});
