import sharp from 'sharp';
import {
  type MapTheme,
  STATIC_MAP_ASPECT,
  STATIC_MAP_ZOOM,
  type StaticMapWidth,
  staticMapWidths,
} from '../../../contract/maps.ts';
import { landRings } from './land.ts';
import { mapStyles } from './mapStyle.ts';

/*
 * FamJam's own map pictures, drawn from the land rings (land.ts) as SVG and rasterised by sharp
 * (librsvg): 256 px PNG tiles for the interactive map, and the WebP static map of a venue on the
 * event details. The SVG is written here from numbers alone (no text from a request reaches it).
 */

export const TILE_SIZE = 256;

/** The widest latitude Web Mercator draws (the square world of every XYZ tile set). */
export const MAX_MERCATOR_LATITUDE = 85.0511287798066;

/** One part of a picture: a tile's land at its place, in the picture's pixels. */
interface TilePiece {
  z: number;
  x: number;
  y: number;
  /** Where the tile's top-left corner sits in the picture, and how wide it is drawn there. */
  left: number;
  top: number;
  size: number;
}

/** Rings as SVG path data, to a tenth of a pixel (enough for the edges' smoothing). */
function pathData(rings: Float64Array[], left: number, top: number): string {
  const parts: string[] = [];
  for (const ring of rings) {
    if (ring.length < 6) continue;
    for (let index = 0; index < ring.length; index += 2) {
      const x = ((ring[index] ?? 0) + left).toFixed(1);
      const y = ((ring[index + 1] ?? 0) + top).toFixed(1);
      parts.push(`${index === 0 ? 'M' : 'L'}${x} ${y}`);
    }
    parts.push('Z');
  }
  return parts.join('');
}

/**
 * The land of each piece, each clipped to its own square: a piece's rings run a little past
 * its edges (so no coast is cut at a tile's border), and there the next piece draws.
 */
async function landElements(theme: MapTheme, pieces: TilePiece[], scale: number): Promise<string> {
  const style = mapStyles[theme];
  const elements: string[] = [];
  for (const [number, piece] of pieces.entries()) {
    const { rings } = await landRings(piece.z, piece.x, piece.y, piece.size);
    const data = pathData(rings, piece.left, piece.top);
    if (data === '') continue;
    const clip = `c${number}`;
    // A pixel more on each side: two pieces each smoothing their shared edge to half cover
    // would leave a faint line of sea between them.
    elements.push(
      `<clipPath id="${clip}"><rect x="${piece.left - 1}" y="${piece.top - 1}" width="${piece.size + 2}" height="${piece.size + 2}"/></clipPath>`,
      `<path clip-path="url(#${clip})" d="${data}" fill="${style.land}" fill-rule="evenodd" stroke="${style.coast}" stroke-width="${scale}" stroke-linejoin="round"/>`,
    );
  }
  return elements.join('');
}

function svgDocument(width: number, height: number, theme: MapTheme, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${mapStyles[theme].water}"/>${body}</svg>`,
  );
}

/** The tile z/x/y (x and y within 0..2^z-1, checked by the caller) as a 256 x 256 PNG. */
export async function drawTile(theme: MapTheme, z: number, x: number, y: number): Promise<Buffer> {
  const land = await landElements(theme, [{ z, x, y, left: 0, top: 0, size: TILE_SIZE }], 1);
  return (
    sharp(svgDocument(TILE_SIZE, TILE_SIZE, theme, land))
      // Two colours and their smoothed edges: a palette PNG is a fifth of a full-colour one.
      .png({ palette: true, compressionLevel: 9, effort: 4 })
      .toBuffer()
  );
}

/** The static map's height for its width: STATIC_MAP_ASPECT of it, rounded. */
export function staticMapHeight(width: StaticMapWidth): number {
  return Math.round(width * STATIC_MAP_ASPECT);
}

/**
 * How many image pixels a CSS pixel of the narrowest static map is. Every width shows the same
 * area at STATIC_MAP_ZOOM: 720 and 1080 are the 360 map for 2x and 3x screens (srcset), drawn
 * from the same tiles at 2 and 3 times the pixels, not a wider view at another zoom.
 */
function pixelRatio(width: StaticMapWidth): number {
  return width / staticMapWidths[0];
}

/** Where a point is on the Web Mercator world at `zoom`, in 256 px tile pixels. */
export function worldPixel(
  latitude: number,
  longitude: number,
  zoom: number,
): { x: number; y: number } {
  const worldSize = TILE_SIZE * 2 ** zoom;
  const radians = (latitude * Math.PI) / 180;
  return {
    x: ((longitude + 180) / 360) * worldSize,
    y: ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * worldSize,
  };
}

/**
 * The venue's pin, its tip on the venue: a teardrop in the theme's accent with a white outline
 * and a white eye, about 20 x 31 CSS pixels. White reads on both themes' land and water.
 */
function pinElement(theme: MapTheme, x: number, y: number, ratio: number): string {
  const style = mapStyles[theme];
  return `<g transform="translate(${x} ${y}) scale(${ratio})"><path d="M0 0C-2 -6 -10 -12 -10 -21A10 10 0 1 1 10 -21C10 -12 2 -6 0 0Z" fill="${style.pin}" stroke="${style.pinOutline}" stroke-width="2.5" stroke-linejoin="round"/><circle cx="0" cy="-21" r="3.5" fill="${style.pinOutline}"/></g>`;
}

/** Where the pin's head is, from its tip, in CSS pixels: the test looks for its colour there. */
export const PIN_HEAD_OFFSET = { x: 6, y: -21 } as const;

/**
 * The venue at latitude/longitude (checked by the caller: within ±MAX_MERCATOR_LATITUDE and
 * ±180) on a `width` x staticMapHeight(width) WebP, centred on it at STATIC_MAP_ZOOM, with a pin.
 * Drawn from the same tiles (z, x, y and their land) as the interactive map.
 */
export async function drawStaticMap(
  theme: MapTheme,
  width: StaticMapWidth,
  latitude: number,
  longitude: number,
): Promise<Buffer> {
  const height = staticMapHeight(width);
  const ratio = pixelRatio(width);
  const zoom = STATIC_MAP_ZOOM;
  const tiles = 2 ** zoom;
  const centre = worldPixel(latitude, longitude, zoom);
  // The picture's top-left corner in world pixels at `zoom` (CSS pixels, before the ratio).
  const left = centre.x - width / ratio / 2;
  const top = centre.y - height / ratio / 2;
  const pieces: TilePiece[] = [];
  for (let tileY = Math.floor(top / TILE_SIZE); tileY * TILE_SIZE < top + height / ratio; tileY++) {
    // Past the Mercator square (never for a venue): nothing but sea there.
    if (tileY < 0 || tileY >= tiles) continue;
    for (
      let tileX = Math.floor(left / TILE_SIZE);
      tileX * TILE_SIZE < left + width / ratio;
      tileX++
    ) {
      pieces.push({
        z: zoom,
        // Across the antimeridian the world repeats.
        x: ((tileX % tiles) + tiles) % tiles,
        y: tileY,
        left: (tileX * TILE_SIZE - left) * ratio,
        top: (tileY * TILE_SIZE - top) * ratio,
        size: TILE_SIZE * ratio,
      });
    }
  }
  const body =
    (await landElements(theme, pieces, ratio)) + pinElement(theme, width / 2, height / 2, ratio);
  return (
    sharp(svgDocument(width, height, theme, body))
      // Lossless: lossy WebP stores colour at half resolution and rounds it, so its land and sea
      // came out a unit or two off the tiles' (#f7f0e5 for #f7f0e4) and blotchy round the coast.
      // Two flat colours compress well either way (about 3 KB); effort 1 is the fastest that
      // does, and faster than the lossy encoder was.
      .webp({ lossless: true, effort: 1 })
      .toBuffer()
  );
}
