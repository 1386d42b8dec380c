import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { enterEmailAndCode, finishOnboarding, fromOwnAddress, signUpNewPerson } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';

test.describe.configure({ timeout: 180_000 });

/** Named by PLAZA_ADMINS in playwright.config.ts: a site administrator once the address is verified. */
const ADMIN_EMAIL = 'e2e-moderator@example.org';

async function signInAsAdmin(page: Page): Promise<void> {
  await fromOwnAddress(page);
  await page.goto('/?signin=1&signup=1');
  await enterEmailAndCode(page, ADMIN_EMAIL);
  await finishOnboarding(page, 'Moderator');
  await expect(page).toHaveURL(/\/chat$/);
}

test('a report made in the browser reaches the moderation queue; hiding the plan removes it for everyone', async ({
  browser,
}) => {
  const hostPage = await (await browser.newContext()).newPage();
  const reporterPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  const visitorPage = await (await browser.newContext()).newPage();

  // A host makes a public plan.
  await signUpNewPerson(hostPage, 'moderation-host');
  const title = `Free watches giveaway ${Date.now().toString(36)}`;
  await hostPage.goto('/event/create');
  await hostPage.getByLabel('What’s the plan?').fill(title);
  await hostPage.getByLabel('Public').check();
  await hostPage.getByRole('button', { name: 'Create plan' }).click();
  await expect(hostPage.getByRole('heading', { level: 1 })).toHaveText(title);
  const planPath = new URL(hostPage.url()).pathname;
  // Nobody reports their own plan.
  await expect(hostPage.getByRole('button', { name: 'Report' })).toHaveCount(0);

  // Someone else reports it from the plan page.
  await signUpNewPerson(reporterPage, 'moderation-reporter');
  await reporterPage.goto(planPath);
  // The Report button opens its dialog once the page has hydrated (after its first paint).
  await waitForHydration(reporterPage);
  await reporterPage.getByRole('button', { name: 'Report' }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Report this plan' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).not.toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Impersonation' })).toHaveCount(0);
  await expectNoAxeViolations(reporterPage);
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog
    .getByLabel('Anything else we should know?')
    .fill('Asks for card details to "reserve" a watch.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(
    reporterPage.getByRole('status').filter({ hasText: 'Thanks, we will look at it.' }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The moderation area is not for them.
  const refused = await reporterPage.goto('/admin/reports');
  expect(refused?.status()).toBe(403);
  await expect(reporterPage.getByRole('heading', { level: 1 })).toHaveText('Forbidden');

  // An administrator finds it in the queue, from the account menu.
  await signInAsAdmin(adminPage);
  await adminPage.getByRole('button', { name: /^Your account/ }).click();
  await adminPage.getByRole('link', { name: 'Moderation' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/reports$/);
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Moderation');
  const item = adminPage.getByTestId('moderation-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Scam or fraud');
  // With few reports, who reported it and what they said show at once.
  await expect(item.getByText('Asks for card details')).toBeVisible();
  await expectNoAxeViolations(adminPage);

  // Hides it, with a note for the log.
  await item.getByLabel('Note for the log').fill('Scam: asks for card details');
  await item.getByRole('button', { name: 'Hide plan' }).click();
  await expect(adminPage.getByTestId('moderation-item').filter({ hasText: title })).toHaveCount(0);
  await adminPage.getByRole('link', { name: 'Resolved' }).click();
  const resolved = adminPage.getByTestId('moderation-item').filter({ hasText: title });
  await expect(resolved).toContainText('Hidden');
  await expect(resolved).toContainText('Scam: asks for card details');
  await expectNoAxeViolations(adminPage);
  await adminPage.getByRole('link', { name: 'Log', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin\/log$/);
  await expect(adminPage.getByTestId('log-entry').filter({ hasText: title }).first()).toContainText('Hidden');
  await expectNoAxeViolations(adminPage);

  // Gone for a signed-out visitor and for the reporter; its host sees why.
  const forVisitor = await visitorPage.goto(planPath);
  expect(forVisitor?.status()).toBe(404);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const forReporter = await reporterPage.goto(planPath);
  expect(forReporter?.status()).toBe(404);
  await hostPage.goto(planPath);
  await expect(hostPage.getByRole('status').filter({ hasText: 'A moderator hid this plan' })).toBeVisible();
  await expectNoAxeViolations(hostPage);
});
