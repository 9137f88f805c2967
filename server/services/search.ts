import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DateWord, EventPage, PriceFilter } from '../../contract/events.ts';
import type { CategoryId } from '../../src/domain/constants.ts';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import {
  type Area,
  decodeCursor,
  distanceOfAlias,
  encodeCursor,
  eventColumnsSql,
  familyOnly,
  InvalidCursorError,
  rowsOf,
  selectedEventOf,
  toEvent,
  upcoming,
  withinArea,
} from './events.ts';

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

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when this runtime's time zone database knows the IANA name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds the zone is ahead of UTC at this instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - (instant - (instant % 1000));
}

/** The instant a calendar day starts in the zone (DST-safe: the offset is asked twice). */
export function startOfDay(day: CalendarDay, timeZone: string): Date {
  const wallClock = Date.UTC(day.year, day.month - 1, day.day);
  let instant = wallClock - zoneOffset(wallClock, timeZone);
  instant = wallClock - zoneOffset(instant, timeZone);
  return new Date(instant);
}

/** The calendar day (and weekday, 0 = Sunday) an instant falls on in the zone. */
export function calendarDayIn(instant: Date, timeZone: string): CalendarDay & { weekday: number } {
  const shifted = new Date(instant.getTime() + zoneOffset(instant.getTime(), timeZone));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
  };
}

function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

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
  const today = calendarDayIn(now, timeZone);
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
      if (today.weekday === 0) return days(0, 1);
      return days(6 - today.weekday, 2);
    case 'week':
      return days(0, 7);
    case 'next_week':
      return days((8 - today.weekday) % 7 || 7, 7);
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = match
    ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
    : null;
  const check = day ? new Date(Date.UTC(day.year, day.month - 1, day.day)) : null;
  if (
    !day ||
    !check ||
    day.year < 1970 ||
    check.getUTCFullYear() !== day.year ||
    check.getUTCMonth() + 1 !== day.month ||
    check.getUTCDate() !== day.day
  ) {
    throw new InvalidSearchParameterError(
      'date',
      `date "${date}" is not a day of the calendar: use today, tomorrow, weekend, week, next_week or YYYY-MM-DD.`,
    );
  }
  return { from: startOfDay(day, timeZone), until: startOfDay(addDays(day, 1), timeZone) };
}

// ---------------------------------------------------------------------------------------------
// Filters

/** By the cheapest ticket. Free includes listings with no price at all (SPEC 3). */
export function priceCondition(price: PriceFilter): SQL {
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

/** Stored category, or the two derived ones: deals (SPEC 9: price has '$') and random (all). */
export function categoryCondition(category: CategoryId): SQL | undefined {
  if (category === 'random') return undefined;
  if (category === 'deals') return eq(events.isDeal, true);
  return eq(events.category, category);
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
export const FUZZY_BELOW = 1;
/**
 * pg_trgm word similarity that counts as a near spelling: 'concrt' scores 0.57 against
 * 'Concert', 'orcle' 0.44 against 'Oracle Park'; unrelated words stay under 0.3.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

/** category=random shuffles this many of the soonest matching events. */
export const RANDOM_POOL = 500;

// ---------------------------------------------------------------------------------------------

export interface SearchOptions {
  query?: string;
  category?: CategoryId;
  familyMode?: boolean;
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
 * two cheap containment tests where ts_rank walks every position of every lexeme. The matches
 * come from a bitmap of the GIN text index and the area's cells, so the cost follows how many
 * events in the area match, not the size of the table.
 */
export async function searchEvents(db: Database, options: SearchOptions): Promise<EventPage> {
  const now = options.now ?? new Date();
  const filters: (SQL | undefined)[] = [
    upcoming(now),
    withinArea(options.area),
    familyOnly(options.familyMode),
    options.category ? categoryCondition(options.category) : undefined,
    options.price ? priceCondition(options.price) : undefined,
  ];
  if (options.date) {
    const window = dateWindow(options.date, options.timeZone, now);
    filters.push(gte(events.startsAt, window.from), lt(events.startsAt, window.until));
  }

  const position: SearchPosition = options.cursor
    ? parseSearchCursor(options.cursor)
    : { offset: options.offset ?? 0, fuzzy: false, seed: randomBytes(8).toString('hex') };

  const words = queryWords(options.query ?? '');
  const phrase = words.join(' ');
  // Every word must match, each as a prefix so results keep up while the person types; the
  // weights letters limit where (A title, B tags/venue/category label).
  const tsQuery = (weights: string) =>
    sql`to_tsquery('famjam_search', ${words.map((word) => `${word}:*${weights}`).join(' & ')})`;
  const anywhere = sql`${events.searchVector} @@ ${tsQuery('')}`;
  let useText = words.length > 0;
  if (useText && !options.cursor) {
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
  const rows = rowsOf(result).map(selectedEventOf);
  const page = rows.slice(0, options.limit);
  return {
    events: page.map(toEvent),
    nextCursor:
      rows.length > options.limit
        ? encodeCursor({
            k: 'search',
            o: position.offset + page.length,
            f: position.fuzzy,
            s: position.seed,
          })
        : null,
  };
}
