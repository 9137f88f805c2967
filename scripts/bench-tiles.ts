/**
 * Map tiles benchmark (issue 33): what FamJam's own tiles and static maps cost the server.
 *
 *   npm run bench:tiles                  # 300 tiles, 30 static maps
 *   npm run bench:tiles -- --tiles 1000 --maps 60
 *
 * In this process, through the same service the routes call (server/services/maps/): no HTTP,
 * so the figures are the drawing alone. It reads the land data (the first request's cold
 * start), then draws --tiles different tiles (zooms 3 to 16 round the seeded metros, both
 * themes, each address once: every one a cold draw), then asks for every one again (answered
 * from memory), and the same for --maps static maps (the three widths round the metros).
 * Prints min / median / p95 / max of each, and the memory the land index and the caches hold.
 */
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OWN_TILES_MAX_ZOOM, staticMapWidths } from '../contract/maps.ts';
import { TILE_SIZE, worldPixel } from '../server/services/maps/drawing.ts';
import { loadLand } from '../server/services/maps/land.ts';
import { mapImageStats, mapTile, staticMap } from '../server/services/maps/mapImages.ts';

interface Options {
  tiles: number;
  maps: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { tiles: 300, maps: 30 };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === '--') continue;
    const value = Number(argv[index + 1]);
    index += 1;
    if ((flag !== '--tiles' && flag !== '--maps') || !Number.isInteger(value) || value < 1) {
      throw new Error(`usage: npm run bench:tiles -- [--tiles N] [--maps N] (got ${flag})`);
    }
    options[flag === '--tiles' ? 'tiles' : 'maps'] = value;
  }
  return options;
}

/** The seeded metros' centres (server/seed): coasts, bays and the plains between. */
const metros = [
  [37.7749, -122.4194],
  [47.6062, -122.3321],
  [40.7128, -74.006],
  [41.8781, -87.6298],
  [39.0997, -94.5786],
  [25.7617, -80.1918],
  [34.0522, -118.2437],
  [42.3601, -71.0589],
] as const;

/** A repeatable walk of pseudo-random numbers (no Math.random: every run asks the same). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function tileAddresses(count: number): [string, string, string, string][] {
  const next = numbers(33);
  const seen = new Set<string>();
  const addresses: [string, string, string, string][] = [];
  while (addresses.length < count) {
    const [latitude, longitude] = metros[Math.floor(next() * metros.length)] ?? metros[0];
    const z = 3 + Math.floor(next() * (OWN_TILES_MAX_ZOOM - 2));
    // Within about 0.3 degrees of the centre: the metro and its coast.
    const point = worldPixel(latitude + (next() - 0.5) * 0.6, longitude + (next() - 0.5) * 0.6, z);
    const theme = next() < 0.5 ? 'light' : 'dark';
    const address: [string, string, string, string] = [
      theme,
      String(z),
      String(Math.floor(point.x / TILE_SIZE)),
      String(Math.floor(point.y / TILE_SIZE)),
    ];
    if (seen.has(address.join('/'))) continue;
    seen.add(address.join('/'));
    addresses.push(address);
  }
  return addresses;
}

function mapAddresses(count: number): [string, string, string, string][] {
  const next = numbers(34);
  return Array.from({ length: count }, (_, index) => {
    const [latitude, longitude] = metros[index % metros.length] ?? metros[0];
    return [
      index % 2 === 0 ? 'light' : 'dark',
      String(staticMapWidths[index % staticMapWidths.length]),
      (latitude + (next() - 0.5) * 0.2).toFixed(5),
      (longitude + (next() - 0.5) * 0.2).toFixed(5),
    ];
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function summary(label: string, durations: number[]): string {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (share: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(2);
  return `${label.padEnd(22)} n=${String(sorted.length).padEnd(5)} min ${at(0)}  median ${at(0.5)}  p95 ${at(0.95)}  max ${(sorted.at(-1) ?? 0).toFixed(2)} ms`;
}

// A collection before each memory figure, so it counts what is kept, not garbage not yet freed.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function memory(): string {
  collectGarbage();
  const usage = process.memoryUsage();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  return `heap ${mb(usage.heapUsed)} MB, array buffers ${mb(usage.arrayBuffers)} MB, rss ${mb(usage.rss)} MB`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  console.log(
    `load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; node ${process.version}`,
  );
  console.log(`before the land data: ${memory()}`);
  const loadMs = await timed(loadLand);
  console.log(`land data read and indexed in ${loadMs.toFixed(0)} ms; ${memory()}`);

  const tiles = tileAddresses(options.tiles);
  const coldTiles: number[] = [];
  for (const address of tiles) coldTiles.push(await timed(() => mapTile(...address)));
  const cachedTiles: number[] = [];
  for (const address of tiles) cachedTiles.push(await timed(() => mapTile(...address)));

  const maps = mapAddresses(options.maps);
  const coldMaps: number[] = [];
  for (const address of maps) coldMaps.push(await timed(() => staticMap(...address)));
  const cachedMaps: number[] = [];
  for (const address of maps) cachedMaps.push(await timed(() => staticMap(...address)));

  console.log(summary('tile, cold', coldTiles));
  console.log(summary('tile, from memory', cachedTiles));
  console.log(summary('static map, cold', coldMaps));
  console.log(summary('static map, from memory', cachedMaps));
  const { tiles: tileCache, staticMaps } = mapImageStats();
  console.log(
    `kept: ${tileCache.entries} tiles (${(tileCache.bytes / 1024).toFixed(0)} KB, ${tileCache.draws} drawn), ${staticMaps.entries} static maps (${(staticMaps.bytes / 1024).toFixed(0)} KB)`,
  );
  console.log(`after: ${memory()}`);
  console.log(
    `load average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

await main();
