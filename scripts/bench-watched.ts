/**
 * Watched-search matching benchmark (issue 34): how long checking an import's new events
 * against every active watched search takes (server/services/watchedSearches.ts,
 * matchWatchedSearches, which each source run calls after writing its events).
 *
 *   npm run bench:watched                          # PGlite, then a throwaway PostgreSQL 15
 *   npm run bench:watched -- --db pglite --searches 10000 --events 1000 --runs 5
 *
 * The database holds --background events already (spread over 30 US cities, the next 60 days)
 * and --searches watched searches of 10 per family, whose filters are drawn with a fixed seed
 * from what a family would save: words (a few misspelt, a few stop words only) or none, a
 * category, price, date word, Family Safe, ages, the place and radius. Two layouts:
 *
 *   spread     the searches over the 30 cities, as families are;
 *   one city   every search around the import's city (Oakland), the worst case: each is checked.
 *
 * The import is --events new events around Oakland (titles from the same words, so some
 * match). Each run times matchWatchedSearches over those ids, after deleting the previous
 * run's matches; the median is reported with the machine's load.
 *
 * Options: --searches N (default 10000), --events N (default 1000), --background N (default
 * 20000), --runs N (default 5), --db pglite|postgres|both (default both). PostgreSQL is a
 * throwaway cluster (scripts/lib/throwawayPostgres.ts) unless DATABASE_URL names a server, on
 * which a database famjam_bench_watched_<pid> is created and dropped.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type StoredCategoryId, storedCategoryIds } from '../contract/categories.ts';
import { familyGroupIds } from '../contract/family.ts';
import type { WatchedSearchFilters } from '../contract/outreach.ts';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../server/db/client.ts';
import { events, users, watchedSearches, watchedSearchMatches } from '../server/db/schema/index.ts';
import { warmGazetteer } from '../server/services/geocoding.ts';
import { matchWatchedSearches } from '../server/services/watchedSearches.ts';
import { findPostgresBin } from './lib/systemPackages.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwawayPostgres.ts';

interface Options {
  searches: number;
  events: number;
  background: number;
  runs: number;
  databases: ('pglite' | 'postgres')[];
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    searches: 10_000,
    events: 1000,
    background: 20_000,
    runs: 5,
    databases: ['pglite', 'postgres'],
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === '--') continue;
    const raw = argv[index + 1];
    index += 1;
    if (flag === '--db') {
      if (raw === 'both') options.databases = ['pglite', 'postgres'];
      else if (raw === 'pglite' || raw === 'postgres') options.databases = [raw];
      else throw new Error(`--db needs pglite, postgres or both (got ${raw ?? 'nothing'})`);
      continue;
    }
    const number = Number(raw?.replaceAll('_', ''));
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`${flag} needs a whole number of at least 1 (got ${raw ?? 'nothing'})`);
    }
    if (flag === '--searches') options.searches = number;
    else if (flag === '--events') options.events = number;
    else if (flag === '--background') options.background = number;
    else if (flag === '--runs') options.runs = number;
    else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

/** A small deterministic generator (mulberry32), so every run draws the same world. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cities: { name: string; latitude: number; longitude: number; zone: string }[] = [
  { name: 'Oakland, CA', latitude: 37.8044, longitude: -122.2712, zone: 'America/Los_Angeles' },
  {
    name: 'San Francisco, CA',
    latitude: 37.7749,
    longitude: -122.4194,
    zone: 'America/Los_Angeles',
  },
  { name: 'San Jose, CA', latitude: 37.3382, longitude: -121.8863, zone: 'America/Los_Angeles' },
  { name: 'Sacramento, CA', latitude: 38.5816, longitude: -121.4944, zone: 'America/Los_Angeles' },
  { name: 'Los Angeles, CA', latitude: 34.0522, longitude: -118.2437, zone: 'America/Los_Angeles' },
  { name: 'San Diego, CA', latitude: 32.7157, longitude: -117.1611, zone: 'America/Los_Angeles' },
  { name: 'Portland, OR', latitude: 45.5152, longitude: -122.6784, zone: 'America/Los_Angeles' },
  { name: 'Seattle, WA', latitude: 47.6062, longitude: -122.3321, zone: 'America/Los_Angeles' },
  { name: 'Phoenix, AZ', latitude: 33.4484, longitude: -112.074, zone: 'America/Phoenix' },
  { name: 'Denver, CO', latitude: 39.7392, longitude: -104.9903, zone: 'America/Denver' },
  { name: 'Salt Lake City, UT', latitude: 40.7608, longitude: -111.891, zone: 'America/Denver' },
  { name: 'Dallas, TX', latitude: 32.7767, longitude: -96.797, zone: 'America/Chicago' },
  { name: 'Austin, TX', latitude: 30.2672, longitude: -97.7431, zone: 'America/Chicago' },
  { name: 'Houston, TX', latitude: 29.7604, longitude: -95.3698, zone: 'America/Chicago' },
  { name: 'Chicago, IL', latitude: 41.8781, longitude: -87.6298, zone: 'America/Chicago' },
  { name: 'Minneapolis, MN', latitude: 44.9778, longitude: -93.265, zone: 'America/Chicago' },
  { name: 'St. Louis, MO', latitude: 38.627, longitude: -90.1994, zone: 'America/Chicago' },
  { name: 'Nashville, TN', latitude: 36.1627, longitude: -86.7816, zone: 'America/Chicago' },
  { name: 'Atlanta, GA', latitude: 33.749, longitude: -84.388, zone: 'America/New_York' },
  { name: 'Miami, FL', latitude: 25.7617, longitude: -80.1918, zone: 'America/New_York' },
  { name: 'Orlando, FL', latitude: 28.5383, longitude: -81.3792, zone: 'America/New_York' },
  { name: 'Charlotte, NC', latitude: 35.2271, longitude: -80.8431, zone: 'America/New_York' },
  { name: 'Washington, DC', latitude: 38.9072, longitude: -77.0369, zone: 'America/New_York' },
  { name: 'Philadelphia, PA', latitude: 39.9526, longitude: -75.1652, zone: 'America/New_York' },
  { name: 'New York, NY', latitude: 40.7128, longitude: -74.006, zone: 'America/New_York' },
  { name: 'Boston, MA', latitude: 42.3601, longitude: -71.0589, zone: 'America/New_York' },
  { name: 'Pittsburgh, PA', latitude: 40.4406, longitude: -79.9959, zone: 'America/New_York' },
  { name: 'Detroit, MI', latitude: 42.3314, longitude: -83.0458, zone: 'America/Detroit' },
  { name: 'Columbus, OH', latitude: 39.9612, longitude: -82.9988, zone: 'America/New_York' },
  { name: 'Baltimore, MD', latitude: 39.2904, longitude: -76.6122, zone: 'America/New_York' },
];

const words = [
  'story time',
  'puppet',
  'soccer',
  'jazz',
  'science',
  'museum',
  'concert',
  'festival',
  'dinosaur',
  'pottery',
  'swim',
  'ballet',
  'robot',
  'farmers market',
  'library',
  'magic show',
  'zoo',
  'orchestra',
  'lego',
  'painting',
  'hike',
  'yoga',
  'baseball',
  'theater',
  'carnival',
];
/** What a family might type that Search reads by near spelling, or as stop words only. */
const oddQueries = ['concrt', 'musem', 'dinosuar', 'the', 'puppts'];
const categoriesDrawn: readonly StoredCategoryId[] = storedCategoryIds;
const prices = ['free', 'under20', '20to50', '50plus'] as const;
const dates = ['today', 'tomorrow', 'weekend', 'week', 'next_week'] as const;
const ageGroups = familyGroupIds;

type Draw = () => number;
const pick = <Item>(draw: Draw, items: readonly Item[]): Item =>
  items[Math.floor(draw() * items.length)] as Item;

function drawFilters(draw: Draw, city: string): WatchedSearchFilters {
  const filters: WatchedSearchFilters = { location: city, radiusKm: pick(draw, [10, 25, 40, 40]) };
  const textRoll = draw();
  if (textRoll < 0.65) filters.query = pick(draw, words);
  else if (textRoll < 0.72) filters.query = pick(draw, oddQueries);
  if (draw() < 0.3) filters.category = pick(draw, categoriesDrawn);
  if (draw() < 0.15) filters.price = pick(draw, prices);
  if (draw() < 0.15) filters.date = pick(draw, dates);
  if (draw() < 0.3) filters.familyMode = true;
  if (draw() < 0.2) filters.ages = [pick(draw, ageGroups)];
  return filters;
}

function eventRow(draw: Draw, id: string, near: (typeof cities)[number], now: Date) {
  const word = pick(draw, words);
  const day = 86_400_000;
  const startsAt = new Date(now.getTime() + Math.floor(draw() * 60 * 24) * (day / 24));
  const price = draw();
  return {
    id,
    source: 'bench',
    sourceId: id,
    title: `${word[0]?.toUpperCase()}${word.slice(1)} ${pick(draw, ['for families', 'day', 'night', 'club', 'fair'])}`,
    description: `A ${pick(draw, words)} afternoon with ${pick(draw, words)}.`,
    venue: pick(draw, ['Lakeside Park', 'City Library', 'Civic Center', 'Fox Theater']),
    location: near.name,
    startsAt,
    timeZone: near.zone,
    category: pick(draw, categoriesDrawn),
    tags: [pick(draw, words)],
    isFamilyFriendly: draw() < 0.5,
    minAge: draw() < 0.3 ? Math.floor(draw() * 10) : null,
    priceText: price < 0.3 ? 'Free' : `$${Math.floor(price * 60)}`,
    priceMinCents: price < 0.3 ? 0 : Math.floor(price * 60) * 100,
    latitude: near.latitude + (draw() - 0.5) * 0.2,
    longitude: near.longitude + (draw() - 0.5) * 0.2,
  };
}

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500) {
    await insert(rows.slice(start, start + 500));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function fillWorld(handle: DatabaseHandle, options: Options, now: Date): Promise<string[]> {
  const { db } = handle;
  const draw = random(34);
  const background = Array.from({ length: options.background }, (_, index) =>
    eventRow(draw, `bench:old-${index}`, pick(draw, cities), now),
  );
  await insertInChunks(background, (chunk) => db.insert(events).values(chunk));
  const families = Math.ceil(options.searches / 10);
  const userRows = Array.from({ length: families }, (_, index) => ({
    firebaseUid: `bench-${index}`,
    email: `bench-${index}@famjam.invalid`,
    name: `Bench ${index}`,
  }));
  const ids: string[] = [];
  await insertInChunks(userRows, async (chunk) => {
    const inserted = await db.insert(users).values(chunk).returning({ id: users.id });
    ids.push(...inserted.map((row) => row.id));
  });
  const fresh = Array.from({ length: options.events }, (_, index) =>
    eventRow(draw, `bench:new-${index}`, cities[0] as (typeof cities)[number], now),
  );
  await insertInChunks(fresh, (chunk) => db.insert(events).values(chunk));
  await db.execute(sql`analyze`);
  return ids;
}

async function placeSearches(
  handle: DatabaseHandle,
  familyIds: string[],
  options: Options,
  layout: 'spread' | 'one city',
): Promise<void> {
  const { db } = handle;
  await db.delete(watchedSearches);
  const draw = random(3434);
  const rows = Array.from({ length: options.searches }, (_, index) => {
    const city = layout === 'one city' ? pick(draw, cities.slice(0, 2)) : pick(draw, cities);
    return {
      userId: familyIds[Math.floor(index / 10)] as string,
      name: `Search ${index}`,
      filters: drawFilters(draw, city.name),
      paused: draw() < 0.05,
    };
  });
  await insertInChunks(rows, (chunk) => db.insert(watchedSearches).values(chunk));
  await db.execute(sql`analyze watched_searches`);
}

interface Figures {
  layout: string;
  checked: number;
  distinctChecks: number;
  matched: number;
  runsMs: number[];
}

async function benchDatabase(target: DatabaseTarget, label: string, options: Options) {
  const handle = await openDatabase(target);
  const now = new Date();
  try {
    const familyIds = await fillWorld(handle, options, now);
    const newIds = Array.from({ length: options.events }, (_, index) => `bench:new-${index}`);
    const results: Figures[] = [];
    for (const layout of ['spread', 'one city'] as const) {
      await placeSearches(handle, familyIds, options, layout);
      const figures: Figures = { layout, checked: 0, distinctChecks: 0, matched: 0, runsMs: [] };
      for (let run = 0; run < options.runs; run += 1) {
        await handle.db.delete(watchedSearchMatches);
        const started = performance.now();
        const outcome = await matchWatchedSearches(handle.db, newIds, now);
        figures.runsMs.push(performance.now() - started);
        figures.checked = outcome.checked;
        figures.distinctChecks = outcome.distinctChecks;
        figures.matched = outcome.matched;
      }
      results.push(figures);
    }
    console.log(
      `\n${label}: ${options.searches} watched searches, ${options.events}-event import, ${options.background} events already stored`,
    );
    for (const figures of results) {
      console.log(
        `  ${figures.layout.padEnd(9)} checked ${figures.checked} (${figures.distinctChecks} distinct), matches ${figures.matched}; runs ${figures.runsMs.map((ms) => Math.round(ms)).join(', ')} ms; median ${Math.round(median(figures.runsMs))} ms`,
      );
    }
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  warmGazetteer();
  console.log(`load average (1 min) at start: ${loadavg()[0]?.toFixed(2)}`);
  for (const database of options.databases) {
    if (database === 'pglite') {
      await benchDatabase({ kind: 'pglite', dataDir: null }, 'PGlite', options);
      continue;
    }
    let throwaway: ThrowawayPostgres | undefined;
    let serverUrl = process.env.DATABASE_URL?.trim();
    if (!serverUrl) {
      const binDir = findPostgresBin();
      if (!binDir) throw new Error('no PostgreSQL binaries in /usr/lib/postgresql');
      throwaway = await startThrowawayPostgres(binDir);
      serverUrl = throwaway.url;
    }
    const name = `famjam_bench_watched_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      await benchDatabase(
        { kind: 'postgres', url: url.toString() },
        `PostgreSQL ${throwaway?.version ?? ''}`.trim(),
        options,
      );
    } finally {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
      throwaway?.stop();
    }
  }
  console.log(`load average (1 min) at end: ${loadavg()[0]?.toFixed(2)}`);
}

await main();
