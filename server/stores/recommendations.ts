import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { RecommendationReason } from '../../contract/recommendations.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { events, users } from '../db/schema/index.ts';
import type { Area } from './distance.ts';
import {
  distanceMeters,
  eventColumnsSql,
  type SelectedEvent,
  selectedEventOf,
} from './eventFields.ts';
import { type AgeSpan, agesOnly, familyOnly, goingAhead, upcoming, withinArea } from './events.ts';
import type { TimeWindow } from './search.ts';

/*
 * The statement that matches events to a family's taste (Home's 'Because you like …' rows and
 * the bell's concerts) and the taste's read. Which names are tried, in what order, and which row
 * an event lands in is server/services/recommendations.ts.
 */

/** What an event must say to match one thing the family likes. */
export interface TasteTerms {
  reason: RecommendationReason;
  /** Any of these phrases, as words (stemmed, accents and case folded). */
  phrases: readonly string[];
  /** Unless it is one of these ('Pop' is not a 'Pop-Up Market'). */
  unless: readonly string[];
}

/** A phrase as famjam_search reads it: stemmed, which the search vector's index is built on. */
const stemmedPhrase = (text: string) => sql`phraseto_tsquery('famjam_search', ${text})`;

/**
 * A phrase as exact words: accents and case folded but not stemmed, since English stemming
 * makes 'classics' (the Beatles') the same word as 'Classical'. No stop words are dropped.
 */
const exactPhrase = (text: string) => sql`phraseto_tsquery('simple', unaccent(${text}))`;

/**
 * The item as a tsquery: each phrase its words in order ('Raffi' never matches 'Raffinato'),
 * OR'd, minus the exceptions. The names are bound parameters, never tsquery syntax.
 */
function itemQuery(item: TasteTerms, phrase: (text: string) => SQL): SQL {
  const any = sql.join(item.phrases.map(phrase), sql` || `);
  if (item.unless.length === 0) return sql`(${any})`;
  return sql`((${any}) && !!(${sql.join(item.unless.map(phrase), sql` || `)}))`;
}

/** Text as exact words, folded as exactPhrase folds the names. */
const exactWords = (text: SQL) => sql`to_tsvector('simple', unaccent(${text}))`;
const titleAndTags = sql`${events.title} || ' ' || famjam_tags_text(${events.tags})`;

/**
 * An event matches an artist whose name is words of its title or tags; a genre, also a music
 * event that names it in its description ('a jazz quartet'). Every such word is in the search
 * vector (stemmed), so its (geo_cell, search_vector) GIN index finds the candidates; the exact
 * words are then read from those few rows only.
 */
function matches(item: TasteTerms): SQL {
  const exact = itemQuery(item, exactPhrase);
  const named = sql`${exactWords(titleAndTags)} @@ ${exact}`;
  const described = sql`(${events.category} = 'music' and ${exactWords(sql`${titleAndTags} || ' ' || ${events.description}`)} @@ ${exact})`;
  const test = item.reason === 'genre' ? sql`(${named} or ${described})` : named;
  return sql`${events.searchVector} @@ ${itemQuery(item, stemmedPhrase)} and ${test}`;
}

export interface MatchFilters {
  area: Area;
  familyMode?: boolean;
  ages?: readonly AgeSpan[];
  now: Date;
  /** Home's date chip: only events starting inside it. */
  window?: TimeWindow;
  /** More conditions (the notifications' 'added since', 'not saved', 'music only'). */
  where?: SQL[];
  /** Soonest first (Home's rows) or most recently added first (the bell). */
  order: 'soonest' | 'newest';
  /** Per item; enough for the row after the earlier rows took their events. */
  take: number;
}

/**
 * The one statement behind tasteMatchRows: a UNION ALL of one index-driven branch per item,
 * each sorted and limited on its own, every row tagged with its item's index.
 */
function tasteMatchQuery(items: readonly TasteTerms[], filters: MatchFilters): SQL {
  const common = [
    withinArea(filters.area),
    upcoming(filters.now),
    // A cancelled event is never suggested, in Home's rows or in the bell.
    goingAhead,
    familyOnly(filters.familyMode),
    agesOnly(filters.ages),
    ...(filters.window
      ? [gte(events.startsAt, filters.window.from), lt(events.startsAt, filters.window.until)]
      : []),
    ...(filters.where ?? []),
  ];
  const order =
    filters.order === 'soonest'
      ? sql`${events.startsAt}, distance_meters, ${events.id}`
      : sql`${events.createdAt} desc, ${events.id}`;
  const branches = items.map(
    (item, index) => sql`(select ${eventColumnsSql},
      ${distanceMeters(filters.area)} as distance_meters, ${events.createdAt} as added_at,
      ${sql.raw(String(index))} as item
    from ${events}
    where ${and(...common, matches(item))}
    order by ${order}
    limit ${sql.raw(String(Math.trunc(filters.take)))})`,
  );
  return sql.join(branches, sql` union all `);
}

/** One matching event, under the index of the first of the items it was found for. */
export interface TasteMatchRow {
  item: number;
  event: SelectedEvent;
  /** When the event was added (events.created_at). */
  addedAt: Date;
}

/**
 * Each item's matching upcoming events in the area (at most `take` per item), in one statement
 * (tasteMatchQuery), ordered by item; an event matching several items comes once per item.
 */
export async function tasteMatchRows(
  db: Database,
  items: readonly TasteTerms[],
  filters: MatchFilters,
): Promise<TasteMatchRow[]> {
  const result = await db.execute(tasteMatchQuery(items, filters));
  // Rows arrive branch by branch; sorted by item, the first item an event matches comes first.
  const rows = rowsOf(result).sort((a, b) => Number(a.item) - Number(b.item));
  return rows.map((row) => ({
    item: Number(row.item),
    event: selectedEventOf(row),
    addedAt: row.added_at instanceof Date ? row.added_at : new Date(String(row.added_at)),
  }));
}

/** The account's music taste and profile location; null without a users row. */
export async function tasteRow(
  db: Database,
  firebaseUid: string,
): Promise<{ artists: string[]; genres: string[]; location: string } | null> {
  const [row] = await db
    .select({
      artists: users.musicArtists,
      genres: users.musicPreferences,
      location: users.location,
    })
    .from(users)
    .where(eq(users.firebaseUid, firebaseUid))
    .limit(1);
  return row ?? null;
}
