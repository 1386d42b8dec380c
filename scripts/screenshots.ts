/**
 * Full-page screenshots of running Plaza pages at phone (390 px) and desktop (1280 px) widths, to
 * look at what a change shows people: `node scripts/screenshots.ts http://127.0.0.1:3000/ …`
 * (through npm, so it runs on Node 24: `npm run screenshots -- <url> …`). Files land in
 * `test-results/screenshots/` (the whole page, and `-top` for the first screen). Set PLAZA_COOKIE to a `name=value` session cookie to see pages
 * signed in.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

const urls = process.argv.slice(2).filter((arg) => /^https?:\/\//.test(arg));
if (urls.length === 0) {
  console.error('usage: npm run screenshots -- <url> [<url> …]');
  process.exit(2);
}
const outDir = path.resolve(import.meta.dirname, '..', 'test-results', 'screenshots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const { name, width, height } of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height } });
    const cookie = process.env.PLAZA_COOKIE;
    if (cookie) {
      const [cookieName = '', ...rest] = cookie.split('=');
      for (const url of urls) {
        await context.addCookies([{ name: cookieName, value: rest.join('='), url: new URL(url).origin }]);
      }
    }
    const page = await context.newPage();
    for (const url of urls) {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(500);
      const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      const file = path.join(outDir, `${slug}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      // The first screen alone too: a tall full page shrinks past reading when viewed.
      const firstScreen = file.replace(/\.png$/, '-top.png');
      await page.screenshot({ path: firstScreen });
      console.log(file, firstScreen);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
