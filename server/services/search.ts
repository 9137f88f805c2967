import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type CategoryId, categories } from '../../contract/categories.ts';
import {
  type CategoryCounts,
  type DateWord,
  type EventPage,
  MAX_OFFSET,
  type PriceFilter,
} from '../../contract/events.ts';
import { type Database, PreparedStatements } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { events } from '../db/schema/index.ts';
import {
  eventColumnsSql,
  type SelectedEvent,
  selectedEventOf,
  toEvent,
} from '../stores/eventFields.ts';
import { type Area, centreValues, greatCircleMetersFrom, roundedMetersFrom } from './distance.ts';
import {
  type AgeSpan,
  ageOverlap,
  agePlaceholders,
  agesOnly,
  ageValues,
  cellArray,
  cellsAround,
  centrePlaceholders,
  dayBefore,
  decodeCursor,
  distanceOfAlias,
  encodeCursor,
  familyOnly,
  goingAhead,
  InvalidCursorError,
  upcoming,
  withinArea,
} from './events.ts';
import { addDays, calendarDateAt, dayOfWeek, parseIsoDate, startOfDay } from './zonedTime.ts';

/** A search parameter that passed the schema but means nothing (Feb 30, an unknown zone). */
export class InvalidSearchParameterError extends Error {
  override name = 'InvalidSearchParameterError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Dates: the words are calendar days in the caller's zone, turned into instants.

export interface TimeWindow {
  from: Date;
  /** Exclusive. */
  until: Date;
}

/**
 * The window a `date` value means, in `timeZone`:
 * today; tomorrow; weekend = the coming Saturday and Sunday (today on either); week = the next
 * 7 days from today; next_week = next Monday to Sunday; 'YYYY-MM-DD' = that day.
 */
export function dateWindow(date: DateWord | string, timeZone: string, now: Date): TimeWindow {
  const today = calendarDateAt(now, timeZone);
  const weekday = dayOfWeek(today);
  const days = (offset: number, length: number): TimeWindow => ({
    from: startOfDay(addDays(today, offset), timeZone),
    until: startOfDay(addDays(today, offset + length), timeZone),
  });
  switch (date) {
    case 'today':
      return days(0, 1);
    case 'tomorrow':
      return days(1, 1);
    case 'weekend':
      if (weekday === 0) return days(0, 1);
      return days(6 - weekday, 2);
    case 'week':
      return days(0, 7);
    case 'next_week':
      return days((8 - weekday) % 7 || 7, 7);
  }
  const day = parseIsoDate(date);
  // PostgreSQL's timestamps end in 294276; far beyond any event, so stop well before.
  if (!day || day.year < 1970 || day.year > 9998) {
    throw new InvalidSearchParameterError(
      'date',
      `date "${date}" is not a day of the calendar: use today, tomorrow, weekend, week, next_week or YYYY-MM-DD.`,
    );
  }
  return { from: startOfDay(day, timeZone), until: startOfDay(addDays(day, 1), timeZone) };
}

// ---------------------------------------------------------------------------------------------
// Filters

/** By the cheapest ticket. Free includes listings with no price at all (docs/product.md#spec-3). */
function priceCondition(price: PriceFilter): SQL {
  const min = events.priceMinCents;
  switch (price) {
    case 'free':
      return or(eq(min, 0), isNull(events.priceText), sql`btrim(${events.priceText}) = ''`) as SQL;
    case 'under20':
      return and(gt(min, 0), lt(min, 2000)) as SQL;
    case '20to50':
      return and(gte(min, 2000), lte(min, 5000)) as SQL;
    case '50plus':
      return gt(min, 5000);
  }
}

/** The filters the person chose, as they change a query's text (the values are bound). */
interface ChoiceShape {
  familyOnly: boolean;
  /** deals: a price qualifies (docs/product.md#spec-9); stored: one of the stored categories; random: all. */
  category: 'deals' | 'stored' | null;
  price: PriceFilter | null;
  /** How many disjoint age spans the ages filter has (0: none). */
  ageSpans: number;
}

/**
 * Family mode, ages, category and price for a shape. `category` and `ages` are the values, or
 * their placeholders in a prepared statement (tieredSearch).
 */
function choiceConditions(
  shape: ChoiceShape,
  category: unknown,
  ages: readonly { minAge: unknown; maxAge: unknown }[],
): SQL[] {
  const conditions: SQL[] = [];
  if (shape.familyOnly) conditions.push(eq(events.isFamilyFriendly, true));
  if (shape.ageSpans > 0) conditions.push(ageOverlap(ages));
  if (shape.category === 'deals') conditions.push(eq(events.isDeal, true));
  if (shape.category === 'stored') conditions.push(sql`${events.category} = ${category}`);
  if (shape.price) conditions.push(priceCondition(shape.price));
  return conditions;
}

// ---------------------------------------------------------------------------------------------
// Text

const MAX_QUERY_WORDS = 8;

/** Words of the query: letters and digits only, so nothing typed can be tsquery syntax. */
export function queryWords(query: string): string[] {
  const words =
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_QUERY_WORDS).map((word) => word.slice(0, 40));
}

/**
 * Below this many full-text matches the search also takes near spellings ('concrt' ->
 * 'Concert'). One exact hit means the words were spelt as meant, and near spellings appended
 * to a precise answer read as noise ('jazz park' would bring every park), so only a search that
 * finds nothing goes fuzzy.
 */
const FUZZY_BELOW = 1;
/**
 * pg_trgm word similarity that counts as a near spelling: 'concrt' scores 0.57 against
 * 'Concert', 'orcle' 0.44 against 'Oracle Park'; unrelated words stay under 0.3.
 */
const WORD_SIMILARITY_THRESHOLD = 0.4;

/** category=random shuffles this many of the soonest matching events. */
const RANDOM_POOL = 500;

// ---------------------------------------------------------------------------------------------

interface SearchOptions {
  query?: string;
  category?: CategoryId;
  familyMode?: boolean;
  /** ageSpansOf the chosen family groups; none or empty: every age. */
  ages?: readonly AgeSpan[];
  area: Area;
  price?: PriceFilter;
  date?: DateWord | string;
  timeZone: string;
  limit: number;
  cursor?: string;
  offset?: number;
  now?: Date;
}

interface SearchPosition {
  offset: number;
  /** Whether near spellings are in (decided on page 1, so later pages agree with it). */
  fuzzy: boolean;
  /** The shuffle of category=random, so its pages neither repeat nor skip. */
  seed: string;
}

function parseSearchCursor(cursor: string): SearchPosition {
  const { k, o, f, s } = decodeCursor(cursor);
  if (
    k !== 'search' ||
    typeof o !== 'number' ||
    !Number.isInteger(o) ||
    o < 0 ||
    o > MAX_OFFSET ||
    typeof f !== 'boolean' ||
    typeof s !== 'string' ||
    !/^[0-9a-f]{16}$/.test(s)
  ) {
    throw new InvalidCursorError();
  }
  return { offset: o, fuzzy: f, seed: s };
}

/**
 * Every word must match, each as a prefix so results keep up while the person types; the
 * weights letters limit where (A title, B tags/venue/category label).
 */
function prefixQuery(words: readonly string[], weights: string): SQL {
  return sql`to_tsquery('famjam_search', ${prefixQueryText(words, weights)})`;
}

function prefixQueryText(words: readonly string[], weights: string): string {
  return words.map((word) => `${word}:*${weights}`).join(' & ');
}

interface TierSearch {
  cells: number[];
  area: Area;
  choices: ChoiceShape;
  category: string | undefined;
  ages: readonly AgeSpan[];
  /** The `date` window, if one was asked for. */
  window: TimeWindow | null;
  now: Date;
  words: readonly string[];
  /** How many of the best matches the page needs (offset + limit + 1). */
  take: number;
}

const placeholder = sql.placeholder;

/**
 * The three relevance tiers as tests of a row, given the query's two tsquery expressions:
 * every word in the title; else in the title, tags, venue or category label; else anywhere.
 */
function tierTests(anywhere: SQL, titleOrLabels: SQL): SQL[] {
  return [
    sql`${events.titleVector} @@ ${anywhere}`,
    sql`${events.searchVector} @@ ${titleOrLabels} and not ${events.titleVector} @@ ${anywhere}`,
    sql`${events.searchVector} @@ ${anywhere} and not ${events.searchVector} @@ ${titleOrLabels}`,
  ];
}

/**
 * How far ahead the date-order walk looks before handing over to the index of the words. A
 * word on a few percent of events fills a page within a day or two in a city; a rarer one
 * would make the walk read the whole area, so past this horizon the (geo_cell, words) GIN
 * indexes find its few matches in the area instead. The horizon bounds what a word that is
 * not in a tier at all costs: 3 days of a dense city is about 3,000 index tuples.
 */
export const WALK_HORIZON_DAYS = 3;

/**
 * The first `take` matches in tier order, then soonest first, without ranking every match in
 * the area, in one statement and one round trip. For each tier, in order, and only while the
 * tiers before have not filled the page (one-time filters on the counts so far):
 *
 * - the walk: the next WALK_HORIZON_DAYS read cell by cell in start order, stopping after
 *   `take` matches; an index-only scan of events_search_walk_idx (which carries every column
 *   the filters read), so a common word costs a few hundred index tuples;
 * - if the walk ran out: the matches after the horizon from the tier's (geo_cell, words) GIN
 *   index, sorted; a word rare in the area costs what its few matches cost.
 *
 * The planner cannot choose between the two itself (it guesses a prefix query's share of rows
 * without knowing the word), so the text decides: the walk's word tests are wrapped in
 * `is true`, which no index can serve, and after the horizon the start time is, so the word
 * index is the only way in. Made a prepared statement with a generic plan (one plan per
 * filter shape); the tsquery expressions are scalar subqueries, parsed once per execution
 * rather than once per row walked. The tiers exclude each other, so an event appears once.
 */
const tieredSearch = new PreparedStatements((shape: ChoiceShape) => {
  const anywhere = sql`(select to_tsquery('famjam_search', ${placeholder('anywhere')}))`;
  const titleOrLabels = sql`(select to_tsquery('famjam_search', ${placeholder('titleOrLabels')}))`;
  // One type everywhere it appears (a bare 0 < $n would make it an integer).
  const wanted = sql`${placeholder('wanted')}::bigint`;
  const conditions = [
    // Upcoming; the start's lower bound is in each range below.
    sql`(${events.startsAt} >= ${placeholder('now')}::timestamptz or ${events.hasTime} = false)`,
    ...choiceConditions(shape, placeholder('category'), agePlaceholders(shape.ageSpans)),
    sql`${greatCircleMetersFrom(centrePlaceholders, sql`${events.latitude}`, sql`${events.longitude}`)} <= ${placeholder('radiusMeters')}`,
    // Evaluated once, not per row: a query of stop words alone ('the') matches nothing
    // without reading anything, and the caller then lists events as if no words were given.
    sql`numnode(${anywhere}) > 0`,
  ];
  const tiers = tierTests(anywhere, titleOrLabels);
  const parts: SQL[] = [];
  const found: string[] = [];
  const countSoFar = () =>
    sql.raw(
      found.length === 0 ? '0' : found.map((name) => `(select count(*) from ${name})`).join(' + '),
    );
  for (const [index, tier] of tiers.entries()) {
    const walk = `tier${index + 1}_walk`;
    const beyond = `tier${index + 1}_beyond`;
    parts.push(sql`${sql.raw(walk)} as materialized (
      select found.id, found.starts_at
      from unnest(${placeholder('cells')}::integer[]) as cell(id)
      cross join lateral (
        select ${events.id}, ${events.startsAt} from ${events}
        where ${events.geoCell} = cell.id
          and ${events.startsAt} >= ${placeholder('walkFrom')}::timestamptz
          and ${events.startsAt} < ${placeholder('walkUntil')}::timestamptz
          and ${countSoFar()} < ${wanted} and ${and(...conditions)} and (${tier}) is true
        order by ${events.startsAt}
        fetch first (${wanted}) rows with ties
      ) as found)`);
    found.push(walk);
    parts.push(sql`${sql.raw(beyond)} as materialized (
      select matches.id, matches.starts_at from (
        select ${events.id}, ${events.startsAt} from ${events}
        where ${events.geoCell} = any(${placeholder('cells')}::integer[])
          and (${events.startsAt} >= ${placeholder('beyondFrom')}::timestamptz
            and ${events.startsAt} < ${placeholder('beyondUntil')}::timestamptz) is true
          and ${countSoFar()} < ${wanted} and ${and(...conditions)} and ${tier}
        offset 0
      ) as matches
      order by matches.starts_at, matches.id
      limit ${wanted})`);
    found.push(beyond);
  }
  const union = sql.join(
    found.map((name, index) =>
      sql.raw(`select ${Math.floor(index / 2) + 1} as tier, id, starts_at from ${name}`),
    ),
    sql` union all `,
  );
  // The page is taken from the candidates before the join, so only its own rows are read
  // from the table: each walk returns up to `wanted` per cell (and its ties), a third more.
  return sql`
    with ${sql.join(parts, sql`, `)}
    select ${eventColumnsSql},
      ${roundedMetersFrom(centrePlaceholders, sql`events.latitude`, sql`events.longitude`)} as distance_meters
    from (
      select * from (${union}) as found
      order by found.tier, found.starts_at, found.id
      limit ${wanted}
    ) as candidate
    join ${events} on ${events.id} = candidate.id
    order by candidate.tier, candidate.starts_at, candidate.id`;
});

async function searchByTiers(db: Database, search: TierSearch): Promise<SelectedEvent[]> {
  const { now, window } = search;
  const horizon = new Date(now.getTime() + WALK_HORIZON_DAYS * 24 * 60 * 60 * 1000);
  const earliest = dayBefore(now);
  const later = (a: Date, b: Date) => (a > b ? a : b);
  const result = await tieredSearch.execute(db, search.choices, {
    // Instants as ISO text, which node-postgres sends as is (it formats a Date in local time).
    now: now.toISOString(),
    category: search.category,
    ...ageValues(search.ages),
    ...centreValues(search.area),
    radiusMeters: search.area.radiusKm * 1000,
    cells: cellArray(search.cells),
    walkFrom: (window ? later(window.from, earliest) : earliest).toISOString(),
    walkUntil: (window && window.until < horizon ? window.until : horizon).toISOString(),
    beyondFrom: (window ? later(window.from, horizon) : horizon).toISOString(),
    beyondUntil: window ? window.until.toISOString() : 'infinity',
    anywhere: prefixQueryText(search.words, ''),
    titleOrLabels: prefixQueryText(search.words, 'AB'),
    wanted: search.take,
  });
  return rowsOf(result).map(selectedEventOf);
}

/**
 * `GET /api/events/search`: upcoming events in the area matching every given filter, ranked by
 * relevance, then soonest first. Relevance is a tier: every word in the title; else in the
 * title, tags, venue or category label; else anywhere (the description). Tiers rather than
 * ts_rank scores, because "then by date" only means something between equals, and a tier is
 * two cheap containment tests where ts_rank walks every position of every lexeme. Near a
 * place the page is read tier by tier in date order (searchByTiers), so a page costs about
 * the same whether a word matches 50 events in the area or 50,000; ranking every match before
 * taking a page took seconds at a million events. Bigger radii, category=random with words
 * and near spellings rank every match, which stays bounded by the area or the typo's rarity.
 */
export async function searchEvents(db: Database, options: SearchOptions): Promise<EventPage> {
  const now = options.now ?? new Date();
  const window = options.date ? dateWindow(options.date, options.timeZone, now) : null;
  const ages = options.ages ?? [];
  const choices: ChoiceShape = {
    familyOnly: options.familyMode === true,
    category:
      options.category === 'deals'
        ? 'deals'
        : options.category && options.category !== 'random'
          ? 'stored'
          : null,
    price: options.price ?? null,
    ageSpans: ages.length,
  };
  const filters: SQL[] = [
    upcoming(now),
    ...(window ? [gte(events.startsAt, window.from), lt(events.startsAt, window.until)] : []),
    ...choiceConditions(choices, options.category, ages),
    withinArea(options.area),
  ];

  const position: SearchPosition = options.cursor
    ? parseSearchCursor(options.cursor)
    : { offset: options.offset ?? 0, fuzzy: false, seed: shuffleSeed() };

  const words = queryWords(options.query ?? '');
  const phrase = words.join(' ');
  // Every word must match, each as a prefix so results keep up while the person types; the
  // weights letters limit where (A title, B tags/venue/category label).
  const tsQuery = (weights: string) => prefixQuery(words, weights);
  const anywhere = sql`${events.searchVector} @@ ${tsQuery('')}`;
  let useText = words.length > 0;
  let rows: SelectedEvent[] | null = null;
  const cells = cellsAround(options.area);
  if (useText && !position.fuzzy && cells && options.category !== 'random') {
    rows = await searchByTiers(db, {
      cells,
      area: options.area,
      choices,
      category: options.category,
      ages,
      window,
      now,
      words,
      take: position.offset + options.limit + 1,
    });
    if (rows.length === 0 && !options.cursor) {
      // Nothing at all matched as typed: either every word is a stop word ('the'), which lists
      // events as if no query was given, or it goes to near spellings.
      const [probe] = await db
        .select({ lexemes: sql<number>`numnode(${tsQuery('')})`.mapWith(Number) })
        .from(sql`(select 1) as probe`);
      if (!probe || probe.lexemes === 0) useText = false;
      else position.fuzzy = true;
      rows = null;
    } else {
      rows = rows.slice(position.offset);
    }
  } else if (useText && !options.cursor) {
    // One round trip: does the query keep any word (not all stop words), and does full text
    // alone find anything? The probe stops at FUZZY_BELOW rows.
    const [probe] = await db
      .select({
        lexemes: sql<number>`numnode(${tsQuery('')})`.mapWith(Number),
        hits: sql<number>`(select count(*) from (select 1 from ${events} where ${and(...filters, anywhere)} limit ${FUZZY_BELOW}) as enough)::integer`.mapWith(
          Number,
        ),
      })
      .from(sql`(select 1) as probe`);
    if (!probe || probe.lexemes === 0) useText = false;
    else position.fuzzy = probe.hits < FUZZY_BELOW;
  }

  const take = options.limit + 1;
  const where = and(...filters);
  const shuffle = sql.raw(`md5(page.id || '${position.seed}')`);
  const distance = distanceOfAlias(options.area, 'page');
  let query: SQL;
  if (!useText) {
    query =
      options.category === 'random'
        ? // A shuffled sample of what is coming up: the next 500 by date, in seeded order.
          sql`select page.*, ${distance} as distance_meters from (
            select ${eventColumnsSql} from ${events} where ${where}
            order by ${events.startsAt}, ${events.id} limit ${RANDOM_POOL}) as page
          order by ${shuffle} limit ${take} offset ${position.offset}`
        : sql`select page.*, ${distance} as distance_meters from (
            select ${eventColumnsSql} from ${events} where ${where}
            order by ${events.startsAt}, ${events.id} limit ${take} offset ${position.offset}) as page
          order by page.starts_at, page.id`;
  } else if (!position.fuzzy) {
    // Relevance tiers: every word in the title (weight A); else in the title, tags, venue or
    // category label (A, B); else anywhere (the description).
    const tier = sql`case when ${events.searchVector} @@ ${tsQuery('A')} then 1 when ${events.searchVector} @@ ${tsQuery('AB')} then 2 else 3 end`;
    query = sql`select page.*, ${distance} as distance_meters from (
        select ${eventColumnsSql}, ${tier} as tier from ${events} where ${where} and ${anywhere}) as page
      order by page.tier${options.category === 'random' ? sql`, ${shuffle}` : sql``}, page.starts_at, page.id
      limit ${take} offset ${position.offset}`;
  } else {
    // Nothing matched as typed: near spellings of the title or venue ('concrt', 'orcle').
    // `title %> phrase` is word_similarity(phrase, title) >= the threshold: a trigram index scan.
    const nearness = sql`greatest(word_similarity(${phrase}, ${events.title}), word_similarity(${phrase}, ${events.venue}))`;
    query = sql`select page.*, ${distance} as distance_meters from (
        select ${eventColumnsSql}, ${nearness} as nearness from ${events}
        where ${where} and (${events.title} %> ${phrase} or ${events.venue} %> ${phrase})) as page
      order by ${options.category === 'random' ? shuffle : sql`page.nearness desc`}, page.starts_at, page.id
      limit ${take} offset ${position.offset}`;
  }

  if (rows) return pageOf(rows, options.limit, position);
  const result =
    useText && position.fuzzy
      ? await db.transaction(async (tx) => {
          // The similarity operators read their threshold from a setting; scoped to this query.
          await tx.execute(
            sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
          );
          return tx.execute(query);
        })
      : await db.execute(query);
  return pageOf(rowsOf(result).map(selectedEventOf), options.limit, position);
}

let seedPool = Buffer.alloc(0);
let seedOffset = 0;

/**
 * A fresh seed for category=random's shuffle (every first page gets one; cursors carry it).
 * Drawn from 4 KiB of randomness at a time rather than a system call per search.
 */
function shuffleSeed(): string {
  if (seedOffset + 8 > seedPool.length) {
    seedPool = randomBytes(4096);
    seedOffset = 0;
  }
  const seed = seedPool.toString('hex', seedOffset, seedOffset + 8);
  seedOffset += 8;
  return seed;
}

/** The page out of `rows` (one more than a page when there is a next one). */
function pageOf(rows: SelectedEvent[], limit: number, position: SearchPosition): EventPage {
  const page = rows.slice(0, limit);
  return {
    events: page.map(toEvent),
    // Like the offset parameter, paging stops at MAX_OFFSET results: nobody reads that far,
    // and a deeper page costs reading and sorting every match before it.
    nextCursor:
      rows.length > limit && position.offset + page.length <= MAX_OFFSET
        ? encodeCursor({
            k: 'search',
            o: position.offset + page.length,
            f: position.fuzzy,
            s: position.seed,
          })
        : null,
  };
}

/**
 * `GET /api/events/categories`: upcoming events per category in the area, for the home grid.
 * 'deals' counts events whose price qualifies (docs/product.md#spec-9), 'random' counts everything it samples.
 * Cancelled events are not counted: a tile promises things to do (Search still lists them, marked).
 */
export async function countByCategory(
  db: Database,
  options: {
    area: Area;
    familyMode?: boolean;
    /** ageSpansOf the chosen family groups, as the lists take them. */
    ages?: readonly AgeSpan[];
    /** A date word or 'YYYY-MM-DD', computed in `timeZone` (as search reads it). */
    date?: string;
    timeZone?: string;
    now?: Date;
  },
): Promise<CategoryCounts['categories']> {
  const now = options.now ?? new Date();
  const window =
    options.date === undefined
      ? undefined
      : dateWindow(options.date, options.timeZone ?? 'UTC', now);
  const rows = await db
    .select({
      category: events.category,
      count: sql<number>`count(*)::integer`.mapWith(Number),
      deals: sql<number>`(count(*) filter (where ${events.isDeal}))::integer`.mapWith(Number),
    })
    .from(events)
    .where(
      and(
        upcoming(now),
        withinArea(options.area),
        goingAhead,
        familyOnly(options.familyMode),
        agesOnly(options.ages),
        window
          ? and(gte(events.startsAt, window.from), lt(events.startsAt, window.until))
          : undefined,
      ),
    )
    .groupBy(events.category);
  const byCategory = new Map<string, number>(rows.map((row) => [row.category, row.count]));
  const deals = rows.reduce((sum, row) => sum + row.deals, 0);
  const all = rows.reduce((sum, row) => sum + row.count, 0);
  return categories.map(({ id, label }) => ({
    id,
    label,
    count: id === 'deals' ? deals : id === 'random' ? all : (byCategory.get(id) ?? 0),
  }));
}
