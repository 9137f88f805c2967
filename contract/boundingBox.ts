/*
 * The bounding box "Search this area" sends (issue 33), shared by the server and the app. Apart
 * from contract/maps.ts, whose map configuration schema brings TypeBox: the app validates
 * `?bbox=` on its first screens (src/app/searchParams.ts), which must not load a schema library.
 */

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
