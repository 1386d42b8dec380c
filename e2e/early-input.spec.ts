import path from 'node:path';
import { expect, test } from '@playwright/test';
import { holdClientEntry, reactErrorsOf, waitForHydration } from './support/hydration.ts';
import { signUpNewPerson } from './support/accounts.ts';

// What a person does in the server's HTML before React takes over is kept: the client entry is held
// back, the fields answer natively, then the page hydrates and must follow what is on screen.

test('a time typed and "All day" ticked before hydration: the plan form follows both', async ({ page }) => {
  await signUpNewPerson(page, 'early-plan');
  const errors = reactErrorsOf(page);
  const release = await holdClientEntry(page);
  await page.goto('/event/create');
  await page.getByLabel('Starts').fill('2027-03-14T19:30');
  await page.getByLabel('All day').check();
  // No script yet: the field is still a date and time, its label unchanged.
  await expect(page.getByLabel('Starts')).toHaveAttribute('type', 'datetime-local');

  release();
  await waitForHydration(page);
  // The form's state took the typed time, then the tick: a whole day, its date kept.
  await expect(page.getByLabel('Last day')).toBeVisible();
  await expect(page.getByLabel('Starts')).toHaveAttribute('type', 'date');
  await expect(page.getByLabel('Starts')).toHaveValue('2027-03-14');
  await expect(page.getByLabel('All day')).toBeChecked();
  expect(errors).toEqual([]);
});

test('a notification switch turned off before hydration is saved once hydrated', async ({ page }) => {
  await signUpNewPerson(page, 'early-switch');
  const release = await holdClientEntry(page);
  await page.goto('/profile/notifications');
  const emailFriendRequests = page.getByRole('switch', { name: 'E-mail: Friend requests' });
  await expect(emailFriendRequests).toBeChecked();
  await emailFriendRequests.click({ force: true });
  await expect(emailFriendRequests).not.toBeChecked();

  const saved = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/profile/notifications'),
  );
  release();
  expect((await saved).status()).toBe(200);
  await expect(emailFriendRequests).not.toBeChecked();
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail: Friend requests' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push: Friend requests' })).toBeChecked();
});

test('a repeat chosen before hydration: the plan form shows what a monthly plan asks', async ({ page }) => {
  await signUpNewPerson(page, 'early-repeat');
  const release = await holdClientEntry(page);
  await page.goto('/event/create');
  await page.getByLabel('How often').selectOption({ label: 'Every month' });
  await expect(page.getByLabel('Each month on')).toHaveCount(0);

  release();
  await waitForHydration(page);
  // The form's state took the choice: the monthly and end-date fields appear, the choice stays.
  await expect(page.getByLabel('Each month on')).toBeVisible();
  await expect(page.getByLabel('Until (optional)')).toBeVisible();
  await expect(page.getByLabel('How often')).toHaveValue('MONTHLY');
});

test('a photo chosen before hydration is uploaded once hydrated', async ({ page }) => {
  await signUpNewPerson(page, 'early-photo');
  const errors = reactErrorsOf(page);
  const release = await holdClientEntry(page);
  await page.goto('/profile');
  await page
    .getByText('Add a photo')
    .locator('input[type=file]')
    .setInputFiles(path.resolve(import.meta.dirname, '../apps/web/public/apple-touch-icon.png'));
  await expect(page.getByRole('img', { name: 'Your photo' })).toHaveCount(0);

  release();
  await waitForHydration(page);
  await expect(page.getByRole('img', { name: 'Your photo' })).toHaveAttribute(
    'src',
    /^\/media\/[A-Za-z0-9]+\.webp$/,
  );
  expect(errors).toEqual([]);
});
