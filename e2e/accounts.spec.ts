import { expect, test } from '@playwright/test';
import { SIGNED_OUT_NOTICE, SIGN_IN_ERROR_PROMPT } from '../packages/core/src/error-messages.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  codeFor,
  enterEmailAndCode,
  finishOnboarding,
  fromOwnAddress,
  signUpNewPerson,
  uniqueEmail,
} from './support/accounts.ts';

// Each flow asks for a real code, reads it from the outbox and runs axe several times.
test.describe.configure({ timeout: 90_000 });

test('a newcomer signs up by e-mail, lands on chat, and signs out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  const modal = page.getByRole('dialog', { name: 'Sign up for Plaza' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Join Plaza')).toBeVisible();
  await expectNoAxeViolations(page);

  const email = uniqueEmail('newcomer');
  const since = Date.now();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const codeInput = page.getByLabel('Your code', { exact: true });
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page);
  await codeInput.fill(await codeFor(email, since));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('dialog', { name: 'Finish your profile' })).toBeVisible();
  await expectNoAxeViolations(page);
  await finishOnboarding(page, 'Robin');

  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: /your chats will appear here/ })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveAttribute(
    'placeholder',
    'Search Plaza',
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: /Your account/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out of Plaza?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Sign out' }).click();

  await expect(page.getByRole('status').filter({ hasText: SIGNED_OUT_NOTICE })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('a signed-out visit to /profile asks to sign in, then returns to /profile', async ({
  page,
  request,
}) => {
  const response = await request.get('/profile', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/?signin=1&return=%2Fprofile');

  await page.goto('/profile');
  await expect(page).toHaveURL('/?signin=1&return=%2Fprofile');
  await expect(page.getByRole('dialog', { name: 'Log in to Plaza' })).toBeVisible();
  await enterEmailAndCode(page, uniqueEmail('return'));
  await finishOnboarding(page);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Robin Tester');
  await expect(page.getByRole('link', { name: 'Open chat' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a wrong code shows an error and signs nobody in', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await page.goto('/?signin=1');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const since = Date.now() - 5000;
  const right = await codeFor(email, since);
  const wrong = right === '000000' ? '111111' : '000000';
  await page.getByLabel('Your code', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check the message and try again.',
  );
  await expectNoAxeViolations(page);

  const session = await page.request.get('/api/auth/get-session');
  expect(await session.json()).toBeNull();
  await page.goto('/chat');
  await expect(page).toHaveURL('/?signin=1&return=%2Fchat');
});

test('Escape and Back close the sign-in modal without leaving the page', async ({ page }) => {
  await page.goto('/faq?signin=1');
  await expect(page.getByRole('dialog', { name: 'Log in to Plaza' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/faq$/);

  await page.goto('/company');
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to Plaza' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('we should hang out');
});

test('Back closes the sign-out confirmation without leaving the page; Escape and its button close it too', async ({
  page,
}) => {
  await signUpNewPerson(page, 'back');
  await page.goto('/faq');
  await page.goto('/profile');
  const confirmation = page.getByRole('dialog', { name: 'Sign out of Plaza?' });
  async function openConfirmation() {
    await page.getByRole('button', { name: /Your account/ }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(confirmation).toBeVisible();
  }

  await openConfirmation();
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(confirmation).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Bio', { exact: true })).toBeVisible();

  await openConfirmation();
  await page.keyboard.press('Escape');
  await expect(confirmation).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);

  // Closed by its button, the dialog gives its history entry back: Back then leaves the page.
  await openConfirmation();
  await confirmation.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  // The entry is given back once the router is idle (dialog-history.ts): a Back pressed before
  // that leaves the dialog's entry instead (CI saw it, 2026-11-26).
  await expect
    .poll(() =>
      page.evaluate(() => (window.history.state as { plazaDialog?: string } | null)?.plazaDialog ?? null),
    )
    .toBeNull();
  await page.goBack();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('button', { name: /Your account/ })).toBeVisible();
});

test('a profile edit saves the bio, which shows after a reload', async ({ page }) => {
  await signUpNewPerson(page, 'bio');
  await page.goto('/profile');
  await expectNoAxeViolations(page);
  const bio = `Weekend hikes and board games ${Date.now()}`;
  await page.getByLabel('Bio', { exact: true }).fill(bio);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue(bio);
});

test('signing out in one tab signs the other tab out', async ({ page, context }) => {
  await signUpNewPerson(page, 'tabs');
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByRole('button', { name: /Your account/ })).toBeVisible();

  await page.getByRole('button', { name: /Your account/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await expect(other).toHaveURL('/?signin=1&return=%2Fprofile');
  await expect(other.getByRole('button', { name: /Your account/ })).toHaveCount(0);
});

test('/login?error=state_mismatch shows the sign-in error prompt', async ({ page }) => {
  await page.goto('/login?error=state_mismatch');
  const prompt = page.getByRole('alertdialog', { name: 'Sign-in problem' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(SIGN_IN_ERROR_PROMPT);
  await expectNoAxeViolations(page);
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('#signedout shows the session-expired notice and leaves the address clean', async ({ page }) => {
  await page.goto('/faq#signedout');
  const notice = page.getByRole('dialog', { name: 'Please sign in again' });
  await expect(notice).toContainText('Your session has expired. For your security, please login again.');
  await expect(page).toHaveURL(/\/faq$/);
  await expectNoAxeViolations(page);
});

test('a session the server no longer knows ends quietly, with the session-expired notice', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'plaza.session_token', value: 'ended-session', url: baseURL! }]);
  await page.goto('/profile');
  await expect(page.getByRole('dialog', { name: 'Please sign in again' })).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('plaza.session_token');
});

test('changing the e-mail address sends a code to the new address and confirms it', async ({ page }) => {
  await signUpNewPerson(page, 'change');
  await page.goto('/profile');
  const newEmail = uniqueEmail('changed');
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  const since = Date.now();
  await page.getByLabel('New e-mail address').fill(newEmail);
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByText(`We sent a code to ${newEmail}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Code', { exact: true }).fill(await codeFor(newEmail, since));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is changed.' })).toBeVisible();
  await page.reload();
  await expect(page.getByText(newEmail)).toBeVisible();
});

test('asking for too many codes opens the error modal of spec 8, once per page session', async ({ page }) => {
  await fromOwnAddress(page);
  const email = uniqueEmail('many-codes');
  await page.goto('/');
  // Five codes an hour per address: use them up, then ask once more in the sign-in modal.
  for (let i = 0; i < 5; i += 1) {
    const response = await page.request.post('/api/auth/email-otp/send-verification-otp', {
      data: { email, type: 'sign-in' },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(200);
  }
  await page.goto('/faq?signin=1');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Slow down a little' });
  await expect(modal.getByText(/^Too many codes asked for\. Try again in/)).toBeVisible();
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toHaveCount(0);

  // The same failure again on this page keeps to the message beside the form.
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many codes asked for' })).toBeVisible();
  await expect(modal).toHaveCount(0);
});
