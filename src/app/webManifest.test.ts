import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import manifestText from '../../public/manifest.webmanifest?raw';
import { PRODUCT_NAME } from '../domain/constants.ts';
import { darkPalette, lightPalette } from '../styles/palette.ts';

/*
 * What makes the app installable (issue 12): the manifest's fields, icons that exist at the sizes
 * they claim (scripts/make-icons.ts draws them), and the theme colours of both palettes.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(manifestText) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

const publicDir = join(process.cwd(), 'public');

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1'), path).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('public/manifest.webmanifest', () => {
  it('opens FamJam standalone at / with the light palette colours', () => {
    expect(manifest).toMatchObject({
      name: PRODUCT_NAME,
      short_name: PRODUCT_NAME,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: lightPalette.headerBackground,
      background_color: lightPalette.background,
    });
  });

  it('lists PNG icons at 192 and 512, a 512 maskable one, each the size it says', () => {
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const { width, height } = pngSize(join(publicDir, icon.src));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('index.html', () => {
  it('colours the browser bar per colour scheme with the palettes’ header colours', () => {
    expect(indexHtml).toContain(
      `<meta name="theme-color" content="${lightPalette.headerBackground}" media="(prefers-color-scheme: light)" />`,
    );
    expect(indexHtml).toContain(
      `<meta name="theme-color" content="${darkPalette.headerBackground}" media="(prefers-color-scheme: dark)" />`,
    );
  });

  it('links the manifest and a 180 px apple-touch-icon', () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(indexHtml).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(pngSize(join(publicDir, 'apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
  });
});
