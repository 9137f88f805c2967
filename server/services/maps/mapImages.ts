import {
  type MapTheme,
  mapThemes,
  OWN_TILES_MAX_ZOOM,
  staticMapWidths,
} from '../../../contract/maps.ts';
import { InvalidInputError } from '../errors.ts';
import { drawStaticMap, drawTile, MAX_MERCATOR_LATITUDE } from './drawing.ts';
import { DrawingCache, type DrawingCacheStats } from './drawingCache.ts';

/*
 * FamJam's own map pictures as the routes ask for them (docs/maps.md): the parts of the address
 * read and checked here, each refusal naming its part, and every picture drawn once and then
 * kept. The pictures depend on nothing but their address (no user, no configuration), so one
 * set of caches serves the whole process.
 */

/**
 * A tile is 0.2 KB (open sea, a whole field of land) to 15 KB (a whole continent's coast at
 * z0-z3), about 2 KB along a coast: 6,000 of them are a few dozen full map views, and the byte
 * bound keeps the worst case to 24 MB.
 */
const tiles = new DrawingCache({ maxEntries: 6_000, maxBytes: 24 * 1024 * 1024 });
/** A static map is 0.5 to 7 KB (lossless WebP): one per venue and width seen lately. */
const staticMaps = new DrawingCache({ maxEntries: 1_500, maxBytes: 8 * 1024 * 1024 });

export function mapImageStats(): { tiles: DrawingCacheStats; staticMaps: DrawingCacheStats } {
  return { tiles: tiles.stats(), staticMaps: staticMaps.stats() };
}

function readTheme(text: string): MapTheme {
  if (!(mapThemes as readonly string[]).includes(text)) {
    throw new InvalidInputError(`The map theme must be ${mapThemes.join(' or ')}.`, {
      field: 'theme',
    });
  }
  return text as MapTheme;
}

/** The Web Mercator limit, to 5 decimals and inside it. */
const MAX_STATIC_MAP_LATITUDE = Math.floor(MAX_MERCATOR_LATITUDE * 1e5) / 1e5;

/** A whole number written plainly (digits only), or null. */
function wholeNumber(text: string): number | null {
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/**
 * A coordinate as staticMapPath writes it: an optional minus, digits, at most 5 decimals
 * (about a metre). More decimals would draw the same picture under endless addresses.
 */
function coordinate(text: string, field: 'lat' | 'lon', limit: number, name: string): number {
  const value = /^-?\d{1,3}(\.\d{1,5})?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) {
    throw new InvalidInputError(
      `The ${name} must be a number in degrees with at most 5 decimals.`,
      {
        field,
      },
    );
  }
  if (Math.abs(value) > limit) {
    throw new InvalidInputError(`The ${name} must be between -${limit} and ${limit}.`, { field });
  }
  return value;
}

/**
 * The tile at `/tiles/{theme}/{z}/{x}/{y}.png`, a 256 x 256 PNG. Refused: a theme that is not
 * light or dark, a zoom outside 0..OWN_TILES_MAX_ZOOM, an x or y that is not a tile at that zoom
 * (0 to 2^z - 1).
 */
export async function mapTile(
  themeText: string,
  zText: string,
  xText: string,
  yText: string,
): Promise<Buffer> {
  const theme = readTheme(themeText);
  const z = wholeNumber(zText);
  if (z === null || z > OWN_TILES_MAX_ZOOM) {
    throw new InvalidInputError(
      `The zoom must be a whole number from 0 to ${OWN_TILES_MAX_ZOOM}.`,
      { field: 'z' },
    );
  }
  const tilesAcross = 2 ** z;
  const place = (text: string, field: 'x' | 'y') => {
    const value = wholeNumber(text);
    if (value === null || value >= tilesAcross) {
      throw new InvalidInputError(
        `At zoom ${z} a tile's ${field} is a whole number from 0 to ${tilesAcross - 1}.`,
        { field },
      );
    }
    return value;
  };
  const x = place(xText, 'x');
  const y = place(yText, 'y');
  return tiles.get(`${theme}/${z}/${x}/${y}`, () => drawTile(theme, z, x, y));
}

/**
 * The static venue map at `/maps/static/{theme}/{width}/{lat}/{lon}.webp` (contract/maps.ts
 * staticMapPath). Refused: an unknown theme, a width not in staticMapWidths, a latitude past
 * what a Web Mercator map shows (±85.05°) or a longitude outside ±180.
 */
export async function staticMap(
  themeText: string,
  widthText: string,
  latText: string,
  lonText: string,
): Promise<Buffer> {
  const theme = readTheme(themeText);
  const width = staticMapWidths.find((known) => String(known) === widthText);
  if (width === undefined) {
    throw new InvalidInputError(`The width must be one of ${staticMapWidths.join(', ')}.`, {
      field: 'width',
    });
  }
  const latitude = coordinate(latText, 'lat', MAX_STATIC_MAP_LATITUDE, 'latitude');
  const longitude = coordinate(lonText, 'lon', 180, 'longitude');
  // '37.5' and '37.50000' are one place and one picture.
  const key = `${theme}/${width}/${latitude.toFixed(5)}/${longitude.toFixed(5)}`;
  return staticMaps.get(key, () => drawStaticMap(theme, width, latitude, longitude));
}
