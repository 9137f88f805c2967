import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { genreWords, isMusicGenre } from '../../contract/musicGenres.ts';
import {
  MAX_RECOMMENDATION_ROWS,
  RECOMMENDATIONS_PER_ROW,
  type RecommendationReason,
  type RecommendationRow,
} from '../../contract/recommendations.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { events, users } from '../db/schema/index.ts';
import {
  distanceMeters,
  eventColumnsSql,
  type SelectedEvent,
  selectedEventOf,
  toEvent,
} from '../stores/eventFields.ts';
import type { Area } from './distance.ts';
import { type AgeSpan, agesOnly, familyOnly, goingAhead, upcoming, withinArea } from './events.ts';
import type { TimeWindow } from './search.ts';

/**
 * Concerts matched to a family's taste: the artists a connected music service gave (in their
 * order), then the genres chosen in onboarding. Shared by Home's 'Because you like …' rows
 * (GET /api/me/recommendations) and the bell's 'concert' notifications.
 */

interface Taste {
  artists: readonly string[];
  genres: readonly string[];
}

/** One thing the family likes, as the words an event must contain to match it. */
interface TasteItem {
  name: string;
  reason: RecommendationReason;
  /** Any of these phrases, as words (stemmed, accents and case folded). */
  phrases: readonly string[];
  /** Unless it is one of these ('Pop' is not a 'Pop-Up Market'). */
  unless: readonly string[];
}

/** The taste in matching order, each name once (artists first, then genres). */
function tasteItems(taste: Taste): TasteItem[] {
  const seen = new Set<string>();
  const items: TasteItem[] = [];
  const add = (item: TasteItem) => {
    const key = item.name.trim().toLowerCase();
    if (key === '' || seen.has(`${item.reason}:${key}`)) return;
    seen.add(`${item.reason}:${key}`);
    items.push(item);
  };
  for (const artist of taste.artists) {
    add({ name: artist.trim(), reason: 'artist', phrases: [artist], unless: [] });
  }
  for (const genre of taste.genres) {
    // How the genre looks in a listing (contract/musicGenres.ts); a genre the table does not
    // know (an older or hand-made profile) is its own word.
    const words = isMusicGenre(genre) ? genreWords[genre] : null;
    add({
      name: genre.trim(),
      reason: 'genre',
      phrases: words?.listing ?? [genre],
      unless: words?.unless ?? [],
    });
  }
  return items;
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
function itemQuery(item: TasteItem, phrase: (text: string) => SQL): SQL {
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
function matches(item: TasteItem): SQL {
  const exact = itemQuery(item, exactPhrase);
  const named = sql`${exactWords(titleAndTags)} @@ ${exact}`;
  const described = sql`(${events.category} = 'music' and ${exactWords(sql`${titleAndTags} || ' ' || ${events.description}`)} @@ ${exact})`;
  const test = item.reason === 'genre' ? sql`(${named} or ${described})` : named;
  return sql`${events.searchVector} @@ ${itemQuery(item, stemmedPhrase)} and ${test}`;
}

interface MatchFilters {
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

interface TasteMatch {
  item: Pick<TasteItem, 'name' | 'reason'>;
  events: (SelectedEvent & { createdAt: Date })[];
}

/**
 * The one statement behind matchTaste: a UNION ALL of one index-driven branch per item, each
 * sorted and limited on its own, every row tagged with its item's index. Exported so the plan
 * can be looked at (EXPLAIN) on real data.
 */
function tasteMatchQuery(items: readonly TasteItem[], filters: MatchFilters): SQL {
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

/**
 * Each item's matching upcoming events in the area, an event under the first item it matches
 * only, items without events left out; in one statement (tasteMatchQuery).
 */
export async function matchTaste(
  db: Database,
  taste: Taste,
  filters: MatchFilters,
): Promise<TasteMatch[]> {
  const items = tasteItems(taste);
  if (items.length === 0) return [];
  const result = await db.execute(tasteMatchQuery(items, filters));
  const byItem = items.map((item): TasteMatch => ({ item, events: [] }));
  const placed = new Set<string>();
  // Rows arrive branch by branch; sorted by item, the first item an event matches keeps it.
  const rows = rowsOf(result).sort((a, b) => Number(a.item) - Number(b.item));
  for (const row of rows) {
    const event = selectedEventOf(row);
    if (placed.has(event.id)) continue;
    placed.add(event.id);
    const addedAt = row.added_at instanceof Date ? row.added_at : new Date(String(row.added_at));
    byItem[Number(row.item)]?.events.push({ ...event, createdAt: addedAt });
  }
  return byItem.filter((match) => match.events.length > 0);
}

/** The caller's taste and profile location; null without a FamJam record. */
export async function tasteOf(
  db: Database,
  firebaseUid: string,
): Promise<(Taste & { location: string }) | null> {
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

/**
 * Home's rows: 'Because you like {name}' per item with events, artists first, at most
 * MAX_RECOMMENDATION_ROWS of up to RECOMMENDATIONS_PER_ROW events, soonest first.
 */
export async function recommendationRows(
  db: Database,
  taste: Taste,
  filters: Omit<MatchFilters, 'order' | 'take' | 'where'>,
): Promise<RecommendationRow[]> {
  const found = await matchTaste(db, taste, {
    ...filters,
    order: 'soonest',
    // The rows before the last may take this many of its matches between them.
    take: RECOMMENDATIONS_PER_ROW * MAX_RECOMMENDATION_ROWS,
  });
  return found.slice(0, MAX_RECOMMENDATION_ROWS).map((match) => ({
    because: match.item.name,
    reason: match.item.reason,
    events: match.events.slice(0, RECOMMENDATIONS_PER_ROW).map(toEvent),
  }));
}

/** Only the music category: what the bell calls a concert. */
export const musicOnly = eq(events.category, 'music');
