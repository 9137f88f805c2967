import { randomBytes } from 'node:crypto';
import { type CategoryId, categories } from '../../contract/categories.ts';
import {
  type CategoryCounts,
  type DateWord,
  type EventPage,
  MAX_OFFSET,
  type PriceFilter,
} from '../../contract/events.ts';
import type { Database } from '../db/client.ts';
import type { SearchArea } from '../stores/distance.ts';
import { type SelectedEvent, toEvent } from '../stores/eventFields.ts';
import type { AgeSpan } from '../stores/events.ts';
import {
  type ChoiceShape,
  categoryCountRows,
  keepsWords,
  probeWords,
  type SearchFilter,
  searchByTiers,
  searchPageRows,
  type TimeWindow,
} from '../stores/search.ts';
import { InvalidInputError } from './errors.ts';
import { decodeCursor, encodeCursor, InvalidCursorError } from './events.ts';
import { addDays, calendarDateAt, dayOfWeek, parseIsoDate, startOfDay } from './zonedTime.ts';

/*
 * Search's rules: what a `date` word means, which words a query has, which way a search goes
 * (relevance tiers, every match ranked, near spellings), how it pages and shuffles. The SQL is
 * server/stores/search.ts.
 */

/** A search parameter that passed the schema but means nothing (Feb 30, an unknown zone). */
export class InvalidSearchParameterError extends InvalidInputError {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message, { field: parameter, plainMessage: true });
    this.name = 'InvalidSearchParameterError';
  }
}

// ---------------------------------------------------------------------------------------------
// Dates: the words are calendar days in the caller's zone, turned into instants.

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

interface SearchOptions {
  query?: string;
  category?: CategoryId;
  familyMode?: boolean;
  /** ageSpansOf the chosen family groups; none or empty: every age. */
  ages?: readonly AgeSpan[];
  /** The circle around the location, or the bbox instead; distances from its centre. */
  area: SearchArea;
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
  const filter = searchFilterOf({ ...options, now });

  const position: SearchPosition = options.cursor
    ? parseSearchCursor(options.cursor)
    : { offset: options.offset ?? 0, fuzzy: false, seed: shuffleSeed() };

  const words = queryWords(options.query ?? '');
  let useText = words.length > 0;
  const tiered =
    useText && !position.fuzzy && options.category !== 'random'
      ? await searchByTiers(db, {
          ...filter,
          words,
          take: position.offset + options.limit + 1,
        })
      : null;
  if (tiered !== null) {
    if (tiered.length > 0 || options.cursor) {
      return pageOf(tiered.slice(position.offset), options.limit, position);
    }
    // Nothing at all matched as typed: either every word is a stop word ('the'), which lists
    // events as if no query was given, or it goes to near spellings.
    if (await keepsWords(db, words)) position.fuzzy = true;
    else useText = false;
  } else if (useText && !options.cursor) {
    // One round trip: does the query keep any word (not all stop words), and does full text
    // alone find anything? The probe stops at FUZZY_BELOW rows.
    const probe = await probeWords(db, filter, words, FUZZY_BELOW);
    if (!probe.keepsWords) useText = false;
    else position.fuzzy = probe.hits < FUZZY_BELOW;
  }

  const rows = await searchPageRows(db, filter, {
    match: !useText ? 'none' : position.fuzzy ? 'near spellings' : 'words',
    words,
    shuffled: options.category === 'random',
    seed: position.seed,
    offset: position.offset,
    limit: options.limit,
  });
  return pageOf(rows, options.limit, position);
}

/**
 * What Search narrows by before its words, as the statements take it: the date word made a
 * window in the zone at `now`, the choices' shape. Shared with the watched searches
 * (server/services/watchedSearches.ts), which check an import's new events with it.
 */
export function searchFilterOf(
  options: Pick<
    SearchOptions,
    'category' | 'familyMode' | 'ages' | 'area' | 'price' | 'date' | 'timeZone'
  > & { now: Date },
): SearchFilter {
  const { now } = options;
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
  return { area: options.area, now, window, choices, category: options.category, ages };
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
 * `GET /api/events/categories`: upcoming events per category in the area (the circle, or the
 * box the listing and search would read), for the home grid.
 * 'deals' counts events whose price qualifies (docs/product.md#spec-9), 'random' counts everything it samples.
 * Cancelled events are not counted: a tile promises things to do (Search still lists them, marked).
 */
export async function countByCategory(
  db: Database,
  options: {
    /** The circle around a place, or the box of "Search this area" when it has one. */
    area: SearchArea;
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
  const rows = await categoryCountRows(db, {
    area: options.area,
    familyMode: options.familyMode,
    ages: options.ages,
    window,
    now,
  });
  const byCategory = new Map<string, number>(rows.map((row) => [row.category, row.count]));
  const deals = rows.reduce((sum, row) => sum + row.deals, 0);
  const all = rows.reduce((sum, row) => sum + row.count, 0);
  return categories.map(({ id, label }) => ({
    id,
    label,
    count: id === 'deals' ? deals : id === 'random' ? all : (byCategory.get(id) ?? 0),
  }));
}
