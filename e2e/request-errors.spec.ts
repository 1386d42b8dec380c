import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { fromOwnAddress } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';

test('a rate-limited GraphQL call of a form opens the error modal of spec 8 once per page session', async ({
  page,
}) => {
  await fromOwnAddress(page);
  const number = `+1 646 555 0${String(100 + Math.floor(Math.random() * 899))}`;
  await page.goto('/sms');
  await waitForHydration(page);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.getByLabel('Phone number').fill(number);
    await page.getByLabel(/Text me this link once/).check();
    await page.getByRole('button', { name: 'Text me the link' }).click();
    await expect(page.getByRole('status')).toContainText('Link sent');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.goto('/sms');
    await waitForHydration(page);
  }
  // The fourth text in the hour is refused with RATE_LIMITED: the form says so and the modal opens.
  await page.getByLabel('Phone number').fill(number);
  await page.getByLabel(/Text me this link once/).check();
  await page.getByRole('button', { name: 'Text me the link' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Slow down a little' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Too many requests');
  await expect(page.getByRole('alert')).toContainText('please wait an hour and try again');
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toHaveCount(0);

  // Once per page session: the next refusal only shows beside the form.
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('alert')).toContainText('please wait an hour');
  await page.waitForTimeout(500);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
