import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MapTheme } from '../../../contract/maps.ts';
import { rgbOf } from '../../test/mapPixels.ts';
import { TILE_SIZE, worldPixel } from './drawing.ts';
import { mapTile, staticMap } from './mapImages.ts';
import { mapStyles } from './mapStyle.ts';

/*
 * One land and one sea on every map picture (issue 33: a seam between tiles where neighbours
 * drew the land in slightly different shades). A map is many pictures side by side, so every
 * tile and the static venue map must paint a fill in exactly the theme's colour: an encoder
 * that rounds a colour, picks a palette entry a unit off or smears it (lossy WebP) shows as an
 * edge where two pictures meet. Colours are compared exactly, not near.
 */

const themes: MapTheme[] = ['light', 'dark'];

interface Picture {
  width: number;
  height: number;
  /** RGB, row after row. */
  data: Uint8Array;
}

async function rawPicture(image: Buffer): Promise<Picture> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The 3 x 3 tiles round a place at zoom z, laid side by side as the map shows them. */
async function tilesAround(
  theme: MapTheme,
  latitude: number,
  longitude: number,
  z: number,
): Promise<Picture> {
  const centre = worldPixel(latitude, longitude, z);
  const [centreX, centreY] = [Math.floor(centre.x / TILE_SIZE), Math.floor(centre.y / TILE_SIZE)];
  const width = TILE_SIZE * 3;
  const data = new Uint8Array(width * width * 3);
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      const address = [centreX + column - 1, centreY + row - 1].map(String) as [string, string];
      const tile = await rawPicture(await mapTile(theme, String(z), ...address));
      for (let y = 0; y < TILE_SIZE; y++) {
        const from = y * TILE_SIZE * 3;
        const to = ((row * TILE_SIZE + y) * width + column * TILE_SIZE) * 3;
        data.set(tile.data.subarray(from, from + TILE_SIZE * 3), to);
      }
    }
  }
  return { width, height: width, data };
}

/**
 * The fill of `hex` in a picture: every pixel whose 5 x 5 neighbourhood (cut at the picture's
 * edge) is all within 24 of it in every channel: away from any coast's smoothed edge, across
 * tile borders too. A shade a few units off is still in the fill, and counts as off.
 */
function fillOf(picture: Picture, hex: string): (x: number, y: number) => 'exact' | 'off' | 'none' {
  const [red, green, blue] = rgbOf(hex);
  const { width, height, data } = picture;
  const near = new Uint8Array(width * height);
  for (let pixel = 0; pixel < near.length; pixel++) {
    const offset = pixel * 3;
    near[pixel] = Number(
      Math.abs((data[offset] ?? 0) - red) <= 24 &&
        Math.abs((data[offset + 1] ?? 0) - green) <= 24 &&
        Math.abs((data[offset + 2] ?? 0) - blue) <= 24,
    );
  }
  // Near, with every neighbour within 2 pixels near: the mask shrunk along rows, then columns.
  const shrink = (mask: Uint8Array, step: number, along: (pixel: number) => number, span: number) =>
    mask.map((value, pixel) => {
      if (!value) return 0;
      for (let distance = -2; distance <= 2; distance++) {
        const position = along(pixel) + distance;
        if (position >= 0 && position < span && !mask[pixel + distance * step]) return 0;
      }
      return 1;
    });
  const inFill = shrink(
    shrink(near, 1, (pixel) => pixel % width, width),
    width,
    (pixel) => Math.floor(pixel / width),
    height,
  );
  return (x, y) => {
    const pixel = y * width + x;
    if (!inFill[pixel]) return 'none';
    const offset = pixel * 3;
    return data[offset] === red && data[offset + 1] === green && data[offset + 2] === blue
      ? 'exact'
      : 'off';
  };
}

interface FillCount {
  /** Where the part counted sits: the tile's column and row, or the whole picture. */
  part: string;
  /** Pixels of the fill, as a share of the part. */
  share: number;
  /** Of those, the share not exactly the colour: 0, but for a faint speck of a tiny island. */
  off: number;
}

function countFill(
  fill: ReturnType<typeof fillOf>,
  part: string,
  [left, top, width, height]: [number, number, number, number],
): FillCount {
  let [inFill, off] = [0, 0];
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) {
      const found = fill(x, y);
      if (found !== 'none') inFill++;
      if (found === 'off') off++;
    }
  }
  return { part, share: inFill / width / height, off: inFill === 0 ? 0 : off / inFill };
}

/** The fill in each of the 3 x 3 tiles, row after row. */
function fillByTile(picture: Picture, hex: string): FillCount[] {
  const fill = fillOf(picture, hex);
  return Array.from({ length: 9 }, (_, tile) => {
    const [column, row] = [tile % 3, Math.floor(tile / 3)];
    const box = [column * TILE_SIZE, row * TILE_SIZE, TILE_SIZE, TILE_SIZE] as const;
    return countFill(fill, `tile ${column},${row}`, [...box]);
  });
}

/** Parts with more than a speck off the colour: a tile (or a picture) in another shade. */
const offShade = (counts: FillCount[]) => counts.filter(({ off }) => off > 0.01);

describe('neighbouring tiles', () => {
  // Zoom 3 tiles hold more than 256 colours along their coasts, so the palette PNG is a
  // quantised one; 12 to 16 are drawn from their zoom 10 ancestor's land, scaled up.
  it.each(themes.flatMap((theme) => [3, 8, 10, 11, 12, 14, 16].map((z) => [theme, z] as const)))(
    'round San Francisco (%s, zoom %i) draw land and sea in exactly one colour each',
    async (theme, z) => {
      const picture = await tilesAround(theme, 37.77, -122.42, z);
      const land = fillByTile(picture, mapStyles[theme].land);
      const water = fillByTile(picture, mapStyles[theme].water);
      expect(offShade(land)).toEqual([]);
      expect(offShade(water)).toEqual([]);
      // The fills are most of the picture: the check is not about a handful of pixels.
      const filled = [...land, ...water].reduce((sum, { share }) => sum + share, 0) / 9;
      expect(filled).toBeGreaterThan(0.9);
    },
  );

  it.each(themes.flatMap((theme) => [6, 10, 13, 16].map((z) => [theme, z] as const)))(
    'inland and at sea (%s, zoom %i) are the theme colour to the last pixel, border to border',
    async (theme, z) => {
      // Kansas, and the Pacific north-east of Hawaii: nothing but land, nothing but sea.
      const kansas = fillByTile(await tilesAround(theme, 38.5, -98, z), mapStyles[theme].land);
      const pacific = fillByTile(await tilesAround(theme, 30, -140, z), mapStyles[theme].water);
      for (const counts of [kansas, pacific]) {
        expect(counts.filter(({ share, off }) => share !== 1 || off !== 0)).toEqual([]);
      }
    },
  );
});

describe('the static venue map', () => {
  it.each(themes)("draws land and sea in exactly the tiles' colours (%s)", async (theme) => {
    // By the Golden Gate: the bay, the city and Marin.
    const picture = await rawPicture(await staticMap(theme, '720', '37.80780', '-122.47500'));
    const whole = [0, 0, picture.width, picture.height] as [number, number, number, number];
    const land = countFill(fillOf(picture, mapStyles[theme].land), 'land', whole);
    const water = countFill(fillOf(picture, mapStyles[theme].water), 'water', whole);
    expect(offShade([land, water])).toEqual([]);
    expect(land.share).toBeGreaterThan(0.2);
    expect(water.share).toBeGreaterThan(0.2);
  });
});
