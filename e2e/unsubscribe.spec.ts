import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { findOutboxMessage } from './support/outbox.ts';

test('without a link, /unsubscribe explains how to unsubscribe', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { name: 'How to unsubscribe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});

test('a wrong token is refused with the reason', async ({ page }) => {
  await page.goto('/unsubscribe?email=nobody%40example.org&token=not-the-token');
  await expect(page.getByText('nobody@example.org')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('not valid');
  await expectNoAxeViolations(page);
});

test('subscribing on /creators sends a link that unsubscribes in one click', async ({ page, baseURL }) => {
  const since = Date.now();
  const email = `e2e-${since}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  await page.goto('/creators');
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Keep me posted' }).click();
  await expect(page.getByRole('status')).toContainText(email);

  const mail = await findOutboxMessage(email, since);
  const link = /https?:\/\/\S+?\/unsubscribe\?[^\s>]+/.exec(mail)?.[0];
  expect(link, 'unsubscribe link in the welcome e-mail').toBeTruthy();
  const url = new URL(link ?? '');
  await page.goto(`${baseURL}${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);
  await expectNoAxeViolations(page);
});

test('mail apps can unsubscribe with a one-click POST to the link itself', async ({ request }) => {
  const response = await request.post('/unsubscribe?email=nobody%40example.org&token=wrong', {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  // The token is checked: a wrong one is refused, which proves the query was read.
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('not valid');
});
