import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { findOutboxMessage } from './support/outbox.ts';

test('the /sms form shows the server field error for a number that is too short', async ({ page }) => {
  await page.goto('/sms');
  const phone = page.getByLabel('Phone number');
  await phone.fill('123');
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('alert')).toContainText('valid phone number');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveValue('123');
  await expectNoAxeViolations(page);
});

test('the /sms form asks for consent before it texts anything', async ({ page }) => {
  await page.goto('/sms');
  await page.getByLabel('Phone number').fill('+1 415 555 2699');
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('alert')).toContainText('Tick the box');
  const consent = page.getByLabel(/Text me this link once/);
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Phone number')).toHaveValue('+1 415 555 2699');
  await expectNoAxeViolations(page);
  await consent.check();
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('status')).toContainText('Link sent. Check your messages.');
});

test('the /sms form texts the link to a valid US number', async ({ page }) => {
  const since = Date.now();
  await page.goto('/sms');
  await page.getByLabel('Phone number').fill('+1 415 555 2671');
  await page.getByLabel(/Text me this link once/).check();
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('status')).toContainText('Link sent. Check your messages.');
  await expect(page.getByRole('status')).toContainText('+1 415 555 2671');
  const sms = await findOutboxMessage('To: +14155552671', since);
  expect(sms).toMatch(/\/download\b/);
  await expectNoAxeViolations(page);
});

test('after three texts to one number in an hour, the form explains the limit', async ({ page }) => {
  await page.goto('/sms');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.getByLabel('Phone number').fill('+1 212 555 0142');
    await page.getByLabel(/Text me this link once/).check();
    await page.getByRole('button', { name: 'Text me the link' }).click();
    await expect(page.getByRole('status')).toContainText('Link sent');
    await page.goto('/sms');
  }
  await page.getByLabel('Phone number').fill('+1 212 555 0142');
  await page.getByLabel(/Text me this link once/).check();
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('alert')).toContainText('please wait an hour and try again');
});

test('the /sms form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/sms');
  await page.getByLabel('Phone number').fill('12');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/sms'),
    page.getByRole('button', { name: 'Text me the link' }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByText(/valid phone number/)).toBeVisible();
  await context.close();
});

test('the download page sends its "text me the link" form to /sms', async ({ page }) => {
  await page.goto('/download');
  await page.getByLabel('Phone number').fill('123');
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page).toHaveURL(/\/sms$/);
  await expect(page.getByRole('alert')).toContainText('valid phone number');
});
