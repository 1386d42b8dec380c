import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { enterEmailAndCode, fromOwnAddress, signUpNewPerson } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';

test.describe.configure({ timeout: 120_000 });

const PHOTO = path.resolve(import.meta.dirname, '../apps/web/public/apple-touch-icon.png');

async function createPublicGroup(page: Page, title: string): Promise<string> {
  await page.goto('/community/create');
  // A form filled and sent before hydration is early-input.spec.ts's and groups.spec.ts's subject.
  await waitForHydration(page);
  await page.getByLabel('Name').fill(title);
  await page.getByLabel('Public').check();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  return page.url();
}

async function createPlan(page: Page, title: string, groupUrl?: string): Promise<string> {
  if (groupUrl) {
    await page.goto(groupUrl);
    await page.getByRole('region', { name: 'Plans' }).getByRole('link', { name: 'New plan' }).click();
    await expect(page.getByLabel('Group', { exact: true })).not.toHaveValue('');
  } else {
    await page.goto('/event/create');
  }
  await page.getByLabel('What’s the plan?').fill(title);
  await page.getByLabel('Public').check();
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  return new URL(page.url()).pathname;
}

test('a group moderator removes a plan from the group after confirming; a member sees no such action', async ({
  browser,
}) => {
  const owner = await (await browser.newContext()).newPage();
  const member = await (await browser.newContext()).newPage();
  await signUpNewPerson(owner, 'plan-remover');
  await signUpNewPerson(member, 'plan-member');
  const suffix = Date.now().toString(36);
  const groupUrl = await createPublicGroup(owner, `Harbour Walkers ${suffix}`);
  await createPlan(owner, `Sunset walk ${suffix}`, groupUrl);
  await createPlan(owner, `Morning swim ${suffix}`, groupUrl);

  // A plain member sees the plans and no way to remove them.
  await member.goto(groupUrl);
  await member.getByRole('button', { name: 'Join group' }).click();
  await expect(member.getByTestId('membership')).toHaveText('Member');
  const memberPlans = member.getByRole('region', { name: 'Plans' });
  await expect(memberPlans.getByRole('link', { name: `Sunset walk ${suffix}` })).toBeVisible();
  await expect(memberPlans.getByRole('button', { name: /Remove from group/ })).toHaveCount(0);

  // The owner asks to remove one, cancels, then confirms.
  await owner.goto(groupUrl);
  const plans = owner.getByRole('region', { name: 'Plans' });
  await plans.getByRole('button', { name: `Remove from group Sunset walk ${suffix}` }).click();
  const dialog = owner.getByRole('alertdialog', { name: 'Remove this plan from the group?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `“Sunset walk ${suffix}” will no longer be part of Harbour Walkers ${suffix}.`,
  );
  await expectNoAxeViolations(owner);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(plans.getByRole('link', { name: `Sunset walk ${suffix}` })).toBeVisible();

  await plans.getByRole('button', { name: `Remove from group Sunset walk ${suffix}` }).click();
  await dialog.getByRole('button', { name: 'Remove plan' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(plans.getByRole('link', { name: `Sunset walk ${suffix}` })).toHaveCount(0);
  await expect(plans.getByRole('link', { name: `Morning swim ${suffix}` })).toBeVisible();
  await expectNoAxeViolations(owner);

  // It is gone for everyone after a reload, and the plan itself still exists.
  await member.reload();
  await expect(memberPlans.getByRole('link', { name: `Morning swim ${suffix}` })).toBeVisible();
  await expect(memberPlans.getByRole('link', { name: `Sunset walk ${suffix}` })).toHaveCount(0);
});

test('an uploaded photo is served with its 2x and 3x files in the page HTML', async ({ page }) => {
  await signUpNewPerson(page, 'srcset');
  await page.goto('/profile');
  await page.getByText('Add a photo').locator('input[type=file]').setInputFiles(PHOTO);
  const photo = page.getByRole('img', { name: 'Your photo' });
  await expect(photo).toHaveAttribute('src', /^\/media\/[A-Za-z0-9]+\.webp$/);
  const src = (await photo.getAttribute('src'))!.replace(/\.webp$/, '');
  await expect(photo).toHaveAttribute('srcset', `${src}.webp 1x, ${src}-2x.webp 2x, ${src}-3x.webp 3x`);
  await expectNoAxeViolations(page);

  // The server-rendered HTML carries it too, and the 2x and 3x files exist.
  const html = await (await page.request.get('/profile')).text();
  expect(html).toContain(`srcSet="${src}.webp 1x, ${src}-2x.webp 2x, ${src}-3x.webp 3x"`);
  for (const scale of ['2x', '3x']) {
    const file = await page.request.get(`${src}-${scale}.webp`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
  }
});

test('signing in on the page of a plan with a chat opens that chat', async ({ browser }) => {
  const host = await (await browser.newContext()).newPage();
  await signUpNewPerson(host, 'chat-plan-host');
  const title = `Board games night ${Date.now().toString(36)}`;
  const planPath = await createPlan(host, title);

  // A person with an account, signed out, opens the plan and logs in from it.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const { email } = await signUpNewPerson(guest, 'chat-plan-guest');
  await guestContext.clearCookies();
  await fromOwnAddress(guest);
  await guest.goto(planPath);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectNoAxeViolations(guest);
  await guest.getByRole('link', { name: 'Log in to answer' }).click();
  await enterEmailAndCode(guest, email);
  await expect(guest).toHaveURL(/\/chat\/p\/[A-Za-z0-9_-]+$/);
  await expect(guest.getByRole('heading', { name: title })).toBeVisible();
  await expectNoAxeViolations(guest);
});
