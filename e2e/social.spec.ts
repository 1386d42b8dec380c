import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { codeFor, signUpNewPerson } from './support/accounts.ts';
import { attributeOf } from './support/html.ts';

test.describe.configure({ timeout: 120_000 });

/** Makes the signed-in person's profile private, confirming with the code sent to their e-mail. */
async function makeProfilePrivate(page: Page, email: string): Promise<void> {
  await page.goto('/profile');
  const since = Date.now();
  await page.getByRole('button', { name: 'Make my profile private' }).click();
  const codeInput = page.getByLabel('Confirmation code');
  await expect(codeInput).toBeVisible();
  await codeInput.fill(await codeFor(email, since));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your profile is private.')).toBeVisible();
}

test('a public profile renders on the server with its name in the title and an Open Graph image', async ({
  request,
  page,
}) => {
  const response = await request.get('/ines');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Inês Carvalho (@ines) | Plaza</title>');
  expect(attributeOf(html, 'meta', { property: 'og:image' }, 'content')).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/media\//,
  );
  expect(attributeOf(html, 'link', { rel: 'canonical' }, 'href')).toMatch(/\/ines$/);
  expect(attributeOf(html, 'meta', { name: 'description' }, 'content')).toMatch(/ - Tap to see details$/);

  for (const path of [
    '/ines/events',
    '/ines/events/past',
    '/ines/groups',
    '/ines/groups/common',
    '/ines/friends',
  ]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  expect((await request.get('/nobody-is-called-this')).status()).toBe(404);

  await page.goto('/ines');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Inês Carvalho');
  await expect(page.getByRole('link', { name: 'Log in to follow' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/ines/friends');
  await expect(page.getByRole('region', { name: 'Friends' }).getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('A asks to follow private B, B accepts, both are friends; then A blocks B and B can no longer find or open A', async ({
  browser,
}) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const a = await signUpNewPerson(pageA, 'social-a');
  const b = await signUpNewPerson(pageB, 'social-b');
  await makeProfilePrivate(pageB, b.email);

  // A finds B's profile, private: only the name shows, and following means asking.
  await pageA.goto(`/${b.username}`);
  await expect(pageA.getByText('This profile is private')).toBeVisible();
  await expectNoAxeViolations(pageA);
  await pageA.getByRole('button', { name: 'Add friend' }).click();
  await expect(pageA.getByTestId('friendship-state')).toHaveText('Requested');

  // B sees the request on the friends page and accepts it.
  await pageB.goto('/profile/friends');
  const requests = pageB.getByRole('region', { name: /Requests/ });
  await expect(requests.getByRole('link', { name: 'Robin Tester' })).toBeVisible();
  await expectNoAxeViolations(pageB);
  await requests.getByRole('button', { name: 'Accept' }).click();
  await expect(pageB.getByRole('region', { name: /Requests/ })).toHaveCount(0);
  await expect(pageB.getByRole('region', { name: 'Friends' }).getByRole('listitem')).toHaveCount(1);

  // Both see FRIENDS.
  await pageB.goto(`/${a.username}`);
  await expect(pageB.getByTestId('friendship-state')).toHaveText('Friends');
  await pageA.goto(`/${b.username}`);
  await expect(pageA.getByTestId('friendship-state')).toHaveText('Friends');
  await expect(pageA.getByText('This profile is private')).toHaveCount(0);

  // B can find A in the invite dialog's search while they are friends.
  await pageB.goto('/profile/friends');
  await pageB.getByRole('button', { name: 'Invite friends' }).click();
  const dialog = pageB.getByRole('dialog', { name: 'Invite friends' });
  await dialog.getByLabel('Search your people and contacts').fill(a.username.slice(0, 8));
  await expect(dialog.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(pageB);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A blocks B, confirming first.
  await pageA.getByRole('button', { name: 'Block', exact: true }).click();
  const confirm = pageA.getByRole('dialog', { name: /^Block / });
  await expect(confirm).toContainText('They are not told.');
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  // The two are hidden from each other, so A lands on the list where the block can be undone.
  await expect(pageA).toHaveURL(/\/profile\/friends\?tab=blocked$/);
  const blocked = pageA.getByRole('region', { name: 'Blocked' });
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
  await expect(blocked.getByTestId('friendship-state')).toHaveText('Blocked');
  await expect(blocked.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expectNoAxeViolations(pageA);

  // B can no longer open A's profile, nor find A among friends or in the invite search.
  const response = await pageB.goto(`/${a.username}`);
  expect(response?.status()).toBe(404);
  await pageB.goto('/profile/friends');
  await expect(pageB.getByText(/^No friends yet/)).toBeVisible();
  await pageB.getByRole('button', { name: 'Invite friends' }).click();
  await pageB.getByLabel('Search your people and contacts').fill(a.username.slice(0, 8));
  await expect(pageB.getByText(/^Nobody called/)).toBeVisible();

  await contextA.close();
  await contextB.close();
});

test('the invite dialog adds contacts from a file and invites the one picked, once a week', async ({
  page,
}) => {
  await signUpNewPerson(page, 'invite');
  await page.goto('/profile/friends');
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite friends' });
  const address = `e2e-contact-${Date.now()}@example.org`;
  await dialog.getByLabel('Add contacts from a file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`name,email\nDana Friend,${address}\nBad Row,not-an-address\n`),
  });
  await expect(
    dialog.getByText(/^Added 1 contact\. 1 could not be read\. Nobody was contacted\.$/),
  ).toBeVisible();
  await dialog.getByLabel('Search your people and contacts').fill('Dana');
  await dialog.getByRole('button', { name: 'Invite Dana Friend' }).click();
  await expect(dialog.getByText(`Invitation sent to ${address}.`)).toBeVisible();
  await dialog.getByLabel('Invite by e-mail or phone').fill(address);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(/week/i);
});
