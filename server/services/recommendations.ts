import { genreWords, isMusicGenre } from '../../contract/musicGenres.ts';
import {
  MAX_RECOMMENDATION_ROWS,
  RECOMMENDATIONS_PER_ROW,
  type RecommendationRow,
} from '../../contract/recommendations.ts';
import type { Database } from '../db/client.ts';
import type { Area } from '../stores/distance.ts';
import { type SelectedEvent, toEvent } from '../stores/eventFields.ts';
import type { AgeSpan } from '../stores/events.ts';
import {
  type MatchFilters,
  type TasteTerms,
  tasteMatchRows,
  tasteRow,
} from '../stores/recommendations.ts';
import type { TimeWindow } from '../stores/search.ts';
import { areaFor } from './area.ts';
import { InvalidInputError } from './errors.ts';

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
interface TasteItem extends TasteTerms {
  name: string;
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

interface TasteMatch {
  item: Pick<TasteItem, 'name' | 'reason'>;
  events: (SelectedEvent & { createdAt: Date })[];
}

/**
 * Each item's matching upcoming events in the area, an event under the first item it matches
 * only, items without events left out; in one statement (tasteMatchRows).
 */
export async function matchTaste(
  db: Database,
  taste: Taste,
  filters: MatchFilters,
): Promise<TasteMatch[]> {
  const items = tasteItems(taste);
  if (items.length === 0) return [];
  const byItem = items.map((item): TasteMatch => ({ item, events: [] }));
  const placed = new Set<string>();
  // The rows come in item order: the first item an event matches keeps it.
  for (const row of await tasteMatchRows(db, items, filters)) {
    if (placed.has(row.event.id)) continue;
    placed.add(row.event.id);
    byItem[row.item]?.events.push({ ...row.event, createdAt: row.addedAt });
  }
  return byItem.filter((match) => match.events.length > 0);
}

/** The caller's taste and profile location; null without a FamJam record. */
export async function tasteOf(
  db: Database,
  firebaseUid: string,
): Promise<(Taste & { location: string }) | null> {
  return tasteRow(db, firebaseUid);
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

/**
 * The circle around a profile's location, or null for a place the gazetteer no longer knows:
 * nothing near it, and not the caller's error.
 */
function profileArea(location: string, radiusKm: number): (Area & { timeZone: string }) | null {
  try {
    return areaFor(location, radiusKm);
  } catch (error) {
    if (error instanceof InvalidInputError) return null;
    throw error;
  }
}

/**
 * `GET /api/me/recommendations`: the caller's rows near the place asked for, else near their
 * profile's location. No profile, no taste, a profile location FamJam cannot place or nothing
 * matching: no rows.
 */
export async function recommendationsFor(
  db: Database,
  firebaseUid: string,
  options: {
    /** The place asked for; null: the profile's. */
    area: (Area & { timeZone: string }) | null;
    radiusKm: number;
    familyMode?: boolean;
    ages: readonly AgeSpan[];
    now: Date;
    /** The date chip's window for a place in this zone; undefined when none was asked for. */
    windowIn: (placeZone: string) => TimeWindow | undefined;
  },
): Promise<RecommendationRow[]> {
  const taste = await tasteOf(db, firebaseUid);
  if (taste === null) return [];
  const area = options.area ?? profileArea(taste.location, options.radiusKm);
  if (area === null) return [];
  return recommendationRows(db, taste, {
    area,
    familyMode: options.familyMode,
    ages: options.ages,
    now: options.now,
    window: options.windowIn(area.timeZone),
  });
}
