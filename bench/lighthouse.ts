/**
 * Lighthouse (mobile) scores and the gzipped JavaScript of public pages, measured against a
 * running Plaza: `npm start` in one shell, `npm run bench:lighthouse -- http://127.0.0.1:3000/ …` in another.
 *
 * Then, for the same pages in Chromium under the throttling Lighthouse's mobile runs apply in
 * DevTools (slow 4G: 562.5 ms round trips, 1.47 Mbit/s down; the CPU 4× slower), what a signed-out
 * visitor's first interaction costs where the page's scripts wait for it (decision 0033): the
 * JavaScript it loads and the time from it (a key pressed) to the page hydrated; and, for
 * comparison, the time from navigation to hydrated of the same page started after its first paint
 * (a query on the address, decision 0030).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';

const urls = process.argv.slice(2).filter((arg) => arg.startsWith('http'));
if (urls.length === 0) urls.push('http://127.0.0.1:3000/');

/** Every script the page loads, fetched again and gzipped here, so the figure is the same on any server. */
async function gzippedJavaScript(url: string, scriptUrls: string[]): Promise<number> {
  let total = 0;
  for (const script of scriptUrls) {
    const body = new Uint8Array(await (await fetch(new URL(script, url))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

/** Resolves once React has hydrated the page (its main element carries React's fiber key). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const main = document.getElementById('main');
      return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
    },
    undefined,
    { polling: 10, timeout: 60_000 },
  );
}

/** A fresh throttled phone-sized page; its script requests are collected into `scripts`. */
async function throttledPage(browser: Browser, scripts: string[]): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  // The visitor chose "Essential only" (no banner in the way; no analytics, decision 0033).
  await context.addCookies([{ name: 'pcg', value: '1.2', url: urls[0]! }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return page;
}

/** The first interaction's cost on each page, after Lighthouse's table. */
async function firstInteraction(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    console.log(
      '\n| page (throttled) | JS before interaction (KB) | JS on the first interaction (KB) | first interaction (a key) → hydrated (s) | started after its first paint: navigation → hydrated (s) |\n|---|---|---|---|---|',
    );
    for (const url of urls) {
      const scripts: string[] = [];
      const page = await throttledPage(browser, scripts);
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      const before = await gzippedJavaScript(url, scripts);
      const loadedBefore = scripts.length;
      // The first interaction: a key (Tab), which starts the same as a press or the pointer on a button.
      const started = performance.now();
      await page.keyboard.press('Tab');
      await hydrated(page);
      const intentSeconds = (performance.now() - started) / 1000;
      const onIntent = await gzippedJavaScript(url, scripts.slice(loadedBefore));
      await page.context().close();

      const eager = await throttledPage(browser, []);
      const navigated = performance.now();
      const withQuery = new URL(url);
      withQuery.searchParams.set('from', 'bench');
      await eager.goto(withQuery.href, { waitUntil: 'commit' });
      await hydrated(eager);
      const eagerSeconds = (performance.now() - navigated) / 1000;
      await eager.context().close();
      console.log(
        `| ${new URL(url).pathname} | ${(before / 1024).toFixed(1)} | ${(onIntent / 1024).toFixed(1)} | ${intentSeconds.toFixed(2)} | ${eagerSeconds.toFixed(2)} |`,
      );
    }
  } finally {
    await browser.close();
  }
}

const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
try {
  console.log(
    '| page | performance | accessibility | best practices | SEO | JS gzipped (KB) | FCP / LCP / SI (s), TBT (ms), CLS |\n|---|---|---|---|---|---|---|',
  );
  for (const url of urls) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    // A page that did not load (no server there) scores 0 everywhere: say why instead.
    if (result.lhr.runtimeError)
      throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    const requests =
      (
        audits['network-requests']?.details as
          { items?: Array<{ url: string; resourceType?: string }> } | undefined
      )?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script').map((r) => r.url);
    const js = await gzippedJavaScript(url, scripts);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    // What the performance score is made of (simulated mobile: slow 4G, 4× slower CPU).
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const seconds = (id: string) => (value(id) / 1000).toFixed(1);
    const metrics = `${seconds('first-contentful-paint')} / ${seconds('largest-contentful-paint')} / ${seconds('speed-index')}, ${value('total-blocking-time').toFixed(0)}, ${value('cumulative-layout-shift').toFixed(3)}`;
    console.log(
      `| ${new URL(url).pathname} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${(js / 1024).toFixed(1)} | ${metrics} |`,
    );
    const failing = Object.values(audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    );
    for (const audit of failing) console.log(`  failing: ${audit.id}: ${audit.title}`);
  }
} finally {
  chrome.kill();
}
await firstInteraction();
