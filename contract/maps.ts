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

// The box "Search this area" sends lives in ./boundingBox.ts, free of TypeBox: the app reads
// `?bbox=` on its first screens (src/app/searchParams.ts), whose budget has no room for it.
export {
  type BoundingBox,
  type BoundingBoxReading,
  formatBoundingBox,
  MAX_BBOX_SPAN_DEGREES,
  parseBoundingBox,
} from './boundingBox.ts';
