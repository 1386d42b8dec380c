import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails the test on any WCAG 2.2 A/AA violation axe finds on the page as it is now.
 *
 * In axe's legacy mode: axe runs in the page itself, instead of gathering each frame's part and
 * finishing in a blank page that it opens for every check. That blank page cost 0.4-0.6 s a check
 * (on /, /explore and a profile: 1.02, 1.12 and 0.66 s a check against 0.36-0.42, 0.47-0.55 and
 * 0.24-0.30 s, with the same passes, incomplete checks and violations, and the same two violations
 * found in a page given an image without alt text and faint text). What legacy mode gives up is
 * testing cross-origin frames; Plaza's pages have no frames.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
