import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { signUpNewPerson } from './support/accounts.ts';

test.describe.configure({ timeout: 120_000 });

const COVER = path.resolve(import.meta.dirname, '../apps/web/public/apple-touch-icon.png');

test('create a group with a photo, make it request-to-join, a second person asks, the admin approves, and the activity shows both', async ({
  browser,
}) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  await signUpNewPerson(pageA, 'group-owner');
  const b = await signUpNewPerson(pageB, 'group-joiner');
  const title = `Tuesday Climbers ${Date.now().toString(36)}`;

  // A creates a public group with a cover photo.
  await pageA.goto('/community');
  await expect(pageA.getByRole('heading', { name: 'You are not in a group yet' })).toBeVisible();
  await expectNoAxeViolations(pageA);
  await pageA.getByRole('link', { name: 'Create a group' }).click();
  await expect(pageA).toHaveURL(/\/community\/create$/);
  await pageA.getByLabel('Cover photo').setInputFiles(COVER);
  await expect(pageA.getByRole('img', { name: 'Cover photo of the group' })).toHaveAttribute(
    'src',
    /^\/media\//,
  );
  await pageA.getByLabel('Name').fill(title);
  await pageA.getByLabel('What is it about?').fill('Bouldering after work, all levels.');
  await pageA.getByLabel('Public').check();
  await pageA.getByLabel('Hashtags').fill('climbing 🧗, fitness');
  await pageA.getByLabel('City').fill('Lisbon');
  await expectNoAxeViolations(pageA);
  await pageA.getByRole('button', { name: 'Create group' }).click();
  await expect(pageA).toHaveURL(/\/group\/tuesday-climbers-[a-z0-9-]+\/[A-Za-z0-9_-]{8,}$/);
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(pageA.getByTestId('membership')).toHaveText('Owner');
  const groupUrl = pageA.url();
  expect(await pageA.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/\/media\//);

  // A turns on join requests in the edit modal (opened by its hash).
  await pageA.getByRole('link', { name: 'Edit' }).click();
  await expect(pageA).toHaveURL(/#modal:group:edit:/);
  const edit = pageA.getByRole('dialog', { name: 'Edit group' });
  await edit.getByLabel('Approve new members').check();
  await expectNoAxeViolations(pageA);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toHaveCount(0);

  // B finds the group and asks to join.
  await pageB.goto(groupUrl);
  await pageB.getByRole('button', { name: 'Ask to join' }).click();
  await expect(pageB.getByTestId('membership')).toHaveText('Request sent');
  await expect(pageB.getByText('Request sent. A moderator will answer soon.')).toBeVisible();
  await expectNoAxeViolations(pageB);

  // A approves the request.
  await pageA.goto(`${groupUrl}?tab=requests`);
  const requests = pageA.getByRole('region', { name: 'Join requests' });
  await expect(requests.getByRole('link', { name: 'Robin Tester' })).toBeVisible();
  await expectNoAxeViolations(pageA);
  await requests.getByRole('button', { name: 'Approve Robin Tester' }).click();
  await expect(pageA.getByText('No one is waiting to join.')).toBeVisible();

  // B is in the members list, and the activity shows both of A's actions.
  await pageA.goto(groupUrl);
  const members = pageA.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members.getByText(`@${b.username}`)).toBeVisible();
  await pageA.getByRole('link', { name: 'Activity' }).click();
  const activity = pageA.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('group.user.approve')).toBeVisible();
  await expect(activity.getByText('approved Robin Tester’s request to join')).toBeVisible();
  await expect(activity.getByText('group.update')).toBeVisible();
  await expectNoAxeViolations(pageA);

  // B is a member now.
  await pageB.reload();
  await expect(pageB.getByTestId('membership')).toHaveText('Member');

  await contextA.close();
  await contextB.close();
});

test('a public group page renders on the server for a signed-out visitor with Open Graph title and image', async ({
  request,
  page,
}) => {
  const explore = await request.post('/graphql', {
    data: { query: '{ exploreGroups { groups { key slug title } } }' },
  });
  const groups = (
    (await explore.json()) as {
      data: { exploreGroups: { groups: Array<{ key: string; slug: string; title: string }> } };
    }
  ).data.exploreGroups.groups;
  const group = groups[0];
  expect(group).toBeDefined();
  const href = `/group/${group!.slug}/${group!.key}`;
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(
    `<meta property="og:title" content="${group!.title.replace(/&/g, '&amp;')} | Plaza"/>`,
  );
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/[^"]+"/);

  await page.goto(href);
  await expect(page.getByRole('link', { name: 'Log in to join' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong slug leads to the right one; an unknown key is a 404.
  const moved = await request.get(`/group/old-name/${group!.key}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe(href);
  expect((await request.get('/group/x/NoSuchGroupKey1')).status()).toBe(404);
});
