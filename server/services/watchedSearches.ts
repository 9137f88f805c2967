import { DEFAULT_RADIUS_KM } from '../../contract/events.ts';
import { familyGroupIds } from '../../contract/family.ts';
import {
  type CreateWatchedSearchBody,
  MAX_WATCHED_SEARCHES,
  type UpdateWatchedSearchBody,
  type WatchedSearch,
  type WatchedSearchFilters,
  type WatchedSearchList,
} from '../../contract/outreach.ts';
import { DEFAULT_LOCATION } from '../../contract/product.ts';
import type { Database } from '../db/client.ts';
import { causeChain, errorCode } from '../errorInfo.ts';
import { cellsOf } from '../stores/events.ts';
import { keepWords, type SearchFilter } from '../stores/search.ts';
import {
  activeWatchedSearches,
  cellsOfEvents,
  deleteWatchedSearch,
  findingNothing,
  findMatches,
  insertMatches,
  insertWatchedSearch,
  matchedSearchIds,
  recordMatches,
  updateWatchedSearch,
  type WatchCheck,
  type WatchedSearchRow,
  type Watcher,
  type WordsTest,
  watchedSearchesOf,
  watchedSearchUserId,
} from '../stores/watchedSearches.ts';
import { ageSpansParam, resolveLocationParam } from './area.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { dateWindow, queryWords, searchFilterOf } from './search.ts';

/*
 * Searches that watch (issue 34): a family keeps a search's filters ("Tell me about new events
 * like this"), and each import checks its new events against them with Search's own code
 * (server/services/search.ts, server/stores/search.ts), so what an alert promises is what
 * Search shows. A match is written once per search and event (watched_search_matches), read by
 * the bell, the push sender and the weekly email. docs/outreach.md#watched-searches.
 */

function noProfile(): NotFoundError {
  return new NotFoundError((i18n) => i18n.t('server.error.watched.noProfile'));
}

function toWatchedSearch(row: WatchedSearchRow): WatchedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    state: row.paused ? 'paused' : 'active',
    createdAt: row.createdAt.toISOString(),
  };
}

/** Ages as Search reads them (comma-separated or repeated), one id each, in the groups' order. */
function ageIds(values: readonly string[] | undefined): string[] {
  const given = new Set((values ?? []).flatMap((value) => value.split(',')).map((id) => id.trim()));
  return familyGroupIds.filter((id) => given.has(id));
}

/**
 * The filters as kept: Search's checks first (a place it cannot find, an unknown age group, a
 * day that is not on the calendar are 400s in its words), then one form for one search, so the
 * same search sent twice is recognised: no empty values, the default place and radius spelt
 * out, the query's spaces collapsed, the age groups once each in their order.
 */
export function normalWatchedFilters(
  filters: WatchedSearchFilters,
  now: Date,
): WatchedSearchFilters {
  const location = filters.location?.trim() || DEFAULT_LOCATION;
  const place = resolveLocationParam(location);
  ageSpansParam(filters.ages);
  if (filters.date) dateWindow(filters.date, place.timeZone, now);
  const query = filters.query?.trim().replace(/\s+/g, ' ');
  const ages = ageIds(filters.ages);
  return {
    ...(query ? { query } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.familyMode ? { familyMode: true } : {}),
    ...(ages.length > 0 ? { ages } : {}),
    location,
    ...(filters.price ? { price: filters.price } : {}),
    ...(filters.date ? { date: filters.date } : {}),
    radiusKm: filters.radiusKm ?? DEFAULT_RADIUS_KM,
  };
}

/** `GET /api/me/watched-searches`: the caller's, newest first. */
export async function listWatchedSearches(
  db: Database,
  firebaseUid: string,
): Promise<WatchedSearchList> {
  const userId = await watchedSearchUserId(db, firebaseUid);
  if (userId === null) throw noProfile();
  const rows = await watchedSearchesOf(db, userId, MAX_WATCHED_SEARCHES);
  return { searches: rows.map(toWatchedSearch), limit: MAX_WATCHED_SEARCHES };
}

/**
 * `POST /api/me/watched-searches`: keeps the search, or answers the caller's active one with the
 * same filters (`created` false) rather than a copy. A conflict at MAX_WATCHED_SEARCHES.
 */
export async function createWatchedSearch(
  db: Database,
  firebaseUid: string,
  body: CreateWatchedSearchBody,
  now: Date = new Date(),
): Promise<{ search: WatchedSearch; created: boolean }> {
  const filters = normalWatchedFilters(body.filters, now);
  const outcome = await insertWatchedSearch(
    db,
    firebaseUid,
    { name: body.name.trim(), filters },
    MAX_WATCHED_SEARCHES,
  );
  if (outcome.status === 'no_profile') throw noProfile();
  if (outcome.status === 'full') {
    throw new ConflictError(
      (i18n) => i18n.t('server.error.watched.tooMany', { max: MAX_WATCHED_SEARCHES }),
      { code: 'too_many_watched_searches' },
    );
  }
  return { search: toWatchedSearch(outcome.row), created: outcome.status === 'created' };
}

/** `PATCH /api/me/watched-searches/{id}`: rename, pause or resume; 404 unless it is the caller's. */
export async function changeWatchedSearch(
  db: Database,
  firebaseUid: string,
  id: string,
  body: UpdateWatchedSearchBody,
): Promise<WatchedSearch> {
  const userId = await watchedSearchUserId(db, firebaseUid);
  if (userId === null) throw noProfile();
  const row = await updateWatchedSearch(db, userId, id, {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.state !== undefined ? { paused: body.state === 'paused' } : {}),
  });
  if (!row) throw notTheirs();
  return toWatchedSearch(row);
}

function notTheirs(): NotFoundError {
  return new NotFoundError((i18n) => i18n.t('server.error.watched.notFound'));
}

/** `DELETE /api/me/watched-searches/{id}`: 404 unless it is the caller's, whose rows stay. */
export async function removeWatchedSearch(
  db: Database,
  firebaseUid: string,
  id: string,
): Promise<void> {
  const userId = await watchedSearchUserId(db, firebaseUid);
  if (userId === null) throw noProfile();
  if (!(await deleteWatchedSearch(db, userId, id))) throw notTheirs();
}

// ---------------------------------------------------------------------------------------------
// Matching an import's new events

/**
 * Checks per statement and transaction: the new rows are copied for each (a few milliseconds),
 * and a transaction holds the embedded database's one connection, so requests get in between.
 */
const CHECKS_PER_STATEMENT = 250;

/**
 * At most this many matches per watched search and import, the soonest: an import that brings
 * fifty events like a search tells about five (the bell lists five, push sends a few a day),
 * and Search itself lists them all. It bounds what one import can write, which is most of the
 * matching's cost (docs/benchmarks.md).
 */
export const MAX_MATCHES_PER_IMPORT = 5;

interface Prepared {
  search: Watcher;
  filter: SearchFilter;
  words: string[];
}

/** The watched searches with one filter and the same words: checked once, told alike. */
interface Group {
  watchers: Watcher[];
  filter: SearchFilter;
  words: string[];
}

/**
 * A watched search as Search would run it now: the place resolved, the date word a window in
 * the place's zone (Search's default when the app sends no tz). Null when the filters no
 * longer mean anything (a place the gazetteer stopped knowing): such a search matches nothing.
 */
function prepare(
  search: { id: string; userId: string; filters: WatchedSearchFilters },
  now: Date,
): Prepared | null {
  const { filters } = search;
  try {
    const place = resolveLocationParam(filters.location);
    return {
      search: { searchId: search.id, userId: search.userId },
      filter: searchFilterOf({
        category: filters.category || undefined,
        familyMode: filters.familyMode,
        ages: ageSpansParam(filters.ages),
        area: {
          latitude: place.latitude,
          longitude: place.longitude,
          radiusKm: filters.radiusKm ?? DEFAULT_RADIUS_KM,
        },
        price: filters.price || undefined,
        date: filters.date || undefined,
        timeZone: place.timeZone,
        now,
      }),
      words: queryWords(filters.query ?? ''),
    };
  } catch {
    return null;
  }
}

/**
 * The searches grouped by what they ask (a filter is built by one function from the same
 * filters and clock, so equal ones serialise alike): 10,000 families' searches in one city
 * are about half as many checks (docs/benchmarks.md, Watched searches).
 */
function groupAlike(prepared: readonly Prepared[]): Group[] {
  const groups = new Map<string, Group>();
  for (const ready of prepared) {
    const key = JSON.stringify([ready.filter, ready.words]);
    const group = groups.get(key);
    if (group) group.watchers.push(ready.search);
    else groups.set(key, { watchers: [ready.search], filter: ready.filter, words: ready.words });
  }
  return [...groups.values()];
}

function check(group: Group, test: WordsTest): WatchCheck {
  return { watchers: group.watchers, filter: group.filter, test };
}

/** Lets the requests that arrived meanwhile reach the database before the next statement. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

async function inChunks<Item, Result>(
  items: readonly Item[],
  run: (chunk: readonly Item[]) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += CHECKS_PER_STATEMENT) {
    if (start > 0) await yieldToRequests();
    results.push(await run(items.slice(start, start + CHECKS_PER_STATEMENT)));
  }
  return results;
}

export interface WatchedMatching {
  /** Active watched searches whose area holds one of the new events: those checked. */
  checked: number;
  /** The checks made for them: searches that ask the same are one. */
  distinctChecks: number;
  /** Matches written (a search and an event, once). */
  matched: number;
}

/**
 * Checks the active watched searches against an import's new events (`eventIds`, just added)
 * and writes each match once. An event matches when Search, run now with the search's filters,
 * would list it, decided as Search decides (server/services/search.ts, searchEvents):
 *
 * 1. the filters (area, upcoming, date, category, price, family mode, ages) and the words as
 *    typed, each a prefix, with stemming: Search's own conditions (stores/search.ts);
 * 2. words that keep no lexeme ('the') filter nothing, as in Search;
 * 3. words that find none of the new events may find one by a near spelling, which Search
 *    shows only when the words find nothing as typed in the whole area: checked (one
 *    statement) only for the searches with such a candidate among the new events.
 *
 * The cost follows the import, not the events table: a search whose area holds none of the
 * new events' 1-degree cells is skipped without a query; the rest are checked
 * CHECKS_PER_STATEMENT at a time against an indexed copy of the new rows, each writing at most
 * MAX_MATCHES_PER_IMPORT (docs/benchmarks.md, Watched searches).
 */
export async function matchWatchedSearches(
  db: Database,
  eventIds: readonly string[],
  now: Date,
): Promise<WatchedMatching> {
  if (eventIds.length === 0) return { checked: 0, distinctChecks: 0, matched: 0 };
  const searches = await activeWatchedSearches(db);
  if (searches.length === 0) return { checked: 0, distinctChecks: 0, matched: 0 };
  const newCells = new Set(await cellsOfEvents(db, eventIds));
  const prepared = searches.flatMap((search) => {
    const ready = prepare(search, now);
    if (ready === null) return [];
    const cells = cellsOf(ready.filter.area);
    // Too wide for cells: the statement's own area test decides.
    if (cells !== null && !cells.some((cell) => newCells.has(cell))) return [];
    return [ready];
  });
  const cap = MAX_MATCHES_PER_IMPORT;
  const groups = groupAlike(prepared);

  const withoutWords = groups.filter((group) => group.words.length === 0);
  const withWords = groups.filter((group) => group.words.length > 0);
  const keeps = await keepWords(
    db,
    withWords.map((group) => group.words),
  );
  // Only stop words: Search lists every event under the filter, as without words.
  const listing = [
    ...withoutWords.map((group) => check(group, { kind: 'none' })),
    ...withWords.filter((_, index) => !keeps[index]).map((group) => check(group, { kind: 'none' })),
  ];
  const typed = withWords
    .filter((_, index) => keeps[index])
    .map((group) => check(group, { kind: 'words', words: group.words }));
  let matched = 0;
  for (const written of await inChunks([...listing, ...typed], (chunk) =>
    recordMatches(db, chunk, eventIds, cap),
  )) {
    matched += written;
  }

  // Near spellings, for the searches whose words found none of the new events as typed (the
  // searches of one check found the same).
  const foundAsTyped = new Set(
    await matchedSearchIds(
      db,
      typed.flatMap((one) => one.watchers.map((watcher) => watcher.searchId)),
      eventIds,
    ),
  );
  // Each near check, and the typed one it was made from: Search's probe is of the words as typed.
  const typedOf = new Map<WatchCheck, WatchCheck>();
  for (const one of typed) {
    if (one.watchers.some((watcher) => foundAsTyped.has(watcher.searchId))) continue;
    typedOf.set({ ...one, test: { ...one.test, kind: 'near spellings' } as WordsTest }, one);
  }
  const candidates = (
    await inChunks([...typedOf.keys()], (chunk) => findMatches(db, chunk, eventIds, cap))
  ).flat();
  const withCandidates = [...new Set(candidates.map((match) => match.check))].flatMap((one) => {
    const typedCheck = typedOf.get(one);
    return typedCheck ? [typedCheck] : [];
  });
  const shownNear = new Set<WatchCheck>();
  for (const found of await inChunks(withCandidates, (chunk) => findingNothing(db, chunk))) {
    for (const one of found) shownNear.add(one);
  }
  matched += await insertMatches(
    db,
    candidates.flatMap((match) => {
      const typedCheck = typedOf.get(match.check);
      if (!typedCheck || !shownNear.has(typedCheck)) return [];
      return match.check.watchers.map((watcher) => ({ ...watcher, eventId: match.eventId }));
    }),
  );
  return { checked: prepared.length, distinctChecks: groups.length, matched };
}

/** How the matching after an import went, as its caller reports it. */
export type WatchedMatchingOutcome =
  | ({ status: 'done' } & WatchedMatching)
  /**
   * It threw. `code` is the error's code (a PostgreSQL SQLSTATE such as '57014', or a Node code)
   * or its class name: never its message, which can quote a search's words or a row's values.
   */
  | { status: 'failed'; code: string };

/**
 * matchWatchedSearches for the writers of new events (a source's run, the seed and CLI import,
 * a published suggestion), which must not fail for it: their events are written by then, and a
 * run that failed would be retried without seeing them as new again. The failure is returned
 * for the caller to report (a run's counts and log line); the matches of that import are lost.
 */
export async function matchWatchedSearchesAfterImport(
  db: Database,
  eventIds: readonly string[],
  now: Date,
): Promise<WatchedMatchingOutcome> {
  try {
    return { status: 'done', ...(await matchWatchedSearches(db, eventIds, now)) };
  } catch (error) {
    // Drizzle wraps the driver's error (whose code it is) in one of its own.
    const coded = causeChain(error)
      .map(errorCode)
      .find((code) => code !== '');
    return { status: 'failed', code: coded ?? (error instanceof Error ? error.name : 'unknown') };
  }
}
