import { describe, expect, it } from 'vitest';
import { STATIC_MAP_ZOOM } from '../../../contract/maps.ts';
import { isNear, readPixels } from '../../test/mapPixels.ts';
import { InvalidInputError } from '../errors.ts';
import { PIN_HEAD_OFFSET, TILE_SIZE, worldPixel } from './drawing.ts';
import { DrawingCache } from './drawingCache.ts';
import { flatRing, LAND_DATA_ZOOM, landIndexBuilds, landRings, MAX_INDEXED_TILES } from './land.ts';
import { mapImageStats, mapTile, staticMap } from './mapImages.ts';
import { mapStyles } from './mapStyle.ts';

/*
 * FamJam's own map pictures as a family sees them: sea where there is sea, land where there is
 * land, in each theme's colours, and a pin on the venue. Places are named by latitude and
 * longitude, and their tile worked out here, so a mistake in the tile arithmetic shows.
 */

const { light, dark } = mapStyles;

function tileAt(latitude: number, longitude: number, z: number): [string, string, string] {
  const { x, y } = worldPixel(latitude, longitude, z);
  return [String(z), String(Math.floor(x / TILE_SIZE)), String(Math.floor(y / TILE_SIZE))];
}

async function tile(theme: 'light' | 'dark', latitude: number, longitude: number, z: number) {
  return readPixels(await mapTile(theme, ...tileAt(latitude, longitude, z)));
}

describe("FamJam's own tiles", () => {
  it('are 256 x 256 PNGs', async () => {
    const pixels = await tile('light', 37.77, -122.42, 12);
    expect([pixels.format, pixels.width, pixels.height]).toEqual(['png', 256, 256]);
  });

  it('over the open Pacific are all water', async () => {
    // North-east of Hawaii, a thousand miles from any shore.
    const pixels = await tile('light', 30, -140, 5);
    expect(pixels.shareNear(light.water)).toBe(1);
  });

  it('over Kansas are all land', async () => {
    const pixels = await tile('light', 38.5, -98, 8);
    expect(pixels.shareNear(light.land)).toBe(1);
  });

  it('over San Francisco at zoom 12 show both the city and the bay', async () => {
    const pixels = await tile('light', 37.77, -122.42, 12);
    expect(pixels.shareNear(light.land)).toBeGreaterThan(0.2);
    expect(pixels.shareNear(light.water)).toBeGreaterThan(0.2);
    // Both colours fill the tile but for the smoothed coast between them.
    expect(pixels.shareNear(light.land) + pixels.shareNear(light.water)).toBeGreaterThan(0.95);
  });

  it('are drawn in the dark theme with its own sea and land', async () => {
    const lightTile = await tile('light', 37.77, -122.42, 12);
    const darkTile = await tile('dark', 37.77, -122.42, 12);
    expect(darkTile.shareNear(dark.land)).toBeCloseTo(lightTile.shareNear(light.land), 1);
    expect(darkTile.shareNear(dark.water)).toBeCloseTo(lightTile.shareNear(light.water), 1);
    expect(darkTile.shareNear(light.land) + darkTile.shareNear(light.water)).toBe(0);
  });

  it('below the data zoom show the matching part of the zoom 10 tile, scaled up', async () => {
    // Zoom 12 is a 64 x 64 pixel square of its zoom 10 ancestor.
    const [, x12, y12] = tileAt(37.77, -122.42, 12).map(Number) as [number, number, number];
    const ancestor = await readPixels(
      await mapTile('light', '10', String(x12 >> 2), String(y12 >> 2)),
    );
    const deep = await readPixels(await mapTile('light', '12', String(x12), String(y12)));
    let landInSquare = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        if (isNear(ancestor.at((x12 % 4) * 64 + x, (y12 % 4) * 64 + y), light.land)) landInSquare++;
      }
    }
    expect(deep.shareNear(light.land)).toBeCloseTo(landInSquare / 64 / 64, 1);
  });

  it('at zoom 16 still know land from sea', async () => {
    expect((await tile('light', 38.5, -98, 16)).shareNear(light.land)).toBe(1);
    expect((await tile('dark', 30, -140, 16)).shareNear(dark.water)).toBe(1);
  });

  it('draw the whole world at zoom 0 without a band across it at the antimeridian', async () => {
    const world = await readPixels(await mapTile('light', '0', '0', '0'));
    // The Arctic Ocean north of Scandinavia and the South Pacific: where Chukotka's and Fiji's
    // steps from 180 to -180 would draw their lines across the world.
    const arcticSea = worldPixel(73, 20, 0);
    const southPacific = worldPixel(-16.5, -130, 0);
    expect(world.at(Math.round(arcticSea.x), Math.round(arcticSea.y))).toSatisfy((rgb: number[]) =>
      isNear(rgb, light.water),
    );
    expect(world.at(Math.round(southPacific.x), Math.round(southPacific.y))).toSatisfy(
      (rgb: number[]) => isNear(rgb, light.water),
    );
    // Antarctica is land down to the map's edge.
    expect(world.at(128, 254)).toSatisfy((rgb: number[]) => isNear(rgb, light.land));
  });
});

describe('the static venue map', () => {
  it.each([
    [360, 162],
    [720, 324],
    [1080, 486],
  ] as const)('at %i wide is a WebP %i high, with the pin on the venue', async (width, height) => {
    const pixels = await readPixels(
      await staticMap('light', String(width), '39.09970', '-94.57860'),
    );
    expect([pixels.format, pixels.width, pixels.height]).toEqual(['webp', width, height]);
    // The pin's tip is on the venue at the centre; its head, above, is the accent colour.
    const ratio = width / 360;
    const head = pixels.at(
      width / 2 + PIN_HEAD_OFFSET.x * ratio,
      height / 2 + PIN_HEAD_OFFSET.y * ratio,
    );
    expect(isNear(head, light.pin, 12), String(head)).toBe(true);
    // Kansas City is inland: land all round the pin.
    expect(pixels.shareNear(light.land, 8)).toBeGreaterThan(0.9);
  });

  it('shows land and water round a venue by the bay, in both themes', async () => {
    const lightMap = await readPixels(await staticMap('light', '720', '37.80780', '-122.47500'));
    const darkMap = await readPixels(await staticMap('dark', '720', '37.80780', '-122.47500'));
    expect(lightMap.shareNear(light.land, 8)).toBeGreaterThan(0.2);
    expect(lightMap.shareNear(light.water, 8)).toBeGreaterThan(0.2);
    expect(darkMap.shareNear(dark.land, 8)).toBeGreaterThan(0.2);
    expect(darkMap.shareNear(dark.water, 8)).toBeGreaterThan(0.2);
    const head = darkMap.at(360 + PIN_HEAD_OFFSET.x * 2, 162 + PIN_HEAD_OFFSET.y * 2);
    expect(isNear(head, dark.pin, 12), String(head)).toBe(true);
  });

  it('shows the same area at every width (2x and 3x the pixels, not more of the map)', async () => {
    const narrow = await readPixels(await staticMap('light', '360', '37.80780', '-122.47500'));
    const wide = await readPixels(await staticMap('light', '1080', '37.80780', '-122.47500'));
    expect(wide.shareNear(light.water, 8)).toBeCloseTo(narrow.shareNear(light.water, 8), 1);
    expect(STATIC_MAP_ZOOM).toBe(14);
  });
});

describe('the drawn pictures kept in memory', () => {
  it('draw a tile once, however often and however many at once it is asked for', async () => {
    const address = tileAt(40.7, -74, 11);
    const before = mapImageStats().tiles.draws;
    const [first, second] = await Promise.all([
      mapTile('dark', ...address),
      mapTile('dark', ...address),
    ]);
    const third = await mapTile('dark', ...address);
    expect(mapImageStats().tiles.draws - before).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('draw one static map for one place however its address writes the numbers', async () => {
    const before = mapImageStats().staticMaps.draws;
    await staticMap('light', '360', '41.5', '-87.6');
    await staticMap('light', '360', '41.50000', '-87.60000');
    expect(mapImageStats().staticMaps.draws - before).toBe(1);
  });

  it('keep at most so many pictures, and at most so many bytes, dropping the least recent', async () => {
    const cache = new DrawingCache({ maxEntries: 2, maxBytes: 10 });
    const picture = (bytes: number) => async () => Buffer.alloc(bytes);
    await cache.get('a', picture(3));
    await cache.get('b', picture(3));
    await cache.get('a', picture(3)); // a is now the most recent
    await cache.get('c', picture(3)); // three entries: b goes
    expect(cache.stats()).toEqual({ entries: 2, bytes: 6, draws: 3 });
    await cache.get('b', picture(3));
    expect(cache.stats().draws).toBe(4);
    await cache.get('d', picture(9)); // 12 bytes with b: b goes, d stays
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 9 });
    await cache.get('e', picture(11)); // over the whole budget: drawn, never kept
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 9, draws: 6 });
  });

  it('draw again after a failed drawing', async () => {
    const cache = new DrawingCache({ maxEntries: 2, maxBytes: 10 });
    await expect(cache.get('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('a', async () => Buffer.alloc(1))).toHaveLength(1);
  });
});

type Address = [string, string, string, string];

describe('addresses the maps refuse', () => {
  it.each<[Address, string, string]>([
    [['blue', '3', '1', '2'], 'theme', 'The map theme must be light or dark.'],
    [['light', '17', '0', '0'], 'z', 'The zoom must be a whole number from 0 to 16.'],
    [['light', '-1', '0', '0'], 'z', 'The zoom must be a whole number from 0 to 16.'],
    [['light', '2.5', '0', '0'], 'z', 'The zoom must be a whole number from 0 to 16.'],
    [['light', '2', '4', '0'], 'x', "At zoom 2 a tile's x is a whole number from 0 to 3."],
    [['light', '2', '0', '4'], 'y', "At zoom 2 a tile's y is a whole number from 0 to 3."],
    [['dark', '0', '0', '1'], 'y', "At zoom 0 a tile's y is a whole number from 0 to 0."],
    [['dark', '5', 'x', '1'], 'x', "At zoom 5 a tile's x is a whole number from 0 to 31."],
  ])('tile %j: %s', async (address, field, message) => {
    const refusal = mapTile(...address);
    await expect(refusal).rejects.toBeInstanceOf(InvalidInputError);
    await expect(refusal).rejects.toMatchObject({ field, message });
  });

  it.each<[Address, string, string]>([
    [['sepia', '360', '37', '-122'], 'theme', 'The map theme must be light or dark.'],
    [['light', '500', '37', '-122'], 'width', 'The width must be one of 360, 720, 1080.'],
    [['light', '0360', '37', '-122'], 'width', 'The width must be one of 360, 720, 1080.'],
    [['light', '360', '86', '-122'], 'lat', 'The latitude must be between -85.05112 and 85.05112.'],
    [['light', '360', '37', '-180.5'], 'lon', 'The longitude must be between -180 and 180.'],
    [
      ['light', '360', '37.123456', '-122'],
      'lat',
      'The latitude must be a number in degrees with at most 5 decimals.',
    ],
    [
      ['light', '360', '37', '1e2'],
      'lon',
      'The longitude must be a number in degrees with at most 5 decimals.',
    ],
  ])('static map %j: %s', async (address, field, message) => {
    const refusal = staticMap(...address);
    await expect(refusal).rejects.toBeInstanceOf(InvalidInputError);
    await expect(refusal).rejects.toMatchObject({ field, message });
  });
});

describe('the land index', () => {
  it('starts afresh once it holds too many tiles, and still draws the same land', async () => {
    const kansas = tileAt(38.5, -98, LAND_DATA_ZOOM).map(Number) as [number, number, number];
    const before = await landRings(...kansas, 256);
    const builds = landIndexBuilds();
    // Every z10 tile of North America and on east, as a crawler might ask. (Open sea far from
    // any coast costs the index nothing: those tiles are never sliced.)
    let asked = 0;
    for (let x = 150; asked <= MAX_INDEXED_TILES * 1.5; x++) {
      for (let y = 330; y < 470; y++, asked++) await landRings(LAND_DATA_ZOOM, x, y, 256);
    }
    await landRings(...kansas, 256);
    expect(landIndexBuilds()).toBeGreaterThan(builds);
    expect(await landRings(...kansas, 256)).toEqual(before);
  });
});

describe('rings that cross the antimeridian', () => {
  it('carry on past 180 instead of stepping across the world', () => {
    // An island from 179 to -179 (181), stored as a globe does: two steps at the antimeridian.
    const island = [
      [179, 0],
      [180, 0],
      [-180, 0],
      [-179, 0],
      [-179, 1],
      [-180, 1],
      [180, 1],
      [179, 1],
      [179, 0],
    ];
    const flat = flatRing(island);
    const longitudes = flat.map(([longitude = 0]) => longitude);
    for (let index = 1; index < longitudes.length; index++) {
      expect(Math.abs((longitudes[index] ?? 0) - (longitudes[index - 1] ?? 0))).toBeLessThan(180);
    }
    expect(flat.at(-1)).toEqual(flat[0]);
    expect(Math.max(...longitudes) - Math.min(...longitudes)).toBe(2);
  });

  it('close a ring round the south pole along the pole', () => {
    const antarctica = [
      [-180, -70],
      [0, -65],
      [180, -70],
      [-180, -70],
    ];
    const flat = flatRing(antarctica);
    expect(flat.at(-1)).toEqual(flat[0]);
    expect(flat.filter(([, latitude]) => latitude === -90)).toHaveLength(2);
  });

  it('leave every other ring as it is', () => {
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(flatRing(square)).toBe(square);
  });
});
