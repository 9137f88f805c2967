import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * The land of the whole world, sliced into tiles: world-atlas's `land-10m.json` (Natural Earth's
 * 1:10m land polygons, public domain, 3 MB of TopoJSON) turned into GeoJSON by topojson-client
 * and indexed by geojson-vt. Coastlines only: no lakes, rivers, borders or streets.
 *
 * Measured on the 2-core machine (docs/benchmarks.md, '## Map tiles'): reading and indexing the
 * whole world takes about 0.6 s and keeps about 6 MB, so the world is kept whole rather than cut
 * to North America. It is built on the first tile asked for, not at start: a server whose
 * deployment uses a tile provider never builds it.
 */

/**
 * The deepest zoom the index slices to. The data's own points lie on a grid of about 0.0036°
 * by 0.0017° (300 m by 190 m), which a z10 tile (40 km, 150 m a pixel) already shows at full
 * detail: a deeper tile is the matching part of its z10 ancestor, scaled up (landRings). That
 * keeps the index's growth to z10 tiles, a million in the whole world, not billions at z16.
 */
export const LAND_DATA_ZOOM = 10;

/**
 * A tile's coordinates run from 0 to this. 16384 rather than geojson-vt's 4096: a z16 tile is a
 * 64th of its z10 ancestor, so one unit is a quarter of a z16 tile's pixel at 4096 and one
 * pixel here. Still small enough for 16-bit coordinates.
 */
const EXTENT = 16_384;

/**
 * Tiles kept by the index before it starts afresh. geojson-vt keeps every tile it slices (about
 * 1.3 KB each at z10, measured); a crawler asking for every tile in the world would grow it
 * without end. Past this many, the next request builds a new index (under a second), so it
 * stays within some 40 MB. A family's browsing slices a few hundred.
 */
export const MAX_INDEXED_TILES = 20_000;

/** The land as rings in one tile, in that tile's pixels for the size asked. */
export interface LandRings {
  /** Each ring flat: x0, y0, x1, y1, … in pixels of the tile drawn `size` wide. */
  rings: Float64Array[];
}

const landFile = createRequire(import.meta.url).resolve('world-atlas/land-10m.json');

/**
 * The ring drawn on a flat map. world-atlas is made for globes: a coast that crosses the
 * antimeridian (Chukotka, Fiji, Antarctica) steps from longitude 180 to -180, which on a flat
 * map is a line across the whole world (and a band of "land" over the oceans between two such
 * steps). Here each step is undone by carrying on past ±180 (geojson-vt repeats what lies
 * beyond on the other side), and a ring that goes once round a pole (Antarctica) is closed
 * along that pole instead.
 */
export function flatRing(ring: Position[]): Position[] {
  // The last point repeats the first; the ring is worked on open.
  const open = ring.slice(0, -1);
  const steps = open.flatMap((point, index) => {
    const next = open[(index + 1) % open.length] ?? point;
    return Math.abs((next[0] ?? 0) - (point[0] ?? 0)) > 180 ? [index] : [];
  });
  if (steps.length === 0) return ring;
  // Starting just after a step, the walk round an ordinary ring comes back to its start; round
  // a pole, it ends a world away.
  const start = ((steps[0] ?? 0) + 1) % open.length;
  const walk = [...open.slice(start), ...open.slice(0, start)];
  const flat: Position[] = [];
  let shift = 0;
  for (const [index, point] of walk.entries()) {
    const previous = walk[index - 1];
    const step = previous === undefined ? 0 : (point[0] ?? 0) - (previous[0] ?? 0);
    if (step > 180) shift -= 360;
    if (step < -180) shift += 360;
    flat.push([(point[0] ?? 0) + shift, point[1] ?? 0]);
  }
  const first = flat[0] ?? [0, 0];
  const last = flat.at(-1) ?? first;
  const aroundPole = Math.abs((last[0] ?? 0) - (first[0] ?? 0)) > 180;
  if (aroundPole) {
    const pole = walk.reduce((sum, point) => sum + (point[1] ?? 0), 0) < 0 ? -90 : 90;
    flat.push([last[0] ?? 0, pole], [first[0] ?? 0, pole]);
  }
  flat.push(first);
  return flat;
}

function flatPolygons(land: FeatureCollection): FeatureCollection<MultiPolygon> {
  const polygons = land.features.flatMap(({ geometry }) =>
    geometry.type === 'MultiPolygon'
      ? geometry.coordinates
      : geometry.type === 'Polygon'
        ? [(geometry as Polygon).coordinates]
        : [],
  );
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: null,
        geometry: {
          type: 'MultiPolygon',
          coordinates: polygons.map((rings) => rings.map(flatRing)),
        },
      },
    ],
  };
}

async function buildIndex(): Promise<GeoJSONVT> {
  const topology = JSON.parse(await readFile(landFile, 'utf8')) as Topology<{
    land: GeometryCollection;
  }>;
  const land = flatPolygons(feature(topology, topology.objects.land));
  return new GeoJSONVT(land, {
    maxZoom: LAND_DATA_ZOOM,
    // Tiles above z5 are sliced when first asked for.
    indexMaxZoom: 5,
    extent: EXTENT,
    // A quarter of a 256 px tile's pixel: shallower tiles drop points no one could see.
    tolerance: EXTENT / 256 / 4,
    // 4 px of a 256 px tile beyond each edge, so no coastline is cut where a tile ends.
    buffer: (EXTENT / 256) * 4,
  });
}

let index: Promise<GeoJSONVT> | null = null;
let indexBuilds = 0;

function landIndex(): Promise<GeoJSONVT> {
  if (index === null) {
    indexBuilds += 1;
    const building = buildIndex();
    index = building;
    // A failed read is not kept: the next tile tries again.
    building.catch(() => {
      if (index === building) index = null;
    });
  }
  return index;
}

/** How many times the index was built (the first tile, then once per MAX_INDEXED_TILES). */
export function landIndexBuilds(): number {
  return indexBuilds;
}

/** Reads the land data now rather than at the first tile (the benchmark's cold start). */
export async function loadLand(): Promise<void> {
  await landIndex();
}

/**
 * The land in tile z/x/y (x and y already checked against z), drawn `size` pixels wide: every
 * ring of the tile, or of its LAND_DATA_ZOOM ancestor with the tile's part scaled up, in the
 * tile's pixels. Rings reach past the edges (the index's buffer, or the rest of the ancestor):
 * the drawing clips them. No rings: open water.
 */
export async function landRings(z: number, x: number, y: number, size: number): Promise<LandRings> {
  let current = await landIndex();
  // The count is geojson-vt's public `total`, which its types leave out.
  if ((current as unknown as { total: number }).total > MAX_INDEXED_TILES) {
    index = null;
    current = await landIndex();
  }
  const steps = Math.max(0, z - LAND_DATA_ZOOM);
  const dataZoom = z - steps;
  const tile = current.getTileRaw(dataZoom, x >> steps, y >> steps);
  const span = 2 ** steps;
  // Which square of the ancestor this tile is, in ancestor units, and ancestor units to pixels.
  const left = (x % span) * (EXTENT / span);
  const top = (y % span) * (EXTENT / span);
  const scale = (size * span) / EXTENT;
  const rings: Float64Array[] = [];
  for (const landFeature of tile?.features ?? []) {
    // Land is polygons only (type 3); points and lines do not occur in the data.
    if (landFeature.type !== 3) continue;
    for (const ring of landFeature.geometry) {
      const pixels = new Float64Array(ring.length);
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let index = 0; index < ring.length; index += 2) {
        const px = ((ring[index] ?? 0) - left) * scale;
        const py = ((ring[index + 1] ?? 0) - top) * scale;
        pixels[index] = px;
        pixels[index + 1] = py;
        minX = Math.min(minX, px);
        maxX = Math.max(maxX, px);
        minY = Math.min(minY, py);
        maxY = Math.max(maxY, py);
      }
      // A deep tile is a small part of its ancestor: a ring whose box misses the tile can
      // neither cover nor cut it, so it is not drawn. (One whose box holds the tile may wrap
      // it without a point inside: that one is kept.)
      if (maxX < 0 || maxY < 0 || minX > size || minY > size) continue;
      rings.push(pixels);
    }
  }
  return { rings };
}
