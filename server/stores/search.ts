import { and, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PriceFilter } from '../../contract/events.ts';
import { type Database, PreparedStatements } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { events } from '../db/schema/index.ts';
import { roundedMetersFrom, type SearchArea } from './distance.ts';
import { eventColumnsSql, type SelectedEvent, selectedEventOf } from './eventFields.ts';
import {
  type AgeSpan,
  ageOverlap,
  agePlaceholders,
  agesOnly,
  ageValues,
  areaValues,
  cellArray,
  cellsOf,
  centrePlaceholders,
  dayBefore,
  distanceOfAlias,
  familyOnly,
  goingAhead,
  upcoming,
  upcomingAt,
  withinArea,
  withinAreaPlaceholders,
} from './events.ts';

/*
 * Search's statements over the events table: the filters as SQL, the relevance tiers walked in
 * date order (tieredSearch), the probes that decide between words and near spellings, and the
 * category counts. What a query's words are, which way a search goes and how it pages is
 * server/services/search.ts.
 */

/** Instants from `from` until just before `until`: the days a `date` word means. */
export interface TimeWindow {
  from: Date;
  /** Exclusive. */
  until: Date;
}

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
export interface ChoiceShape {
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

/** What every search filters by: the area, upcoming, and the person's choices. */
export interface SearchFilter {
  area: SearchArea;
  now: Date;
  /** The `date` window, if one was asked for. */
  window: TimeWindow | null;
  choices: ChoiceShape;
  /** The category asked for, bound where `choices.category` is 'stored'. */
  category: string | undefined;
  ages: readonly AgeSpan[];
}

/**
 * The filter's conditions on a row of `events`: what Search narrows by before its words. Also
 * what a watched search is checked with against an import's new events
 * (server/stores/watchedSearches.ts), so an alert promises what Search shows.
 */
export function searchConditions(filter: SearchFilter): SQL[] {
  const { window } = filter;
  return [
    upcoming(filter.now),
    ...(window ? [gte(events.startsAt, window.from), lt(events.startsAt, window.until)] : []),
    ...choiceConditions(filter.choices, filter.category, filter.ages),
    withinArea(filter.area),
  ];
}

/**
 * pg_trgm word similarity that counts as a near spelling: 'concrt' scores 0.57 against
 * 'Concert', 'orcle' 0.44 against 'Oracle Park'; unrelated words stay under 0.3.
 */
const WORD_SIMILARITY_THRESHOLD = 0.4;

/** category=random shuffles this many of the soonest matching events. */
const RANDOM_POOL = 500;

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

/** A row that Search's words find as typed: every word, as a prefix, somewhere in the event. */
export function wordsMatch(words: readonly string[]): SQL {
  return sql`${events.searchVector} @@ ${prefixQuery(words, '')}`;
}

/**
 * A row whose title or venue is a near spelling of the words ('concrt', 'orcle'): what Search
 * takes when the words as typed find nothing. `title %> phrase` is word_similarity(phrase,
 * title) >= the threshold, which withNearSpellings sets: a trigram index scan on events.
 */
export function nearSpellingMatch(words: readonly string[]): SQL {
  const phrase = words.join(' ');
  return sql`(${events.title} %> ${phrase} or ${events.venue} %> ${phrase})`;
}

/** Runs `query` with the near-spelling threshold set, for this transaction only. */
export function withNearSpellings<Result>(
  db: Database,
  query: (tx: Pick<Database, 'execute'>) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (tx) => {
    // The similarity operators read their threshold from a setting; scoped to this query.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    return query(tx);
  });
}

interface TierSearch extends SearchFilter {
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

/** The longest walk a box gets (walkHorizonDays): a box's walk reads whole cells too. */
export const MAX_BOX_WALK_HORIZON_DAYS = 10;

/**
 * Days the walk reads. A box ("Search this area") is usually a small part of its 1-degree
 * cells, but the walk reads the whole cells, so in 3 days it meets a box's share of them: a
 * city box of a tenth of its cell found 8 'jazz' of the 21 a page needs, and the GIN index
 * then read all 3,000 'jazz' of the cell from the table to keep the box's 300 (15 ms at a
 * million events, against 3 for the circle). The horizon grows as the box's share of its
 * cells' area shrinks, up to MAX_BOX_WALK_HORIZON_DAYS: a word absent from a tier pays the
 * whole walk, so it stays short.
 */
export function walkHorizonDays(area: SearchArea, cellCount: number): number {
  const { box } = area;
  if (!box) return WALK_HORIZON_DAYS;
  const share = ((box.north - box.south) * (box.east - box.west)) / cellCount;
  return Math.min(
    MAX_BOX_WALK_HORIZON_DAYS,
    Math.max(WALK_HORIZON_DAYS, WALK_HORIZON_DAYS / share),
  );
}

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
const tieredSearch = new PreparedStatements((shape: ChoiceShape & { box: boolean }) => {
  const anywhere = sql`(select to_tsquery('famjam_search', ${placeholder('anywhere')}))`;
  const titleOrLabels = sql`(select to_tsquery('famjam_search', ${placeholder('titleOrLabels')}))`;
  // One type everywhere it appears (a bare 0 < $n would make it an integer).
  const wanted = sql`${placeholder('wanted')}::bigint`;
  const conditions = [
    // Upcoming; the start's lower bound is in each range below.
    sql`(${events.startsAt} >= ${placeholder('now')}::timestamptz or ${events.hasTime} = false)`,
    ...choiceConditions(shape, placeholder('category'), agePlaceholders(shape.ageSpans)),
    withinAreaPlaceholders(shape.box),
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

/**
 * The first `take` matches of `words` in tier order, then soonest first (tieredSearch); null
 * when the area is too wide to walk cell by cell, and every match must be ranked instead.
 */
export async function searchByTiers(
  db: Database,
  search: TierSearch,
): Promise<SelectedEvent[] | null> {
  const cells = cellsOf(search.area);
  if (!cells) return null;
  const { now, window } = search;
  const horizonDays = walkHorizonDays(search.area, cells.length);
  const horizon = new Date(now.getTime() + horizonDays * 24 * 60 * 60 * 1000);
  const earliest = dayBefore(now);
  const later = (a: Date, b: Date) => (a > b ? a : b);
  const shape = { ...search.choices, box: search.area.box !== undefined };
  const result = await tieredSearch.execute(db, shape, {
    // Instants as ISO text, which node-postgres sends as is (it formats a Date in local time).
    now: now.toISOString(),
    category: search.category,
    ...ageValues(search.ages),
    ...areaValues(search.area),
    cells: cellArray(cells),
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
 * Whether the words keep any lexeme once stop words are dropped ('the' keeps none), asked
 * without reading the table.
 */
export async function keepsWords(db: Database, words: readonly string[]): Promise<boolean> {
  const [probe] = await db
    .select({ lexemes: sql<number>`numnode(${prefixQuery(words, '')})`.mapWith(Number) })
    .from(sql`(select 1) as probe`);
  return probe !== undefined && probe.lexemes !== 0;
}

/** keepsWords for many queries in one round trip, in the order given. */
export async function keepWords(
  db: Database,
  queries: readonly (readonly string[])[],
): Promise<boolean[]> {
  if (queries.length === 0) return [];
  const texts = queries.map((words) => prefixQueryText(words, ''));
  const result = await db.execute(
    sql`select numnode(to_tsquery('famjam_search', query.text)) as lexemes
      from unnest(${`{${texts.map((text) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]) with ordinality as query(text, position)
      order by query.position`,
  );
  return rowsOf(result).map((row) => Number(row.lexemes) !== 0);
}

/**
 * In one round trip: whether the words keep any lexeme (keepsWords), and how many events full
 * text alone finds under the filter, counting no further than `enough`.
 */
export async function probeWords(
  db: Database,
  filter: SearchFilter,
  words: readonly string[],
  enough: number,
): Promise<{ keepsWords: boolean; hits: number }> {
  const tsQuery = prefixQuery(words, '');
  const anywhere = wordsMatch(words);
  const [probe] = await db
    .select({
      lexemes: sql<number>`numnode(${tsQuery})`.mapWith(Number),
      hits: sql<number>`(select count(*) from (select 1 from ${events} where ${and(...searchConditions(filter), anywhere)} limit ${enough}) as enough)::integer`.mapWith(
        Number,
      ),
    })
    .from(sql`(select 1) as probe`);
  return { keepsWords: probe !== undefined && probe.lexemes !== 0, hits: probe?.hits ?? 0 };
}

/** What changes the text of the date-order walk. */
interface DateWalkShape extends ChoiceShape {
  /** The area is a box (bbox), not the circle around the centre. */
  box: boolean;
  /** A `date` window narrows the start times. */
  window: boolean;
  /** category=random: a seeded shuffle of the pool instead of date order. */
  shuffled: boolean;
}

/**
 * The events under the filter soonest first (or a seeded shuffle of the soonest RANDOM_POOL),
 * without words, walked cell by cell like the listing (server/stores/events.ts, listWalk): each
 * cell of the area is read in start order from events_search_walk_idx, index-only (the
 * choices' columns are all in it), and stops after `pool` rows; only the page's full rows are
 * fetched. Ordering the whole table by start time instead reads every event until the area's
 * turn comes: at a million events a city's box of a tenth of its cell read 19,000 rows, 90 ms
 * (docs/benchmarks.md, Search this area). A prepared statement, one generic plan per shape.
 */
const dateOrderWalk = new PreparedStatements((shape: DateWalkShape) => {
  const conditions = [
    upcomingAt(placeholder('now'), placeholder('dayBefore')),
    ...(shape.window
      ? [
          sql`${events.startsAt} >= ${placeholder('from')}::timestamptz`,
          sql`${events.startsAt} < ${placeholder('until')}::timestamptz`,
        ]
      : []),
    ...choiceConditions(shape, placeholder('category'), agePlaceholders(shape.ageSpans)),
    withinAreaPlaceholders(shape.box),
  ];
  const shuffle = sql`md5(pool.id || ${placeholder('seed')}::text)`;
  const walked = sql`
    select found.id, found.starts_at
    from unnest(${placeholder('cells')}::integer[]) as cell(id)
    cross join lateral (
      select ${events.id}, ${events.startsAt} from ${events}
      where ${events.geoCell} = cell.id and ${and(...conditions)}
      order by ${events.startsAt}
      fetch first (${placeholder('pool')}::bigint) rows with ties
    ) as found
    order by found.starts_at, found.id
    limit ${placeholder('pool')}::bigint`;
  const page = shape.shuffled
    ? sql`select pool.id, pool.starts_at, ${shuffle} as shuffled from (${walked}) as pool
        order by shuffled limit ${placeholder('take')}::bigint offset ${placeholder('offset')}::bigint`
    : sql`select pool.id, pool.starts_at from (${walked}) as pool
        order by pool.starts_at, pool.id offset ${placeholder('offset')}::bigint`;
  return sql`
    select ${eventColumnsSql},
      ${roundedMetersFrom(centrePlaceholders, sql`events.latitude`, sql`events.longitude`)} as distance_meters
    from (${page}) as candidate
    join ${events} on ${events.id} = candidate.id
    order by ${shape.shuffled ? sql`candidate.shuffled` : sql`candidate.starts_at, candidate.id`}`;
});

interface SearchPageOptions {
  /** How the rows are matched: no words (by date), every word, or near spellings of the words. */
  match: 'none' | 'words' | 'near spellings';
  words: readonly string[];
  /** category=random: a seeded shuffle instead of date or relevance order. */
  shuffled: boolean;
  seed: string;
  offset: number;
  /** The page size: up to one row more comes back when there is a next page. */
  limit: number;
}

/**
 * A page of the events under the filter. Without words near a place (a circle or a box), the
 * date-order walk; otherwise every match ranked: what searchByTiers does not walk (wide areas,
 * category=random with words, near spellings, no words in a wide area).
 */
export async function searchPageRows(
  db: Database,
  filter: SearchFilter,
  options: SearchPageOptions,
): Promise<SelectedEvent[]> {
  const { words, offset } = options;
  const cells = options.match === 'none' ? cellsOf(filter.area) : null;
  if (cells) {
    const { now, window, choices } = filter;
    const take = options.limit + 1;
    const shape = {
      ...choices,
      box: filter.area.box !== undefined,
      window: window !== null,
      shuffled: options.shuffled,
    };
    const result = await dateOrderWalk.execute(db, shape, {
      // Instants as ISO text, which node-postgres sends as is (it formats a Date in local time).
      now: now.toISOString(),
      dayBefore: dayBefore(now).toISOString(),
      ...(window ? { from: window.from.toISOString(), until: window.until.toISOString() } : {}),
      category: filter.category,
      ...ageValues(filter.ages),
      ...areaValues(filter.area),
      cells: cellArray(cells),
      // Date order: the page and everything before it; shuffled: the soonest RANDOM_POOL.
      pool: options.shuffled ? RANDOM_POOL : offset + take,
      take,
      offset,
      seed: options.seed,
    });
    return rowsOf(result).map(selectedEventOf);
  }
  const phrase = words.join(' ');
  // Every word must match, each as a prefix so results keep up while the person types; the
  // weights letters limit where (A title, B tags/venue/category label).
  const tsQuery = (weights: string) => prefixQuery(words, weights);
  const anywhere = wordsMatch(words);
  const take = options.limit + 1;
  const where = and(...searchConditions(filter));
  const shuffle = sql.raw(`md5(page.id || '${options.seed}')`);
  const distance = distanceOfAlias(filter.area, 'page');
  let query: SQL;
  if (options.match === 'none') {
    query = options.shuffled
      ? // A shuffled sample of what is coming up: the next 500 by date, in seeded order.
        sql`select page.*, ${distance} as distance_meters from (
            select ${eventColumnsSql} from ${events} where ${where}
            order by ${events.startsAt}, ${events.id} limit ${RANDOM_POOL}) as page
          order by ${shuffle} limit ${take} offset ${offset}`
      : sql`select page.*, ${distance} as distance_meters from (
            select ${eventColumnsSql} from ${events} where ${where}
            order by ${events.startsAt}, ${events.id} limit ${take} offset ${offset}) as page
          order by page.starts_at, page.id`;
  } else if (options.match === 'words') {
    // Relevance tiers: every word in the title (weight A); else in the title, tags, venue or
    // category label (A, B); else anywhere (the description).
    const tier = sql`case when ${events.searchVector} @@ ${tsQuery('A')} then 1 when ${events.searchVector} @@ ${tsQuery('AB')} then 2 else 3 end`;
    query = sql`select page.*, ${distance} as distance_meters from (
        select ${eventColumnsSql}, ${tier} as tier from ${events} where ${where} and ${anywhere}) as page
      order by page.tier${options.shuffled ? sql`, ${shuffle}` : sql``}, page.starts_at, page.id
      limit ${take} offset ${offset}`;
  } else {
    // Nothing matched as typed: near spellings of the title or venue ('concrt', 'orcle').
    const nearness = sql`greatest(word_similarity(${phrase}, ${events.title}), word_similarity(${phrase}, ${events.venue}))`;
    query = sql`select page.*, ${distance} as distance_meters from (
        select ${eventColumnsSql}, ${nearness} as nearness from ${events}
        where ${where} and ${nearSpellingMatch(words)}) as page
      order by ${options.shuffled ? shuffle : sql`page.nearness desc`}, page.starts_at, page.id
      limit ${take} offset ${offset}`;
  }
  const result =
    options.match === 'near spellings'
      ? await withNearSpellings(db, (tx) => tx.execute(query))
      : await db.execute(query);
  return rowsOf(result).map(selectedEventOf);
}

/**
 * Upcoming events going ahead in the area per stored category, with how many of them are
 * deals, under the person's choices and the date window. The area is read as the listing reads
 * it (withinArea): the circle's cells or the box's, then the exact test, on the walk's covering
 * index.
 */
export async function categoryCountRows(
  db: Database,
  options: {
    area: SearchArea;
    familyMode?: boolean;
    ages?: readonly AgeSpan[];
    window: TimeWindow | undefined;
    now: Date;
  },
): Promise<{ category: string; count: number; deals: number }[]> {
  const { now, window } = options;
  return db
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
}
