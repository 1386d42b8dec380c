import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { finishOnboarding, fromOwnAddress, uniqueEmail } from './support/accounts.ts';
import { makeDataDir, startOwnServer, type OwnServer } from './support/own-server.ts';

// The message shows on every page of a Plaza that sets one, so this spec runs a Plaza of its own
// (decision 0019) instead of the server every other spec shares.
const MESSAGE = 'Plaza is for people 16 and older. Meet in a public place the first time.';
const CONFIRM = 'I am 16 or older';

let server: OwnServer;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(await makeDataDir(), {
    PLAZA_COMPLIANCE_MESSAGE: MESSAGE,
    PLAZA_COMPLIANCE_CONFIRM: CONFIRM,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('the compliance message waits after sign-up until it is confirmed, and stays confirmed', async ({
  page,
}) => {
  await fromOwnAddress(page);
  const email = uniqueEmail('compliance');
  // Signed out, nothing covers the page.
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.goto(`${server.url}/?signin=1&signup=1`);
  const since = Date.now();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Your code', { exact: true }).fill(await server.codeFor(email, since));
  await page.getByRole('button', { name: 'Continue' }).click();
  await finishOnboarding(page, 'Robin');
  await expect(page).toHaveURL(/\/chat$/);

  const modal = page.getByRole('alertdialog', { name: 'Before you go on' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(MESSAGE)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('compliance-modal.png') });

  // Confirmation is required: Escape does not dismiss it.
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: CONFIRM }).click();
  await expect(modal).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /your chats will appear here/ })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
