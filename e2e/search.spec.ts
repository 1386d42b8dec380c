import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { signUpNewPerson } from './support/accounts.ts';
import { holdClientEntry, waitForHydration } from './support/hydration.ts';

test.describe.configure({ timeout: 90_000 });

test('a signed-out visitor searches: the results render on the server, tolerate a typo and a prefix, and filter by kind', async ({
  page,
  request,
}) => {
  // Rendered on the server: the HTML already holds the plan.
  const html = await (await request.get('/s/sintra')).text();
  expect(html).toContain('Results for “sintra”');
  expect(html).toContain('Sintra ridge hike');

  await page.goto('/s/events/sinta%20ridge');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “sinta ridge”');
  const plans = page.getByRole('region', { name: /^Plans/ });
  await expect(plans.getByRole('link', { name: /Sintra ridge hike/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plans', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page);

  await page.goto('/s/people/carval');
  await expect(
    page.getByRole('region', { name: /^People/ }).getByRole('link', { name: 'Inês Carvalho' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: /^Plans/ })).toHaveCount(0);

  // Context words after a context are search text, not profile sections (/<username>/events/past).
  await page.goto('/s/events/past');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “past”');

  await page.goto('/s/zzqxwv');
  await expect(page.getByText('Nothing found for “zzqxwv”')).toBeVisible();

  // The page's own box refuses an empty query and carries a new one to the same kind.
  await page.goto('/s/groups');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('A query must be provided.');
  await page.getByRole('searchbox', { name: 'Search plans, groups and people' }).fill('hikers');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/s\/groups\/hikers$/);
  await expect(
    page.getByRole('region', { name: /^Groups/ }).getByRole('link', { name: /Sunday Hikers Lisbon/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

/** Searches "river run" with the header's box from the page shown: its page, with the run plan. */
async function searchFromHeader(page: Page): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search', exact: true });
  await box.fill('river run');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/s\/river%20run$/);
  await expect(
    page
      .getByRole('region', { name: /^Plans/ })
      .getByRole('link', { name: /Tuesday river run/ })
      .first(),
  ).toBeVisible();
}

test('the header search box of a signed-in person goes to /s/<text>', async ({ page }) => {
  await signUpNewPerson(page, 'search-header');
  await page.goto('/profile/friends');
  await searchFromHeader(page);
});

test('a search box used before the page’s scripts run still searches', async ({ page }) => {
  // The header's box of a signed-in person, the page's scripts held back: the form asks /s?q=,
  // which goes on to /s/<text>.
  await signUpNewPerson(page, 'search-early');
  const release = await holdClientEntry(page);
  await page.goto('/profile/friends');
  await searchFromHeader(page);

  // The search page's own box, within a kind; and sent empty, it says what is missing.
  await page.goto('/s/groups');
  const own = page.getByRole('searchbox', { name: 'Search plans, groups and people' });
  await own.fill('hikers');
  await own.press('Enter');
  await expect(page).toHaveURL(/\/s\/groups\/hikers$/);
  await expect(
    page.getByRole('region', { name: /^Groups/ }).getByRole('link', { name: /Sunday Hikers Lisbon/ }),
  ).toBeVisible();
  await page.goto('/s/groups?q=%20');
  await expect(page.getByRole('alert')).toHaveText('A query must be provided.');
  release();
  await waitForHydration(page);
  await expect(page.getByRole('alert')).toHaveText('A query must be provided.');
  await expectNoAxeViolations(page);
  // Another tab of the page is asked with nothing to find: no error there.
  await page.getByRole('link', { name: 'Plans', exact: true }).click();
  await expect(page).toHaveURL(/\/s\/events$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
