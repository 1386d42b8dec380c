/**
 * Lighthouse (mobile) scores and the gzipped JavaScript of public pages, measured against a
 * running Plaza: `npm start` in one shell, `npm run bench:lighthouse -- http://127.0.0.1:3000/ …` in another.
 */
import { gzipSync } from 'node:zlib';
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
