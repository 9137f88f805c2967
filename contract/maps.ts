import { type Static, Type } from '@sinclair/typebox';

/*
 * Maps (issue 33), shared by the server and the app: where raster tiles come from, the static
 * venue map's address, and the bounding box "Search this area" sends. docs/maps.md says how a
 * deployment points FamJam at real tiles.
 */

/** The two looks of every map, following the app's theme. */
export const mapThemes = ['light', 'dark'] as const;
export type MapTheme = (typeof mapThemes)[number];

/**
 * Raster tiles for the interactive map: an XYZ URL template per theme ('{z}', '{x}', '{y}', and
 * '{r}' for '@2x' on sharp screens where the provider has it), the attribution the provider
 * requires (plain text, shown on every map), and the deepest zoom it has tiles for.
 */
export const MapConfig = Type.Object({
  tiles: Type.Object({ light: Type.String(), dark: Type.String() }),
  attribution: Type.String(),
  maxZoom: Type.Integer({ minimum: 1, maximum: 22 }),
});
export type MapConfig = Static<typeof MapConfig>;

/** The tiles FamJam draws itself (server/services/maps/): what a fresh clone and every test use. */
export const ownTilePath = (theme: MapTheme) => `/tiles/${theme}/{z}/{x}/{y}.png`;

/** What FamJam's own tiles show, credited as the data's licence asks (public domain, credited anyway). */
export const OWN_TILES_ATTRIBUTION = 'Coastlines: Natural Earth (public domain) · FamJam';

/** The deepest zoom FamJam's own tiles are drawn for: city blocks, no streets. */
export const OWN_TILES_MAX_ZOOM = 16;

/** The map configuration when no provider is configured: FamJam's own tiles. */
export const ownTilesMapConfig: MapConfig = {
  tiles: { light: ownTilePath('light'), dark: ownTilePath('dark') },
  attribution: OWN_TILES_ATTRIBUTION,
  maxZoom: OWN_TILES_MAX_ZOOM,
};

/** Widths the static venue map is drawn at, for srcset; its height is STATIC_MAP_ASPECT of it. */
export const staticMapWidths = [360, 720, 1080] as const;
export type StaticMapWidth = (typeof staticMapWidths)[number];
export const STATIC_MAP_ASPECT = 0.45;
/** The static map's zoom: a few blocks around the venue. */
export const STATIC_MAP_ZOOM = 14;

/** Coordinates in a static map's address, to 5 decimals (about a metre), so caches line up. */
export function staticMapPath(
  theme: MapTheme,
  width: StaticMapWidth,
  latitude: number,
  longitude: number,
): string {
  return `/maps/static/${theme}/${width}/${latitude.toFixed(5)}/${longitude.toFixed(5)}.webp`;
}

/** A box on the map, in degrees: west and east longitudes, south and north latitudes. */
export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The largest box "Search this area" may ask for, in degrees on each side: a region of a few
 * states, not a continent or the world (which would be every event, unranked).
 */
export const MAX_BBOX_SPAN_DEGREES = 10;

/** The box as `bbox=` writes it: 'west,south,east,north', 5 decimals each. */
export function formatBoundingBox(box: BoundingBox): string {
  return [box.west, box.south, box.east, box.north].map((value) => value.toFixed(5)).join(',');
}

export type BoundingBoxReading = { ok: true; box: BoundingBox } | { ok: false; reason: string };

/**
 * Reads 'west,south,east,north'. Refused, with a reason a person can act on: anything but four
 * numbers, a latitude outside ±90 or longitude outside ±180, a reversed box (south above north,
 * or west east of east: FamJam has no venue across the antimeridian), an empty one, or one wider
 * or taller than MAX_BBOX_SPAN_DEGREES.
 */
export function parseBoundingBox(text: string): BoundingBoxReading {
  const parts = text.split(',');
  const numbers = parts.map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 4 || numbers.some((value) => !Number.isFinite(value))) {
    return { ok: false, reason: 'bbox must be four numbers: west,south,east,north' };
  }
  const [west, south, east, north] = numbers as [number, number, number, number];
  if ([south, north].some((value) => value < -90 || value > 90)) {
    return { ok: false, reason: 'bbox latitudes must be between -90 and 90' };
  }
  if ([west, east].some((value) => value < -180 || value > 180)) {
    return { ok: false, reason: 'bbox longitudes must be between -180 and 180' };
  }
  if (south >= north || west >= east) {
    return { ok: false, reason: 'bbox is reversed or empty: it goes west,south,east,north' };
  }
  if (north - south > MAX_BBOX_SPAN_DEGREES || east - west > MAX_BBOX_SPAN_DEGREES) {
    return {
      ok: false,
      reason: `bbox is too large: at most ${MAX_BBOX_SPAN_DEGREES} degrees on each side`,
    };
  }
  return { ok: true, box: { west, south, east, north } };
}
