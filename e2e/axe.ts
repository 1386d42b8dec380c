import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  // Only the violations are reported: axe then keeps one node of each passed rule instead of
  // building a selector and an HTML snippet for every node that passed.
  resultTypes: ['violations'],
  // Plaza's pages have no frames; axe runs in the page itself and looks at it alone.
  iframes: false,
};

type AxeWindow = typeof globalThis & {
  axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
};

/** Whether this document has axe already (put there by an earlier check of the same document). */
const hasAxe = (page: Page) => page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');

/**
 * Fails the test on any WCAG 2.2 A/AA violation axe finds on the page as it is now, once the CSS
 * transitions running have ended.
 *
 * axe-core runs in the page itself (what @axe-core/playwright calls legacy mode): no blank page of
 * its own per check (that cost 0.4-0.6 s a check), no frames. Its 550 KB source is put into a
 * document once and reused by later checks of that document (a client-side route change, a dialog
 * opened): compiling it cost 0.2-0.4 s of the renderer's CPU each time, and @axe-core/playwright
 * did it twice a check.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  let results: AxeResults | null = null;
  // A navigation between the two steps takes axe away with the old document: put it in again.
  for (let attempt = 0; results === null; attempt++) {
    if (!(await hasAxe(page))) await page.evaluate(axeSource);
    try {
      results = await page.evaluate(async (options) => {
        // Colours mid-transition are not the page's own: a button whose variant was just swapped
        // (the profile's "Get my calendar address" becoming "Make a new address", 150 ms of
        // transition-colors from coral and white to white and ink) is measured once it has settled.
        // axe once flagged that button's contrast in CI, right after the swap.
        const transitions = document.getAnimations().filter((each) => each instanceof CSSTransition);
        await Promise.all(transitions.map((each) => each.finished.catch(() => undefined)));
        return (window as AxeWindow).axe!.run(document, options);
      }, OPTIONS);
    } catch (error) {
      if (attempt > 0 || (await hasAxe(page))) throw error;
    }
  }
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
