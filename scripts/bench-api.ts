/**
 * API benchmark (issue 3): loads N synthetic events, starts the app on a free port and drives
 * list, search and by-id with autocannon, then the same searches through a naive ILIKE scan.
 *
 *   npm run bench:api -- --events 100000            # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:api -- --events 1000000
 *
 * Options: --events N (default 100000), --duration S per scenario (default 10),
 * --connections C (default 32), --keep (PostgreSQL: keep the bench database and print its
 * name), --reuse NAME (PostgreSQL: run on a database kept earlier as it is; with --events N it
 * is reloaded when it does not hold exactly N bench events; the events' dates are relative to
 * when they were loaded),
 * --only a,b (run only the named scenarios, e.g. `--only 'list,search,list + ages'`; 'list +
 * bbox' and 'search + bbox' are "Search this area" over San Francisco),
 * --warmup S (default 3; 0 for none): each scenario is driven S seconds, unmeasured, before its
 * measured run,
 * --rate-limit STORE[,STORE] (memory, database or redis; default: what the server would choose
 * from the same environment, as a deployment runs it: redis with FAMJAM_REDIS_URL, database with
 * DATABASE_URL, else memory). Two stores, e.g. `--rate-limit memory,database`, run side by side
 * in one run: one app per store on the same database, each scenario driven on each in turn
 * (the order alternating from scenario to scenario), and the table gives the shared store's
 * throughput against the first's. --rounds N (default 1) drives each scenario N times on each
 * store, in the order A B B A …, and compares the means: on a shared machine one 8-second run
 * of each moves by 10–25 % with the neighbours' load. Every request is counted under one client address
 * (autocannon's connections all come from 127.0.0.1), the limit set too high to refuse any.
 * With DATABASE_URL a fresh database `famjam_bench_<pid>` is created on that server (the role
 * needs CREATEDB) and dropped at the end, so a real database is never touched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { storedCategoryIds } from '../contract/categories.ts';
import { formatBoundingBox } from '../contract/maps.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig, type ServerConfig } from '../server/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../server/db/client.ts';
import { events, type NewEventRow } from '../server/db/schema/index.ts';
import { resolveLocation, warmGazetteer } from '../server/services/geocoding.ts';
import type { FamJamApp } from '../server/types.ts';

interface Options {
  events: number;
  /** --events was given: with --reuse, a database holding another count is reloaded. */
  eventsGiven: boolean;
  duration: number;
  connections: number;
  keep: boolean;
  reuse: string | null;
  /** Scenario names to run (--only); null: all. */
  only: string[] | null;
  /**
   * Seconds each scenario is driven, unmeasured, before it is measured (--warmup). Without it the
   * first scenario's p99 was its first seconds: V8 compiling the request path, the pool opening
   * its connections (list at 42–46 ms where list + ages, the same walk run later, was 29–33).
   */
  warmup: number;
  /** Where the rate limit counts (--rate-limit); null: as the server would choose. */
  rateLimit: RateLimitStore[] | null;
  /** Times each scenario is driven on each store (--rounds). */
  rounds: number;
}

type RateLimitStore = ServerConfig['rateLimitStore'];
const rateLimitStores: readonly RateLimitStore[] = ['memory', 'database', 'redis'];

function parseOptions(argv: string[]): Options {
  const options: Options = {
    events: 100_000,
    eventsGiven: false,
    duration: 10,
    connections: 32,
    keep: false,
    reuse: null,
    only: null,
    warmup: 3,
    rateLimit: null,
    rounds: 1,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = (least = 1) => {
      const raw = argv[index + 1];
      index += 1;
      const number = Number(raw?.replaceAll('_', ''));
      if (!Number.isInteger(number) || number < least) {
        throw new Error(
          `${flag} needs a whole number of at least ${least} (got ${raw ?? 'nothing'})`,
        );
      }
      return number;
    };
    if (flag === '--events') {
      options.events = value();
      options.eventsGiven = true;
    } else if (flag === '--duration') options.duration = value();
    else if (flag === '--connections') options.connections = value();
    else if (flag === '--warmup') options.warmup = value(0);
    else if (flag === '--rounds') options.rounds = value();
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--reuse') {
      const name = argv[index + 1] ?? '';
      index += 1;
      if (!/^famjam_bench_\d+$/.test(name)) {
        throw new Error(`--reuse needs a kept database name like famjam_bench_1234 (got ${name})`);
      }
      options.reuse = name;
    } else if (flag === '--rate-limit') {
      const raw = argv[index + 1] ?? '';
      index += 1;
      const stores = raw.split(',').map((name) => name.trim());
      const wrong = stores.filter((name) => !rateLimitStores.includes(name as RateLimitStore));
      if (wrong.length > 0 || stores.length > 2 || new Set(stores).size !== stores.length) {
        throw new Error(
          `--rate-limit needs one store or two different ones, comma-separated, of ${rateLimitStores.join(', ')} (got ${raw || 'nothing'})`,
        );
      }
      options.rateLimit = stores as RateLimitStore[];
    } else if (flag === '--only') {
      options.only = (argv[index + 1] ?? '').split(',').map((name) => name.trim());
      index += 1;
    } else if (flag !== '--') throw new Error(`unknown option ${flag}`);
  }
  return options;
}

/** Metro areas the synthetic events spread over; the benchmark queries the first ones. */
const metros = [
  ['San Francisco, CA', 37.7749, -122.4194, 'America/Los_Angeles'],
  ['Oakland, CA', 37.8044, -122.2712, 'America/Los_Angeles'],
  ['New York, NY', 40.7128, -74.006, 'America/New_York'],
  ['Chicago, IL', 41.8781, -87.6298, 'America/Chicago'],
  ['Austin, TX', 30.2672, -97.7431, 'America/Chicago'],
  ['Seattle, WA', 47.6062, -122.3321, 'America/Los_Angeles'],
  ['Denver, CO', 39.7392, -104.9903, 'America/Denver'],
  ['Boston, MA', 42.3601, -71.0589, 'America/New_York'],
  ['Atlanta, GA', 33.749, -84.388, 'America/New_York'],
  ['Miami, FL', 25.7617, -80.1918, 'America/New_York'],
  ['Los Angeles, CA', 34.0522, -118.2437, 'America/Los_Angeles'],
  ['San Diego, CA', 32.7157, -117.1611, 'America/Los_Angeles'],
  ['Portland, OR', 45.5152, -122.6784, 'America/Los_Angeles'],
  ['Phoenix, AZ', 33.4484, -112.074, 'America/Phoenix'],
  ['Minneapolis, MN', 44.9778, -93.265, 'America/Chicago'],
  ['Nashville, TN', 36.1627, -86.7816, 'America/Chicago'],
  ['Philadelphia, PA', 39.9526, -75.1652, 'America/New_York'],
  ['Washington, DC', 38.9072, -77.0369, 'America/New_York'],
  ['Dallas, TX', 32.7767, -96.797, 'America/Chicago'],
  ['Detroit, MI', 42.3314, -83.0458, 'America/Detroit'],
] as const;

// Titles are "<adjective> <noun>": 40 x 30 combinations, so one word matches a few percent of
// a city's events, as in a real catalogue (whose vocabulary is far larger still).
const adjectives = [
  'Jazz',
  'Family',
  'Indie',
  'Summer',
  'Late Night',
  'Classic',
  'Open Air',
  'Kids',
  'Street',
  'Community',
  'Acoustic',
  'Grand',
  'Sunset',
  'Winter',
  'Neighborhood',
  'Downtown',
  'Harbor',
  'Vintage',
  'Electric',
  'Latin',
  'Blues',
  'Symphony',
  'Garden',
  'Rooftop',
  'Midnight',
  'Spring',
  'Autumn',
  'Holiday',
  'Folk',
  'Soul',
  'Hip-Hop',
  'Country',
  'Bluegrass',
  'Gospel',
  'Opera',
  'Ballet',
  'Puppet',
  'Science',
  'Maker',
  'Charity',
];
const nouns = [
  'Concert',
  'Festival',
  'Comedy Show',
  'Market',
  'Yoga Class',
  'Exhibition',
  'Food Fair',
  'Game Night',
  'Workshop',
  'Parade',
  'Screening',
  'Pop-Up',
  'Brunch',
  'Tour',
  'Fun Run',
  'Dance Party',
  'Story Hour',
  'Tasting',
  'Fair',
  'Showcase',
  'Jam Session',
  'Lecture',
  'Recital',
  'Carnival',
  'Meetup',
  'Trivia',
  'Open Mic',
  'Bazaar',
  'Gala',
  'Matinee',
];
const venues = [
  'Bandshell',
  'Civic Center',
  'Warehouse',
  'Park Pavilion',
  'Museum Hall',
  'Stadium',
  'Riverside Lawn',
  'Theater',
  'Library',
  'Pier',
];
const tagWords = [
  'outdoor',
  'music',
  'kids',
  'food',
  'art',
  'sports',
  'free',
  'nightlife',
  'dance',
  'crafts',
  'museum',
  'theater',
];
const sqlArray = (values: readonly string[]) =>
  sql.raw(`(array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}])`);

/** One of `values`, picked by `index` (an SQL integer expression, 0 or more). */
const pick = (values: readonly string[], index: SQL) =>
  sql`${sqlArray(values)}[1 + ${index} % ${sql.raw(String(values.length))}]`;

/**
 * Inserts rows [from, to] of the synthetic set in one INSERT … SELECT over generate_series:
 * the database makes the rows, nothing crosses the wire per row. Values come from a cheap
 * per-row hash so the set is the same on every run. The start time has a hash of its own: off
 * the title's hash, `h % 90` days and `h % 40` adjectives shared a factor of 10, so every
 * 'Kids …' event fell on 9 of the 90 days, a pattern no real catalogue has. The columns are
 * the schema's (a value per required column, or the typecheck fails), the categories the
 * contract's.
 */
async function loadBatch(db: Database, from: number, to: number): Promise<void> {
  const metroNames = sqlArray(metros.map((metro) => metro[0]));
  const metroLats = sql.raw(`(array[${metros.map((metro) => metro[1]).join(', ')}]::float8[])`);
  const metroLons = sql.raw(`(array[${metros.map((metro) => metro[2]).join(', ')}]::float8[])`);
  const metroZones = sqlArray(metros.map((metro) => metro[3]));
  const firstTag = pick(tagWords, sql`(h / 11)`);
  const secondTag = pick(tagWords, sql`(h / 13)`);
  // Per column of the schema, an expression of the row number n, its hashes h and d and its
  // metro m. Columns left out keep their defaults.
  const values: { [Column in keyof NewEventRow]: SQL } = {
    id: sql`'bench:' || n`,
    source: sql`'bench'`,
    sourceId: sql`n::text`,
    title: sql`${pick(adjectives, sql`h`)} || ' ' || ${pick(nouns, sql`(h / 7)`)}`,
    description: sql`'A synthetic event number ' || n || ' with ' || ${firstTag} || ' and ' || ${secondTag} || ' for everyone.'`,
    venue: sql`${pick(venues, sql`(h / 17)`)} || ' ' || (h % 50)`,
    // Spread evenly over the 20 metros: 5% each, so San Francisco's 40 km (with Oakland)
    // holds a tenth of the catalogue, a dense city for an aggregator.
    location: sql`${metroNames}[m]`,
    address: sql`(h % 900 + 1) || ' Main St'`,
    startsAt: sql`now() + ((d % 90) || ' days')::interval + ((d / 90 % 24) || ' hours')::interval`,
    timeZone: sql`${metroZones}[m]`,
    hasTime: sql`h % 10 <> 0`,
    priceText: sql`case when h % 4 = 0 then null when h % 4 = 1 then 'Free' else '$' || (h % 120 + 5) end`,
    priceMinCents: sql`case when h % 4 < 2 then 0 else (h % 120 + 5) * 100 end`,
    priceMaxCents: sql`case when h % 4 < 2 then 0 else (h % 120 + 5) * 100 end`,
    imageUrl: sql`'/images/events/music.svg'`,
    category: pick(storedCategoryIds, sql`(h / 19)`),
    tags: sql`array[${firstTag}, ${secondTag}]`,
    isFamilyFriendly: sql`h % 2 = 0`,
    // Ages as a catalogue has them: most listings say nothing (all ages), some are for little
    // ones, school-age kids or teens, a tenth 21+.
    minAge: sql`(array[null, null, null, null, null, null, 0, 5, 13, 21]::smallint[])[1 + (h / 29) % 10]`,
    maxAge: sql`(array[null, null, null, null, null, null, 5, 12, 17, null]::smallint[])[1 + (h / 29) % 10]`,
    ticketUrl: sql`case when h % 3 = 0 then 'https://tickets.example.com/' || n end`,
    latitude: sql`${metroLats}[m] + ((h % 1000) / 1000.0 - 0.5) * 0.5`,
    longitude: sql`${metroLons}[m] + (((h / 1000) % 1000) / 1000.0 - 0.5) * 0.5`,
  };
  const columns = Object.keys(values) as (keyof typeof values)[];
  await db.execute(sql`
    insert into ${events} (${sql.join(
      columns.map((column) => sql.identifier(events[column].name)),
      sql`, `,
    )})
    select ${sql.join(
      columns.map((column) => values[column]),
      sql`, `,
    )}
    from (
      select n, h, d, 1 + (h / 23) % ${sql.raw(String(metros.length))} as m
      from (
        select n, (hashint4(n) & 2147483647) as h, (hashint4(-n) & 2147483647) as d
        from generate_series(${from}::int, ${to}::int) as n
      ) as hashed
    ) as rows
  `);
}

interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Building an index once over loaded rows is many times faster than updating it per row, so
 * the secondary indexes (exactly as the migrations made them) are dropped for the load and
 * recreated after. Constraint indexes (primary key, unique) stay.
 */
async function secondaryIndexes(db: Database): Promise<IndexDefinition[]> {
  const result = (await db.execute(sql`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relname = 'events' and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
  `)) as unknown as { rows: IndexDefinition[] };
  return result.rows;
}

async function loadEvents(handle: DatabaseHandle, count: number): Promise<void> {
  const started = performance.now();
  let loaded = started;
  // One transaction: a load that fails (or is stopped) leaves the database as it was, never
  // without its secondary indexes, which a later --reuse would then run without.
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${events} where source = 'bench'`);
    const indexes = await secondaryIndexes(tx);
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    const batch = 50_000;
    for (let from = 1; from <= count; from += batch) {
      const to = Math.min(count, from + batch - 1);
      await loadBatch(tx, from, to);
      process.stdout.write(
        `\rloading events: ${to.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`,
      );
    }
    process.stdout.write('\n');
    loaded = performance.now();
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  // VACUUM as well as ANALYZE: index-only scans (search's date-order walk) need the visibility
  // map, which autovacuum would fill shortly after a bulk load in production.
  await handle.db.execute(sql`vacuum analyze ${events}`);
  console.log(
    `loaded in ${((loaded - started) / 1000).toFixed(1)} s, indexes built in ${((performance.now() - loaded) / 1000).toFixed(1)} s`,
  );
}

async function openBenchDatabase(reuse: string | null): Promise<{
  handle: DatabaseHandle;
  describe: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    if (reuse) throw new Error('--reuse needs DATABASE_URL: PGlite runs in memory');
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    return { handle, describe: 'PGlite (in memory)', drop: async () => {} };
  }
  const name = reuse ?? `famjam_bench_${process.pid}`;
  if (!reuse) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  const version = (await handle.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  return {
    handle,
    describe: `PostgreSQL ${version.rows[0]?.server_version ?? ''} (database ${name})`,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

interface Scenario {
  name: string;
  paths: string[];
  /** Fewer than --connections, where more would only wait for a pooled database connection. */
  connections?: number;
}

interface Figures {
  name: string;
  /** The rate limit's store the app counted in. */
  store: RateLimitStore;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** The machine's 1-minute load average when the scenario ended: others may share it. */
  load: number;
}

async function drive(
  baseUrl: string,
  scenario: Scenario,
  options: Options,
  store: RateLimitStore,
): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections: scenario.connections ?? options.connections,
    duration: options.duration,
    // A naive scan of a million rows takes seconds under load: time it, don't count it failed.
    timeout: 60,
    // The load comes from a worker thread: on the server's own event loop, parsing 30,000
    // responses a second would be measured as the server's latency.
    workers: 1,
    // Each connection goes through the paths in turn.
    requests: scenario.paths.map((path) => ({ method: 'GET', path })),
    // Same connections, not counted: autocannon measures from the end of this.
    ...(options.warmup > 0 ? { warmup: { duration: options.warmup } } : {}),
  });
  return {
    name: scenario.name,
    store,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    load: loadavg()[0] ?? 0,
  };
}

const searchWords = ['jazz', 'comedy', 'market', 'concert', 'yoga', 'museum', 'festival', 'kids'];
const searchCities = ['San Francisco, CA', 'Oakland, CA', 'New York, NY', 'Chicago, IL'];

/**
 * "Search this area" over San Francisco's city limits (issue 33): a box of 0.17 by 0.13
 * degrees, inside one 1-degree cell that also holds Oakland and the rest of the synthetic Bay
 * Area, so the box is about a tenth of its cell's events (8,900 of 92,000 at 1M).
 */
const sanFranciscoBox = formatBoundingBox({
  west: -122.52,
  south: 37.7,
  east: -122.35,
  north: 37.83,
});
const inSanFrancisco = `location=${encodeURIComponent('San Francisco, CA')}&bbox=${sanFranciscoBox}`;

/**
 * Bench only, never a product route: the same search as /api/events/search (words in the
 * title first, then in the tags, venue or category label, then anywhere; soonest first
 * within each) as a schema without search indexes would run it: every text column ILIKE'd,
 * the distance computed per row, every match ranked before the page is taken.
 */
function addNaiveSearch(app: FamJamApp, db: Database): void {
  app.get<{ Querystring: { query?: string; location?: string } }>(
    '/bench/naive-search',
    async (request) => {
      const place = resolveLocation(request.query.location ?? 'San Francisco, CA');
      const pattern = `%${request.query.query ?? ''}%`;
      const labels = sql`array_to_string(tags, ' ') || ' ' || venue || ' ' || famjam_category_label(category)`;
      const rows = await db.execute(sql`
        select id, title, starts_at from ${events}
        where starts_at >= now()
          and (title ilike ${pattern} or description ilike ${pattern} or ${labels} ilike ${pattern})
          and 6371 * 2 * asin(sqrt(power(sin(radians(latitude - ${place.latitude}) / 2), 2)
            + cos(radians(${place.latitude})) * cos(radians(latitude))
            * power(sin(radians(longitude - ${place.longitude}) / 2), 2))) <= 40
        order by case when title ilike ${pattern} then 1 when ${labels} ilike ${pattern} then 2 else 3 end,
          starts_at, id
        limit 21`);
      return rows;
    },
  );
}

/** The named variables that are set, to hand loadConfig as the server would see them. */
function pickEnv(...names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const { handle, describe, drop } = await openBenchDatabase(options.reuse);
  const scratch = mkdtempSync(join(tmpdir(), 'famjam-bench-'));
  try {
    console.log(`database: ${describe}`);
    const loaded = (await handle.db.execute(
      sql`select count(*)::integer as count from ${events} where source = 'bench'`,
    )) as unknown as { rows: { count: number }[] };
    const loadedCount = loaded.rows[0]?.count ?? 0;
    // A kept database is run as it is unless --events asks for another count: reloading a
    // million-event database to the default 100,000 because --events was left out would
    // measure another catalogue under the same name.
    if (options.reuse && loadedCount > 0 && !options.eventsGiven) options.events = loadedCount;
    if (options.reuse && loadedCount === options.events) {
      console.log(`reusing the ${options.events.toLocaleString('en-US')} events loaded earlier`);
    } else {
      await loadEvents(handle, options.events);
    }

    // Read routes need no sign-in; the emulator address only satisfies the config check. The
    // rate limit's store is chosen from the same variables the server reads.
    const baseConfig = loadConfig({
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
      FAMJAM_DATA_DIR: scratch,
      FAMJAM_STATIC_DIR: join(scratch, 'no-client'),
      ...pickEnv('DATABASE_URL', 'FAMJAM_REDIS_URL', 'FAMJAM_RATE_LIMIT_STORE'),
    });
    const stores = options.rateLimit ?? [baseConfig.rateLimitStore];
    const apps: { store: RateLimitStore; app: FamJamApp; address: string }[] = [];
    for (const store of stores) {
      const config: ServerConfig = {
        ...baseConfig,
        // Counted as in production, never refused: the bench measures what counting costs.
        rateLimitPerMinute: 1_000_000_000,
        rateLimitStore: store,
      };
      const app = await buildApp({ config, db: handle.db });
      addNaiveSearch(app, handle.db);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push({ store, app, address });
      console.log(`app (rate limit counted in ${store}) listening at ${address}`);
    }
    // As the server does after listening: the place index is built before the first request.
    warmGazetteer();

    const sampleIds = Array.from(
      { length: 2000 },
      (_, index) => `/api/events/bench:${1 + ((index * 7919) % options.events)}`,
    );
    const searches = searchWords.flatMap((word, index) => [
      `query=${word}&location=${encodeURIComponent(searchCities[index % searchCities.length] ?? '')}`,
    ]);
    const scenarios: Scenario[] = [
      {
        name: 'list',
        paths: searchCities.flatMap((city) => [
          `/api/events?location=${encodeURIComponent(city)}`,
          `/api/events?location=${encodeURIComponent(city)}&familyMode=true`,
        ]),
      },
      { name: 'search', paths: searches.map((query) => `/api/events/search?${query}`) },
      {
        // 'Fits my family': one span (young kids) and two (young kids and teens, with a gap).
        name: 'list + ages',
        paths: searchCities.flatMap((city) => [
          `/api/events?location=${encodeURIComponent(city)}&ages=young_kids`,
          `/api/events?location=${encodeURIComponent(city)}&ages=young_kids,teens&familyMode=true`,
        ]),
      },
      {
        name: 'search + ages',
        paths: searches.map(
          (query, index) =>
            `/api/events/search?${query}&ages=${index % 2 === 0 ? 'young_kids' : 'teens'}`,
        ),
      },
      {
        // The map's "Search this area" without words: the listing and Search's date order.
        name: 'list + bbox',
        paths: [
          `/api/events?${inSanFrancisco}`,
          `/api/events?${inSanFrancisco}&familyMode=true`,
          `/api/events/search?${inSanFrancisco}`,
          `/api/events/search?${inSanFrancisco}&familyMode=true`,
        ],
      },
      {
        name: 'search + bbox',
        paths: searchWords.map((word) => `/api/events/search?query=${word}&${inSanFrancisco}`),
      },
      { name: 'by-id', paths: sampleIds },
      {
        name: 'naive ILIKE search',
        paths: searches.map((query) => `/bench/naive-search?${query}`),
        // Each scan takes the better part of a second, so beyond the pool's 10 connections a
        // request waits more than the pool's 10 s and fails: that would measure the queue.
        connections: Math.min(options.connections, 10),
      },
    ];

    const unknown = options.only?.filter((name) => !scenarios.some((s) => s.name === name));
    if (unknown && unknown.length > 0) {
      throw new Error(
        `--only: no scenario ${unknown.join(', ')} (there are ${scenarios.map((s) => s.name).join(', ')})`,
      );
    }
    const figures: Figures[] = [];
    let turn = 0;
    for (const scenario of scenarios) {
      if (options.only && !options.only.includes(scenario.name)) continue;
      for (let round = 0; round < options.rounds; round += 1) {
        // Side by side, the order alternates: neither store always runs on the warmer machine.
        const order = turn % 2 === 0 ? apps : [...apps].reverse();
        turn += 1;
        for (const { store, address } of order) {
          const label = apps.length > 1 ? `${scenario.name} (${store})` : scenario.name;
          process.stdout.write(`driving ${label} for ${options.duration} s… `);
          const result = await drive(address, scenario, options, store);
          figures.push(result);
          console.log(`${result.requestsPerSecond.toFixed(0)} req/s`);
        }
      }
    }
    for (const { app } of apps) await app.close();

    console.log(
      `\n${options.events.toLocaleString('en-US')} events, ${describe}, ${options.connections} connections, ${options.duration} s each, rate limit counted in ${stores.join(' and ')}\n`,
    );
    console.log('| scenario | rate limit | requests/s | p50 ms | p99 ms | failed | load average |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const row of figures) {
      console.log(
        `| ${row.name} | ${row.store} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.failures} | ${row.load.toFixed(1)} |`,
      );
    }
    const [baseline, compared] = stores;
    if (baseline !== undefined && compared !== undefined) {
      console.log(`\n${compared} count against ${baseline} count, side by side:`);
      const mean = (rows: Figures[], pick: (row: Figures) => number) =>
        rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
      for (const scenario of scenarios) {
        const base = figures.filter((row) => row.name === scenario.name && row.store === baseline);
        const other = figures.filter((row) => row.name === scenario.name && row.store === compared);
        if (base.length === 0 || other.length === 0) continue;
        const baseRate = mean(base, (row) => row.requestsPerSecond);
        const otherRate = mean(other, (row) => row.requestsPerSecond);
        if (baseRate <= 0) continue;
        const change = (100 * otherRate) / baseRate - 100;
        console.log(
          `- ${scenario.name}: ${otherRate.toFixed(0)} against ${baseRate.toFixed(0)} req/s (mean of ${other.length}), ${change >= 0 ? '+' : ''}${change.toFixed(1)} %; p99 ${mean(other, (row) => row.p99).toFixed(0)} against ${mean(base, (row) => row.p99).toFixed(0)} ms`,
        );
      }
    }
    const search = figures.find((row) => row.name === 'search' && row.store === stores[0]);
    const naive = figures.find(
      (row) => row.name === 'naive ILIKE search' && row.store === stores[0],
    );
    if (search && naive && naive.requestsPerSecond > 0) {
      console.log(
        `\nindexed search vs naive ILIKE: ${(search.requestsPerSecond / naive.requestsPerSecond).toFixed(1)}x the throughput, p50 ${(naive.p50 / Math.max(search.p50, 1)).toFixed(1)}x lower`,
      );
    }
  } finally {
    await handle.close();
    rmSync(scratch, { recursive: true, force: true });
    if (options.reuse) {
      console.log(`kept database ${options.reuse}`);
    } else if (options.keep && process.env.DATABASE_URL) {
      console.log(`kept database famjam_bench_${process.pid}`);
    } else {
      await drop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
