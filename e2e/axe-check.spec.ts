import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

// The check every other spec relies on must fail when a page breaks the rules, also when it looks
// at a document it has checked before (axe is then reused, not put in again: axe.ts).
test('the axe check finds an image without alt text and faint text, on a document it checked before', async ({
  page,
}) => {
  await page.goto('/faq');
  await expectNoAxeViolations(page);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    const faint = document.createElement('p');
    faint.textContent = 'faint text';
    faint.style.color = '#eeeeee';
    faint.style.background = '#ffffff';
    main.append(image, faint);
  });
  const failure = await expectNoAxeViolations(page).then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('color-contrast');
  // A new document gets axe afresh and passes.
  await page.goto('/');
  await expectNoAxeViolations(page);
});
