/**
 * `tsx scripts/make-icons.ts`: draws the app icons from the logo (src/ui/Logo.tsx:
 * a heart with a spark on the accent tile) and rasterises them with Debian's Chromium, writing
 * public/favicon.svg and the PNGs the manifest and index.html name. Run it after changing the
 * logo and commit what it writes; the build only copies them.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'public');

/** The logo's shapes on its 48-unit grid (the same paths as LogoMark). */
const HEART =
  'M24 37.5c-.6 0-1.2-.2-1.7-.6C15.7 31.6 11 27.4 11 21.6 11 17.4 14.1 14 18.2 14c2.4 0 4.5 1.2 5.8 3.1 1.3-1.9 3.4-3.1 5.8-3.1 4.1 0 7.2 3.4 7.2 7.6 0 5.8-4.7 10-11.3 15.3-.5.4-1.1.6-1.7.6Z';
const SPARK = 'M37 6.5l1.2 3.3 3.3 1.2-3.3 1.2L37 15.5l-1.2-3.3-3.3-1.2 3.3-1.2Z';
/** The light theme's accent, darkened towards the corner: white on it passes AA. */
const TILE_GRADIENT = `<linearGradient id="tile" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#e0561c"/>
    <stop offset="1" stop-color="#b83a0b"/>
  </linearGradient>`;

const mark = `<path fill="#ffffff" d="${HEART}"/>
  <path fill="#ffe6d2" d="${SPARK}"/>`;

/** The rounded tile, as in the app's header: browser tabs and install prompts ("any"). */
const roundedIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><title>FamJam</title>
  <defs>${TILE_GRADIENT}</defs>
  <rect width="48" height="48" rx="14" fill="url(#tile)"/>
  ${mark}
</svg>
`;

/**
 * Full bleed, for launchers that cut their own shape (maskable) and for iOS, which rounds the
 * corners itself and would paint transparent ones black. The mark's bounding box (x 11-41.5,
 * y 6.5-37.5) is centred at 3/4 of the icon's size: its farthest point, the spark's tip, is 0.34
 * of the size from the centre, inside the 0.4 radius every mask keeps.
 */
const fullBleedIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><title>FamJam</title>
  <defs>${TILE_GRADIENT}</defs>
  <rect width="48" height="48" fill="url(#tile)"/>
  <g transform="translate(24 24) scale(0.75) translate(-26.25 -22)">
  ${mark}
  </g>
</svg>
`;

const outputs = [
  { file: 'icons/icon-192.png', svg: roundedIcon, size: 192 },
  { file: 'icons/icon-512.png', svg: roundedIcon, size: 512 },
  { file: 'icons/icon-maskable-512.png', svg: fullBleedIcon, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleedIcon, size: 180 },
] as const;

async function main(): Promise<void> {
  await writeFile(join(publicDir, 'favicon.svg'), roundedIcon);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const { file, svg, size } of outputs) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
      );
      // omitBackground keeps the rounded tile's corners transparent.
      await page.screenshot({ path: join(publicDir, file), omitBackground: true });
      await page.close();
      console.log(`public/${file} (${size}x${size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
