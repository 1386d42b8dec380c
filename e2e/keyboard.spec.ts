import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { codeFor, fromOwnAddress, uniqueEmail } from './support/accounts.ts';
import { isHydrated, waitForHydration } from './support/hydration.ts';

// Keyboard only: no mouse click anywhere in this file. Pages are reached with page.goto or with
// Tab, Shift+Tab, Enter and Space, and text is typed key by key.

test.describe.configure({ timeout: 180_000 });

/**
 * Whether the focused element shows that it has focus: an outline on it (or on the label or
 * drawn sibling of a visually hidden control), a ring on it or on the card around it, or the
 * strong border of a focused text field.
 */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return false;
    const hasOutline = (element: Element | null) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    // A ring is a shadow with no offset and no blur, only spread (Tailwind's ring-*).
    const hasRing = (element: Element | null) =>
      element !== null && /0px 0px 0px [1-9]/.test(getComputedStyle(element).boxShadow);
    const ancestors: Element[] = [];
    for (let up = focused.parentElement; up && ancestors.length < 3; up = up.parentElement)
      ancestors.push(up);
    const isTextField = focused.matches('input:not([type=checkbox]):not([type=radio]), textarea, select');
    // --color-coral-strong: text fields turn their 2 px border to it.
    const hasFocusBorder =
      isTextField &&
      focused.matches(':focus') &&
      getComputedStyle(focused).borderTopColor === 'rgb(185, 58, 27)' &&
      parseFloat(getComputedStyle(focused).borderTopWidth) >= 2;
    // The last stop of a date field is the browser's calendar button, which draws its own ring.
    const isCalendarButton =
      focused.matches('input[type=date], input[type=datetime-local], input[type=time]') &&
      !focused.matches(':focus');
    return (
      isCalendarButton ||
      hasFocusBorder ||
      hasOutline(focused) ||
      hasRing(focused) ||
      hasOutline(focused.parentElement) ||
      hasOutline(focused.nextElementSibling) ||
      ancestors.some((ancestor) => ancestor.matches(':focus-within') && hasRing(ancestor))
    );
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as someone without a mouse would, and
 * checks that every element passed on the way shows its focus.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}): Promise<void> {
  await target.waitFor();
  const passed: string[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const description = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'body';
      const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? '';
      return `${focused.tagName.toLowerCase()} "${name}"`;
    });
    passed.push(description);
    // The browser's own window sits between the last and first element of a modal dialog.
    if (description !== 'body') {
      expect(await focusIsVisible(page), `focus visible on ${description}`).toBe(true);
    }
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached the target; passed: ${passed.join(' > ')}`);
}

test('keyboard only: sign up with an e-mail code, create a plan, answer a plan and write in its chat', async ({
  page,
}) => {
  await fromOwnAddress(page);

  // Sign up from the header, with a code from the outbox.
  await page.goto('/');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Sign up' }));
  await page.keyboard.press('Enter');
  const signUp = page.getByRole('dialog', { name: 'Sign up for Plaza' });
  await expect(signUp).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, signUp.getByLabel('E-mail address'));
  const email = uniqueEmail('keyboard');
  const since = Date.now();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  const codeInput = signUp.getByLabel('Your code', { exact: true });
  await expect(codeInput).toBeVisible();
  await expectNoAxeViolations(page);
  if (!(await codeInput.evaluate((element) => element === document.activeElement))) {
    await tabTo(page, codeInput);
  }
  await page.keyboard.type(await codeFor(email, since));
  await page.keyboard.press('Enter');

  const profile = page.getByRole('dialog', { name: 'Finish your profile' });
  await expect(profile).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, profile.getByLabel('First name'));
  await page.keyboard.type('Kim');
  await tabTo(page, profile.getByLabel('Last name'));
  await page.keyboard.type('Keys');
  await tabTo(page, profile.getByLabel('Username'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`kb_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`);
  await expect(profile.getByText('That username is yours to take.')).toBeVisible();
  await tabTo(page, profile.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  // Create a plan from the header's "New plan".
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'New plan' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/event\/create$/);
  await expectNoAxeViolations(page);
  const title = `Keyboard picnic ${Date.now().toString(36)}`;
  await tabTo(page, page.getByLabel('What’s the plan?'));
  await page.keyboard.type(title);
  await tabTo(page, page.getByLabel('Details'));
  await page.keyboard.type('Bring a blanket. Starts at the next full hour.');
  await tabTo(page, page.getByRole('button', { name: 'Create plan' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  // Answer someone else's plan: a public plan of the demo world, reached from its host's profile.
  await page.goto('/ines');
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('link', { name: 'Sintra ridge hike' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sintra ridge hike');
  await waitForHydration(page);
  const answer = page.getByRole('group', { name: 'Your answer' });
  const going = answer.getByRole('button', { name: 'Going' });
  await tabTo(page, going);
  await page.keyboard.press('Space');
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  // Saving the answer keeps the keyboard where it was.
  await expect(page.getByRole('region', { name: 'Going' }).first()).toContainText('Kim Keys');
  await expect(going).toBeFocused();
  await expectNoAxeViolations(page);

  // Write in the plan's chat.
  await tabTo(page, page.getByRole('link', { name: 'Plan chat' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat\/p\/[A-Za-z0-9_-]+$/);
  await waitForHydration(page);
  const composer = page.getByRole('textbox', { name: /^Message / });
  await tabTo(page, composer);
  await page.keyboard.type('Count me in, I will bring fruit.');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('log', { name: /^Messages in / }).getByText('Count me in, I will bring fruit.'),
  ).toBeVisible();
  await expect(composer).toHaveValue('');
  await expectNoAxeViolations(page);
});

test('the skip link moves the keyboard past the header on every layout', async ({ page }) => {
  // The default, minimal and empty layouts of spec 2.2.
  for (const path of ['/', '/download', '/healthcheck-all']) {
    await page.goto(path);
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip, path).toBeFocused();
    await expect(skip).toBeInViewport();
    expect(await focusIsVisible(page), `${path}: the skip link shows its focus`).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator('#main'), path).toBeFocused();
    const hasLinks = await page.locator('#main a[href], #main button').count();
    if (hasLinks > 0) {
      // The next Tab lands inside the page's own content, not in the header.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement)),
        `${path}: Tab after the skip link stays in main`,
      ).toBe(true);
    }
  }
});

test('with reduced motion, the toast countdown and the progress bar stay still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/faq');
  await waitForHydration(page);
  // A toast waiting for the next page, as signing out leaves one.
  await page.evaluate(() => window.sessionStorage.setItem('plaza.toast', 'Hello from a toast'));
  await page.reload();
  // A waiting toast starts the page's scripts after its first paint, without a visitor's intent;
  // the toast shows once they have run (on a busy machine, later than an assertion's 5 s).
  await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Hello from a toast' })).toBeVisible();
  await expect(page.getByTestId('toast-countdown')).toBeHidden();
  const motion = await page.evaluate(() => {
    const bar = document.querySelector('[data-testid="page-progress-bar"]')!;
    const probe = document.createElement('div');
    probe.style.transition = 'transform 3s linear';
    document.body.append(probe);
    const probeDuration = getComputedStyle(probe).transitionDuration;
    probe.remove();
    return { barTransform: getComputedStyle(bar).transform, probeDuration };
  });
  // The bar does not grow bit by bit, and no transition plays out (an inline 3 s one included).
  expect(motion.barTransform).toBe('none');
  expect(parseFloat(motion.probeDuration)).toBeLessThan(0.01);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.evaluate(() => window.sessionStorage.setItem('plaza.toast', 'Hello again'));
  await page.reload();
  await expect.poll(() => isHydrated(page), { timeout: 30_000 }).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Hello again' })).toBeVisible();
  await expect(page.getByTestId('toast-countdown')).toBeVisible();
});
