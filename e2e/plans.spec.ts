import { expect, test, type Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { expectNoAxeViolations } from './axe.ts';
import { signUpNewPerson, uniqueEmail } from './support/accounts.ts';
import { findOutboxMessage } from './support/outbox.ts';
import { attributeOf, h1Texts } from './support/html.ts';
import { reactErrorsOf, waitForHydration } from './support/hydration.ts';

test.describe.configure({ timeout: 180_000 });

/** A wall-clock value for a datetime-local field, `days` from now at `hour`:00. */
function wallClock(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

async function createGroup(page: Page, title: string): Promise<string> {
  await page.goto('/community/create');
  await page.getByLabel('Name').fill(title);
  await page.getByLabel('Public').check();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  return page.url();
}

async function choosePlace(page: Page, text: string, option: RegExp) {
  const place = page.getByRole('combobox', { name: 'Where' });
  await place.fill(text);
  await page.getByRole('option', { name: option }).first().click();
  await expect(page.getByTestId('chosen-place')).toContainText('times in');
}

test('a weekly plan in a group with a place from the search: answers update the counts, and edits apply to one or all dates', async ({
  browser,
}) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  await signUpNewPerson(pageA, 'plan-host');
  await signUpNewPerson(pageB, 'plan-guest');
  const suffix = Date.now().toString(36);
  const groupUrl = await createGroup(pageA, `Riverside Runners ${suffix}`);

  // A starts a plan from the group page.
  await pageA.getByRole('region', { name: 'Plans' }).getByRole('link', { name: 'New plan' }).click();
  await expect(pageA).toHaveURL(/\/event\/create\?group=\d+$/);
  await expect(pageA.getByLabel('Group', { exact: true })).not.toHaveValue('');
  const title = `Evening run ${suffix}`;
  await pageA.getByLabel('What’s the plan?').fill(title);
  await pageA.getByLabel('Starts').fill(wallClock(7, 18));
  await pageA.getByLabel('Ends').fill(wallClock(7, 19));
  await choosePlace(pageA, 'Lisbo', /^Lisbon/);
  await pageA
    .getByLabel('Details')
    .fill('5 km along the river. All paces welcome: https://example.org/route');
  await pageA.getByLabel('How often').selectOption('WEEKLY');
  await expectNoAxeViolations(pageA);
  await pageA.getByRole('button', { name: 'Create plan' }).click();
  await expect(pageA).toHaveURL(/\/evening-run-[a-z0-9-]+\/[A-Za-z0-9_-]{8,}(\?occurrence=.+)?$/);
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(pageA.getByText(/Every week on \w+day/)).toBeVisible();
  await expect(pageA.getByText('Lisbon').first()).toBeVisible();
  await expect(pageA.getByRole('link', { name: 'https://example.org/route' })).toHaveAttribute(
    'rel',
    /noopener/,
  );
  await expectNoAxeViolations(pageA);
  const planUrl = pageA.url().replace(/\?.*$/, '');
  const planPath = new URL(planUrl).pathname;

  // Its .ics file reads in a standard parser with the weekly rule and Lisbon's time zone.
  await pageA.getByText('Add to calendar').click();
  const icsHref = await pageA.getByRole('link', { name: /\.ics/ }).getAttribute('href');
  expect(icsHref).toMatch(/^\/ics\/plan\/.+\.ics/);
  const ics = await (await pageA.request.get(icsHref!)).text();
  const events = Object.values(ical.sync.parseICS(ics)).filter((c): c is VEvent => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  const event = events[0]!;
  expect(event.summary).toBe(title);
  expect(event.rrule?.toString()).toContain('FREQ=WEEKLY');
  expect(ics).toMatch(/DTSTART;TZID=Europe\/Lisbon:\d{8}T180000/);
  await expect(pageA.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  await pageA.getByText('Add to calendar').click();

  // B joins the group and answers: interested, then going.
  await pageB.goto(groupUrl);
  await pageB.getByRole('button', { name: 'Join group' }).click();
  await expect(pageB.getByTestId('membership')).toHaveText('Member');

  // A invites the whole group from the plan's invite dialog.
  await pageA.getByRole('button', { name: 'Invite' }).click();
  const invite = pageA.getByRole('dialog', { name: 'Invite people' });
  await invite.getByLabel('Search your groups, people and contacts').fill('Riverside');
  await invite.getByRole('button', { name: `Invite Riverside Runners ${suffix}` }).click();
  await expect(invite.getByText('The group is invited.')).toBeVisible();
  await expectNoAxeViolations(pageA);
  await invite.getByRole('button', { name: 'Close' }).click();

  await pageB.getByRole('link', { name: title }).click();
  await expect(pageB).toHaveURL(new RegExp(`${planPath}`));
  await expect(pageB.getByTestId('plan-count')).toHaveText('0 going or interested');
  await expect(pageB.getByText('0 going · 0 interested · 1 invited')).toBeVisible();
  await pageB.getByRole('button', { name: 'Interested' }).click();
  await expect(pageB.getByRole('button', { name: 'Interested' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pageB.getByTestId('plan-count')).toHaveText('1 going or interested');
  await expect(pageB.getByRole('region', { name: 'Interested' }).first()).toBeVisible();
  await pageB.getByRole('button', { name: 'Going' }).click();
  await expect(pageB.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pageB.getByRole('button', { name: 'Interested' })).toHaveAttribute('aria-pressed', 'false');
  await expect(pageB.getByTestId('plan-count')).toHaveText('1 going or interested');
  await expect(pageB.getByRole('region', { name: 'Going' }).first()).toContainText('Robin');
  await expectNoAxeViolations(pageB);

  // A answers too: the count B sees goes to 2.
  await pageA.getByRole('button', { name: 'Going' }).click();
  await expect(pageA.getByTestId('plan-count')).toHaveText('2 going or interested');
  await pageB.reload();
  await expect(pageB.getByTestId('plan-count')).toHaveText('2 going or interested');

  // The dates of the series; A edits only the first one.
  const dates = pageA.getByRole('region', { name: 'Upcoming dates' }).getByRole('link');
  await expect(dates).not.toHaveCount(0);
  const firstWhen = (await pageA.getByTestId('plan-when').textContent()) ?? '';
  await pageA.getByRole('link', { name: 'Edit' }).click();
  const edit = pageA.getByRole('dialog', { name: 'Edit plan' });
  await edit.getByLabel('What’s the plan?').fill(`${title} (long one)`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const choice = pageA.getByRole('dialog', { name: 'This plan repeats' });
  await expect(choice.getByText('Apply the changes to:')).toBeVisible();
  await expectNoAxeViolations(pageA);
  await choice.getByRole('button', { name: 'Only this plan' }).click();
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(`${title} (long one)`);
  await expect(pageA.getByTestId('plan-when')).toHaveText(firstWhen);

  // The second date still has the old title; A changes all repeating plans from there.
  await pageA.getByRole('region', { name: 'Upcoming dates' }).getByRole('link').nth(1).click();
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(title);
  await pageA.getByRole('link', { name: 'Edit' }).click();
  await edit.getByLabel('Details').fill('6 km now, same place.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await choice.getByRole('button', { name: 'All repeating plans' }).click();
  await expect(pageA.getByText('6 km now, same place.')).toBeVisible();
  await pageA.getByRole('region', { name: 'Upcoming dates' }).getByRole('link').nth(2).click();
  await expect(pageA.getByText('6 km now, same place.')).toBeVisible();
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(title);
  // The first date keeps its own title.
  await pageA.getByRole('region', { name: 'Upcoming dates' }).getByRole('link').first().click();
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(`${title} (long one)`);

  // Opened straight at its edit address (a reload, a link): the server never sees the hash, so the
  // dialog opens once the page has hydrated, and React reports no mismatch between the two.
  await pageA.getByRole('link', { name: 'Edit' }).click();
  await expect(pageA).toHaveURL(/#modal:plan:edit:/);
  const editUrl = pageA.url();
  await edit.getByRole('button', { name: 'Close' }).click();
  const reactErrors = reactErrorsOf(pageA);
  await pageA.goto('about:blank');
  await pageA.goto(editUrl);
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('What’s the plan?')).toHaveValue(`${title} (long one)`);
  await waitForHydration(pageA);
  expect(reactErrors).toEqual([]);
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(edit).toHaveCount(0);

  // B's private calendar feed lists the plan B is going to, and stops working when turned off.
  // The form's own address, typed or reloaded, is the profile page.
  await pageB.goto('/profile/calendar');
  await expect(pageB).toHaveURL(/\/profile$/);
  await pageB.getByRole('button', { name: 'Get my calendar address' }).click();
  const feedUrl = await pageB.getByLabel('Your calendar address (keep it to yourself)').inputValue();
  expect(feedUrl).toMatch(/\/ics\/feed\/[^/]+\.ics$/);
  await expectNoAxeViolations(pageB);
  const feedPath = new URL(feedUrl).pathname;
  const anonymous = await browser.newContext();
  const feed = await anonymous.request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`SUMMARY:${title}`);
  await pageB.getByRole('button', { name: 'Turn it off' }).click();
  await expect(pageB.getByText('The calendar address no longer works.')).toBeVisible();
  expect((await anonymous.request.get(feedPath)).status()).toBe(404);
  await anonymous.close();

  await contextA.close();
  await contextB.close();
});

test('a public plan renders on the server for a signed-out visitor with its Open Graph tags', async ({
  page,
  request,
}) => {
  await signUpNewPerson(page, 'public-host');
  const title = `Picnic at the lookout ${Date.now().toString(36)}`;
  await page.goto('/event/create');
  await page.getByLabel('What’s the plan?').fill(title);
  await page.getByLabel('Public').check();
  await expect(page.getByLabel('How often')).toHaveCount(0);
  await page.getByLabel('Hashtags').fill('picnic, sunset');
  await page.getByLabel('Details').fill('Bring a blanket and something to share.');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('list', { name: 'Hashtags' })).toContainText('picnic');
  const path = new URL(page.url()).pathname;

  // No cookies, no JavaScript: the HTML as a link preview or a search engine reads it.
  const response = await request.get(path, { headers: { Cookie: '' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(h1Texts(html)).toContain(title);
  expect(attributeOf(html, 'meta', { property: 'og:title' }, 'content')).toBe(`${title} | Plaza`);
  expect(attributeOf(html, 'meta', { property: 'og:description' }, 'content')).toBe(
    'Bring a blanket and something to share. - Tap to see details',
  );
  expect(attributeOf(html, 'meta', { property: 'og:image' }, 'content')).toMatch(/^https?:\/\//);
  expect(attributeOf(html, 'link', { rel: 'canonical' }, 'href')).toMatch(new RegExp(`${path}$`));
  expect(html).toContain('Log in to answer');

  // A signed-out visitor in the browser sees it too, and the page passes axe.
  const visitor = await page.context().browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(path);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectNoAxeViolations(visitorPage);
  await visitor.close();
});

test('a private plan is not found for someone not invited, and /event/create asks for an account', async ({
  page,
  browser,
}) => {
  await signUpNewPerson(page, 'private-host');
  // A form prefilled from an encoded JSON preset in the hash (spec 2.3).
  const preset = { title: 'Birthday dinner', description: 'At our place, 8 pm.', isPublic: false };
  await page.goto(`/event/create#${encodeURIComponent(JSON.stringify(preset))}`);
  await expect(page.getByLabel('What’s the plan?')).toHaveValue('Birthday dinner');
  await expect(page.getByLabel('Details')).toHaveValue('At our place, 8 pm.');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Birthday dinner');
  const path = new URL(page.url()).pathname;

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const response = await strangerPage.goto(path);
  expect(response?.status()).toBe(404);
  await strangerPage.goto('/event/create');
  await expect(strangerPage).toHaveURL(/\/\?signin=1&return=%2Fevent%2Fcreate/);

  // The host invites someone by e-mail; the link in the mail carries invite_key and opens the plan.
  const guest = uniqueEmail('plan-invitee');
  const since = Date.now();
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite people' });
  await dialog.getByLabel('Invite by e-mail or phone').fill(guest);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invitation sent to ${guest}.`)).toBeVisible();
  const mail = await findOutboxMessage(guest, since);
  const link = new RegExp(`https?://[^\\s]*${path}\\?[^\\s]*invite_key=[^\\s]+`).exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  const invitedView = await strangerPage.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  expect(invitedView?.status()).toBe(200);
  await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText('Birthday dinner');
  await stranger.close();
});
