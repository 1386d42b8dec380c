import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { signUpNewPerson } from './support/accounts.ts';

test.describe.configure({ timeout: 120_000 });

test('a friend request moves the badge live; the feed shows it, clears it, and opens it', async ({
  browser,
}) => {
  const contextA = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const contextB = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const a = await signUpNewPerson(pageA, 'activity-a');
  await signUpNewPerson(pageB, 'activity-b');

  // A waits on an ordinary page; the bell says nothing is new.
  await pageA.goto('/profile/friends');
  const bell = pageA.getByRole('link', { name: /^Activity/ });
  await expect(bell).toHaveAccessibleName('Activity');
  await expect(pageA.getByTestId('activity-badge')).toHaveCount(0);

  // B asks for A's friendship from A's profile.
  await pageB.goto(`/${a.username}`);
  await pageB.getByRole('button', { name: 'Add friend' }).click();
  await expect(pageB.getByTestId('friendship-state')).toBeVisible();

  // A's badge changes without a reload.
  await expect(bell).toHaveAccessibleName('Activity, 1 unread');
  await expect(pageA.getByTestId('activity-badge')).toHaveText('1');
  await expectNoAxeViolations(pageA);

  // The feed shows the request, marked new, and opening it clears the badge.
  await bell.click();
  await expect(pageA).toHaveURL(/\/profile\/activity$/);
  await expect(pageA.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const item = pageA.getByRole('link', { name: /wants to be your friend/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('(new)');
  await expect(pageA.getByText('1 new since you last looked')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Activity');
  await expect(pageA.getByTestId('activity-badge')).toHaveCount(0);
  await expectNoAxeViolations(pageA);

  // Read again later: still there, no longer new, and the badge stays clear.
  await pageA.reload();
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('(new)');
  await expect(pageA.getByTestId('activity-badge')).toHaveCount(0);

  // The activity opens the page it is about.
  await item.click();
  await expect(pageA).toHaveURL(/\/profile\/friends/);

  await contextA.close();
  await contextB.close();
});

test('notification settings: a channel switch is kept, quiet hours are checked, the service worker is served', async ({
  page,
  request,
}) => {
  await signUpNewPerson(page, 'activity-settings');
  await page.goto('/profile/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expectNoAxeViolations(page);

  const emailFriendRequests = page.getByRole('switch', { name: 'E-mail: Friend requests' });
  await expect(emailFriendRequests).toBeChecked();
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/profile/notifications'),
  );
  await emailFriendRequests.click({ force: true });
  await expect(emailFriendRequests).not.toBeChecked();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail: Friend requests' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push: Friend requests' })).toBeChecked();

  await page.getByLabel('Pause notifications at night').check();
  // The same time twice is refused beside the field it concerns.
  await page.getByLabel('From').fill('06:30');
  await page.getByLabel('Until').fill('06:30');
  await page.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(page.getByText('Quiet hours must end at another time than they start.')).toBeVisible();
  await expect(page.getByLabel('Until')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('From').fill('23:00');
  await page.getByLabel('Until').fill('06:30');
  await page.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Pause notifications at night')).toBeChecked();
  await expect(page.getByLabel('From')).toHaveValue('23:00');
  await expect(page.getByLabel('Until')).toHaveValue('06:30');

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await worker.text()).toContain('notificationclick');
});

test('a member mutes a group for 8 hours from its page, finds it in the settings and unmutes it there', async ({
  page,
  baseURL,
}) => {
  await signUpNewPerson(page, 'activity-mute');
  const created = await page.request.post('/graphql', {
    headers: { origin: baseURL! },
    data: { query: 'mutation { createGroup(group: { title: "Night Owls", isPublic: true }) { key slug } }' },
  });
  const { key, slug } = ((await created.json()) as { data: { createGroup: { key: string; slug: string } } })
    .data.createGroup;

  await page.goto(`/group/${slug}/${key}`);
  await page.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(page.getByText('No push or e-mail about Night Owls:')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'For 8 hours' }).click();
  const muted = page.getByRole('button', { name: 'Unmute Night Owls' });
  await expect(muted).toContainText(/Muted until/);
  await page.reload();
  await expect(muted).toContainText(/Muted until/);

  await page.goto('/profile/notifications');
  const mutes = page.getByRole('region', { name: 'Muted plans and groups' });
  await expect(mutes.getByRole('link', { name: 'Night Owls' })).toBeVisible();
  await expect(mutes.getByText(/Group · muted until/)).toBeVisible();
  await mutes.getByRole('button', { name: 'Unmute Night Owls' }).click();
  await expect(mutes.getByText('Nothing muted.', { exact: false })).toBeVisible();

  await page.goto(`/group/${slug}/${key}`);
  await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
});
