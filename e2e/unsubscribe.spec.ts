import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { findOutboxMessage } from './support/outbox.ts';

test('without a link, /unsubscribe explains how to unsubscribe', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { name: 'How to unsubscribe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});

test('a wrong link says so before anything is pressed, and points to the settings', async ({ page }) => {
  await page.goto('/unsubscribe?email=nobody%40example.org&token=not-the-token');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('not valid');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
    'href',
    '/profile/notifications',
  );
  await expectNoAxeViolations(page);
});

test('a forged notification link is refused the same way', async ({ page }) => {
  await page.goto('/unsubscribe?email=nobody%40example.org&token=eyJmb28iOjF9.c2lnbmF0dXJl');
  await expect(page.getByRole('alert')).toContainText('not valid');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
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
  // The page says what the link stops before it is used; opening it changes nothing.
  await expect(page.getByText(`Stop sending Plaza news to ${email}?`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`We won't send Plaza news to ${email} any more.`);
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

test('a one-click POST with a good link unsubscribes and says what stopped', async ({ page, request }) => {
  const since = Date.now();
  const email = `e2e-oneclick-${since}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  await page.goto('/creators');
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Keep me posted' }).click();
  await expect(page.getByRole('status')).toContainText(email);
  const mail = await findOutboxMessage(email, since);
  const url = new URL(/https?:\/\/\S+?\/unsubscribe\?[^\s>]+/.exec(mail)?.[0] ?? '');
  const response = await request.post(`${url.pathname}${url.search}`, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('Plaza news');
});
