/**
 * Renders Plaza's share image and icons to PNG with headless Chromium, so link previews and home
 * screens (which do not accept SVG) get real images. The PNGs are committed; run this again after
 * changing the drawings: `npm run brand-images -w @plaza/web`.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

/** The mark of app/components/brand-logo.tsx, with the tile's corner radius as a parameter. */
function markSvg(cornerRadius: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${cornerRadius}" fill="#E4572E"/>
  <path d="M16 5.5c-4.97 0-9 3.86-9 8.62 0 6.3 9 12.38 9 12.38s9-6.08 9-12.38c0-4.76-4.03-8.62-9-8.62Z" fill="#FFF8F0"/>
  <circle cx="12.75" cy="13.9" r="2.45" fill="#E4572E"/>
  <circle cx="19.25" cy="13.9" r="2.45" fill="#FFC857"/>
  <path d="M11.6 19.2c2.6 1.5 6.2 1.5 8.8 0" stroke="#2A1B2E" stroke-width="1.6" stroke-linecap="round" fill="none"/>
</svg>`;
}

const avatar = (letter: string, background: string, color: string) =>
  `<span style="width:44px;height:44px;border-radius:50%;background:${background};color:${color};display:grid;place-items:center;font-weight:800;font-size:18px;border:3px solid #fff;margin-left:-10px">${letter}</span>`;

const shareImageHtml = `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; overflow: hidden; font-family: Inter, 'Helvetica Neue', Arial, sans-serif; color: #2A1B2E;
    background: radial-gradient(700px 420px at 100% 0%, #FFD9C9, transparent 65%), radial-gradient(600px 380px at 0% 100%, #FFEEBB, transparent 65%), #FFF8F0; }
  .wrap { display: flex; height: 100%; padding: 72px 80px; gap: 48px; align-items: center; }
  .copy { flex: 1.15; }
  .brand { display: flex; align-items: center; gap: 14px; font-weight: 800; font-size: 40px; letter-spacing: -0.02em; }
  .brand svg { width: 56px; height: 56px; }
  h1 { margin-top: 40px; font-family: 'Inter Display', Inter, sans-serif; font-size: 76px; line-height: 1.02; font-weight: 800; letter-spacing: -0.035em; }
  h1 span { color: #B93A1B; }
  p { margin-top: 28px; font-size: 28px; line-height: 1.35; color: #5E4B5F; }
  .art { flex: 0.85; position: relative; height: 100%; display: grid; place-items: center; }
  .glow { position: absolute; inset: 40px 10px; border-radius: 48px; background: linear-gradient(135deg, #FFC857, #FF8A65, #E4572E); transform: rotate(5deg); }
  .card { position: relative; width: 400px; background: #fff; border-radius: 36px; padding: 22px; box-shadow: 0 30px 60px -20px rgba(42,27,46,.4); }
  .sky { height: 140px; border-radius: 22px; overflow: hidden; }
  .row { display: flex; gap: 14px; margin-top: 18px; align-items: flex-start; }
  .date { width: 62px; border-radius: 14px; overflow: hidden; text-align: center; box-shadow: inset 0 0 0 1px #E7D6C4; }
  .date b { display: block; background: #B93A1B; color: #fff; font-size: 13px; letter-spacing: .1em; padding: 3px 0; }
  .date i { display: block; font-style: normal; font-size: 30px; font-weight: 800; padding: 4px 0; }
  .title { font-size: 24px; font-weight: 800; line-height: 1.1; }
  .meta { margin-top: 6px; font-size: 17px; color: #5E4B5F; }
  .people { display: flex; align-items: center; margin-top: 18px; padding-left: 10px; gap: 0; }
  .people small { margin-left: 12px; font-size: 17px; color: #5E4B5F; }
  .rsvp { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin-top: 18px; font-size: 16px; font-weight: 700; text-align: center; }
  .rsvp span { border-radius: 999px; padding: 10px 0; background: #F6EADB; }
  .rsvp .on { background: #2A1B2E; color: #fff; }
</style></head><body><div class="wrap">
  <div class="copy">
    <div class="brand">${markSvg(9)} Plaza</div>
    <h1>Make plans.<br>Meet people.<br><span>In real life.</span></h1>
    <p>Plans with RSVPs, groups and chat.<br>Free, open source, no ads.</p>
  </div>
  <div class="art"><div class="glow"></div><div class="card">
    <div class="sky"><svg viewBox="0 0 320 120" width="100%" height="100%" preserveAspectRatio="xMidYMid slice">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFB38A"/><stop offset=".6" stop-color="#FFD9A0"/><stop offset="1" stop-color="#FFF1D6"/></linearGradient></defs>
      <rect width="320" height="120" fill="url(#s)"/><circle cx="206" cy="78" r="30" fill="#FFC857"/>
      <path d="M0 96 58 44l40 30 46-46 58 52 38-26 80 46v20H0Z" fill="#E4572E" opacity=".85"/>
      <path d="M0 110 70 70l52 28 60-38 70 44 68-30v46H0Z" fill="#B93A1B"/>
      <path d="M0 120 90 92l70 16 80-22 80 20v14Z" fill="#2A1B2E" opacity=".9"/></svg></div>
    <div class="row"><div class="date"><b>SUN</b><i>14</i></div>
      <div><div class="title">Sunrise hike &amp; coffee</div><div class="meta">7:30 AM · Every Sunday</div></div></div>
    <div class="people">${avatar('M', '#f7c6ba', '#651d0b')}${avatar('J', '#c4eed9', '#195738')}${avatar('A', '#d2bef4', '#2e115f')}<small>+9 going</small></div>
    <div class="rsvp"><span class="on">✓ Attending</span><span>Interested</span><span>Next time</span></div>
  </div></div>
</div></body></html>`;

const iconHtml = (size: number, cornerRadius: number) =>
  `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style></head><body>${markSvg(cornerRadius)}</body></html>`;

/** An .ico file holding one PNG image, which every browser since 2008 reads. */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
});
try {
  const render = async (html: string, width: number, height: number, transparent: boolean) => {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.setContent(html, { waitUntil: 'load' });
    const png = await page.screenshot({ type: 'png', omitBackground: transparent });
    await page.close();
    return png;
  };
  await writeFile(
    path.join(publicDir, 'share/plaza-share.png'),
    await render(shareImageHtml, 1200, 630, false),
  );
  // iOS rounds the corners of home-screen icons itself, so the touch icon is a full square.
  await writeFile(
    path.join(publicDir, 'apple-touch-icon.png'),
    await render(iconHtml(180, 0), 180, 180, false),
  );
  const favicon32 = await render(iconHtml(32, 9), 32, 32, true);
  await writeFile(path.join(publicDir, 'favicon-32.png'), favicon32);
  await writeFile(path.join(publicDir, 'favicon.ico'), icoFromPng(favicon32, 32));
  await writeFile(path.join(publicDir, 'favicon.svg'), `${markSvg(9)}\n`);
  process.stdout.write(`Brand images written to ${publicDir}\n`);
} finally {
  await browser.close();
}
