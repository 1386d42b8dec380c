import sharp from 'sharp';
import type { ArtTheme } from './world.ts';
import type { SeededRandom } from './random.ts';

const SKIN = ['#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#ffdbac', '#a16e4b', '#6b4226'];
const HAIR = ['#1f1a17', '#3b2a20', '#6a4e3a', '#b07d4f', '#d9b26f', '#8c8c8c', '#5a2d1a'];
const BACKDROPS = [
  ['#ffd6a5', '#ff9f6b'],
  ['#caffbf', '#7bd389'],
  ['#9bf6ff', '#5fa8d3'],
  ['#bdb2ff', '#7f6bd6'],
  ['#ffc6ff', '#e07bb5'],
  ['#fdffb6', '#f2c14e'],
  ['#a0c4ff', '#4f7cd8'],
];

/** An illustrated portrait: a backdrop, shoulders, a face and one of a few hair styles. */
export function avatarSvg(random: SeededRandom): string {
  const [from, to] = random.pick(BACKDROPS);
  const skin = random.pick(SKIN);
  const hair = random.pick(HAIR);
  const shirt = random.pick(['#264653', '#2a9d8f', '#e76f51', '#f4a261', '#3d5a80', '#6d597a', '#1d3557']);
  const style = random.int(0, 3);
  const hairShape = [
    `<path d="M92 118c0-40 26-64 64-64s64 24 64 64c0 8-2 14-4 18-6-30-26-44-60-44s-54 14-60 44c-2-4-4-10-4-18z" fill="${hair}"/>`,
    `<path d="M84 150c-6-60 22-98 72-98s78 38 72 98c-4 30-10 52-16 64h-12c8-24 12-48 10-70-14-16-34-24-54-24s-40 8-54 24c-2 22 2 46 10 70h-12c-6-12-12-34-16-64z" fill="${hair}"/>`,
    `<circle cx="156" cy="86" r="40" fill="${hair}"/><path d="M94 124c0-38 26-60 62-60s62 22 62 60c-14-18-34-26-62-26s-48 8-62 26z" fill="${hair}"/>`,
    `<path d="M96 116c4-38 28-58 60-58s56 20 60 58c-20-10-40-16-60-16s-40 6-60 16z" fill="${hair}"/>`,
  ][style];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="312" height="312" viewBox="0 0 312 312">
  <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="312" height="312" fill="url(#b)"/>
  <path d="M56 312c6-62 46-96 100-96s94 34 100 96z" fill="${shirt}"/>
  <rect x="138" y="176" width="36" height="44" rx="14" fill="${skin}"/>
  <ellipse cx="156" cy="136" rx="56" ry="64" fill="${skin}"/>
  ${hairShape}
  <circle cx="136" cy="140" r="5" fill="#1d1d1d"/><circle cx="176" cy="140" r="5" fill="#1d1d1d"/>
  <path d="M140 168c10 8 22 8 32 0" stroke="#1d1d1d" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
}

const PALETTES: Record<ArtTheme, [sky: string, far: string, near: string, accent: string]> = {
  hills: ['#ffe8cc', '#9ccc9c', '#4f8a5b', '#ff8c42'],
  waves: ['#ffe3c4', '#6ec6e6', '#1f7fb5', '#ffb347'],
  books: ['#fff1e0', '#d99a6c', '#8c4a2f', '#f2c14e'],
  track: ['#fde2e4', '#f28482', '#84a59d', '#f6bd60'],
  dice: ['#e9e3ff', '#9d8df1', '#5b4bc4', '#ffd166'],
  rocks: ['#f4ede4', '#b8a99a', '#6b5e55', '#e76f51'],
  sketch: ['#f7f3e9', '#c9c2b2', '#5c6b73', '#e63946'],
  food: ['#fff4e6', '#ffb26b', '#d9534f', '#5cb85c'],
  music: ['#1d1b3a', '#6c3ec1', '#f25f5c', '#ffe066'],
  city: ['#ffd7ba', '#f4978e', '#6d597a', '#ffe5d9'],
};

/** A 1200x630 cover (the Open Graph shape) drawn from the theme's palette and some seeded shapes. */
export function coverSvg(theme: ArtTheme, random: SeededRandom): string {
  const [sky, far, near, accent] = PALETTES[theme];
  const hill = (base: number, height: number, colour: string) => {
    const points: string[] = [`M0 ${base}`];
    for (let x = 0; x <= 1200; x += 150)
      points.push(
        `Q${x + 75} ${base - random.int(0, height)} ${x + 150} ${base - random.int(0, height / 2)}`,
      );
    return `<path d="${points.join(' ')} L1200 630 L0 630 Z" fill="${colour}"/>`;
  };
  const sunX = random.int(780, 1050);
  const sunY = random.int(110, 200);
  const motifs: Record<ArtTheme, string> = {
    hills: `<path d="M540 470l60-90 60 90z" fill="${near}" opacity=".9"/><path d="M600 380v-30" stroke="${accent}" stroke-width="6"/>`,
    waves: Array.from(
      { length: 4 },
      (_, i) =>
        `<path d="M0 ${420 + i * 50} q75 -30 150 0 t150 0 t150 0 t150 0 t150 0 t150 0 t150 0 t150 0" stroke="#fff" stroke-opacity=".55" stroke-width="8" fill="none"/>`,
    ).join(''),
    books: Array.from(
      { length: 7 },
      (_, i) =>
        `<rect x="${380 + i * 64}" y="${300 - (i % 3) * 24}" width="52" height="${240 + (i % 3) * 24}" rx="6" fill="${i % 2 ? accent : near}"/>`,
    ).join(''),
    track: `<path d="M-20 560 C300 420 700 640 1220 470" stroke="${accent}" stroke-width="36" fill="none"/><path d="M-20 560 C300 420 700 640 1220 470" stroke="#fff" stroke-width="4" stroke-dasharray="24 18" fill="none"/>`,
    dice:
      `<rect x="440" y="300" width="150" height="150" rx="26" fill="#fff" transform="rotate(-12 515 375)"/><rect x="640" y="330" width="130" height="130" rx="22" fill="${accent}" transform="rotate(14 705 395)"/>` +
      [
        [485, 345],
        [545, 405],
        [515, 375],
      ]
        .map(
          ([x, y]) => `<circle cx="${x}" cy="${y}" r="13" fill="${near}" transform="rotate(-12 515 375)"/>`,
        )
        .join(''),
    rocks: `<path d="M380 560 L470 330 L560 400 L650 250 L800 560 Z" fill="${near}"/><circle cx="640" cy="300" r="14" fill="${accent}"/>`,
    sketch: `<rect x="430" y="250" width="340" height="260" rx="10" fill="#fff" stroke="${near}" stroke-width="6"/><path d="M470 460 L540 340 L600 420 L650 360 L730 460" stroke="${near}" stroke-width="6" fill="none"/><path d="M790 240 l40 -80" stroke="${accent}" stroke-width="14" stroke-linecap="round"/>`,
    food: `<ellipse cx="600" cy="420" rx="220" ry="70" fill="#fff"/><circle cx="540" cy="400" r="40" fill="${accent}"/><circle cx="640" cy="395" r="48" fill="${near}"/><circle cx="700" cy="420" r="26" fill="${far}"/>`,
    music: Array.from(
      { length: 18 },
      (_, i) =>
        `<rect x="${330 + i * 32}" y="${420 - random.int(40, 220)}" width="18" height="400" rx="9" fill="${i % 3 ? accent : near}" opacity=".9"/>`,
    ).join(''),
    city: Array.from(
      { length: 10 },
      (_, i) =>
        `<rect x="${200 + i * 82}" y="${330 - random.int(0, 150)}" width="70" height="400" fill="${i % 2 ? near : far}"/>`,
    ).join(''),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${sky}"/>
  <circle cx="${sunX}" cy="${sunY}" r="70" fill="${accent}" opacity=".85"/>
  ${hill(430, 120, far)}
  ${motifs[theme]}
  ${hill(560, 80, near)}
</svg>`;
}

/** Renders an SVG drawing to WebP, the format Plaza stores images in. */
export function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
