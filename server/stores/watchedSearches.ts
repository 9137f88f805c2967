import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { WatchedSearchFilters } from '../../contract/outreach.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { events, users, watchedSearches, watchedSearchMatches } from '../db/schema/index.ts';
import { goingAhead, upcoming } from './events.ts';
import {
  nearSpellingMatch,
  type SearchFilter,
  searchConditions,
  withNearSpellings,
  wordsMatch,
} from './search.ts';

/*
 * Watched searches ("Tell me about new events like this") and the matches an import finds for
 * them. The rules (what is identical, the limit, which searches an import checks and how) are
 * in server/services/watchedSearches.ts; the conditions a new event is checked with are
 * Search's own (./search.ts), so what an alert promises is what Search shows.
 */

export type WatchedSearchRow = typeof watchedSearches.$inferSelect;

/** The users row of this Firebase account, or null before onboarding. */
async function userRowId(db: Pick<Database, 'select'>, firebaseUid: string, lock: boolean) {
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.firebaseUid, firebaseUid))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row?.id ?? null;
}

export function watchedSearchUserId(db: Database, firebaseUid: string): Promise<string | null> {
  return userRowId(db, firebaseUid, false);
}

/** The user's watched searches, newest first. */
export function watchedSearchesOf(
  db: Database,
  userId: string,
  limit: number,
): Promise<WatchedSearchRow[]> {
  return db
    .select()
    .from(watchedSearches)
    .where(eq(watchedSearches.userId, userId))
    .orderBy(desc(watchedSearches.createdAt), desc(watchedSearches.id))
    .limit(limit);
}

export type CreateOutcome =
  | { status: 'created' | 'existing'; row: WatchedSearchRow }
  | { status: 'full' }
  | { status: 'no_profile' };

/**
 * Adds a watched search unless the user already watches the same filters (that one, active,
 * is answered instead) or has `max` already. The user's row is locked for the check, so two
 * requests at once can neither pass the limit together nor both add the same search.
 * `filters` is compared as jsonb: the service stores them in one normal form.
 */
export function insertWatchedSearch(
  db: Database,
  firebaseUid: string,
  search: { name: string; filters: WatchedSearchFilters },
  max: number,
): Promise<CreateOutcome> {
  return db.transaction(async (tx) => {
    const userId = await userRowId(tx, firebaseUid, true);
    if (userId === null) return { status: 'no_profile' } as const;
    const [same] = await tx
      .select()
      .from(watchedSearches)
      .where(
        and(
          eq(watchedSearches.userId, userId),
          eq(watchedSearches.paused, false),
          sql`${watchedSearches.filters} = ${JSON.stringify(search.filters)}::jsonb`,
        ),
      )
      .orderBy(asc(watchedSearches.createdAt))
      .limit(1);
    if (same) return { status: 'existing', row: same } as const;
    const [kept] = await tx
      .select({ n: count() })
      .from(watchedSearches)
      .where(eq(watchedSearches.userId, userId));
    if ((kept?.n ?? 0) >= max) return { status: 'full' } as const;
    const [row] = await tx
      .insert(watchedSearches)
      .values({ userId, name: search.name, filters: search.filters })
      .returning();
    if (!row) throw new Error('The insert of a watched search returned no row');
    return { status: 'created', row } as const;
  });
}

/** Renames, pauses or resumes the user's watched search; null when they have none by that id. */
export async function updateWatchedSearch(
  db: Database,
  userId: string,
  id: string,
  changes: { name?: string; paused?: boolean },
): Promise<WatchedSearchRow | null> {
  const [row] = await db
    .update(watchedSearches)
    .set(changes)
    .where(and(eq(watchedSearches.id, id), eq(watchedSearches.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes the user's watched search (its matches go by cascade); false when there is none. */
export async function deleteWatchedSearch(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(watchedSearches)
    .where(and(eq(watchedSearches.id, id), eq(watchedSearches.userId, userId)))
    .returning({ id: watchedSearches.id });
  return deleted.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Matching after an import

export interface ActiveWatchedSearch {
  id: string;
  userId: string;
  filters: WatchedSearchFilters;
}

/** Every watched search that is not paused, oldest first. */
export function activeWatchedSearches(db: Database): Promise<ActiveWatchedSearch[]> {
  return db
    .select({
      id: watchedSearches.id,
      userId: watchedSearches.userId,
      filters: watchedSearches.filters,
    })
    .from(watchedSearches)
    .where(eq(watchedSearches.paused, false))
    .orderBy(asc(watchedSearches.createdAt), asc(watchedSearches.id));
}

/** The 1-degree cells (events.geo_cell) the events are in. */
export async function cellsOfEvents(db: Database, eventIds: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ cell: events.geoCell })
    .from(events)
    .where(sql`${events.id} = any(${textArray(eventIds)})`);
  return rows.map((row) => row.cell);
}

/** How a watched search's words are tested: as Search reads them at this moment. */
export type WordsTest =
  /** No words, or only stop words ('the'): Search lists every event under the filter. */
  | { kind: 'none' }
  /** Every word as a prefix, anywhere (Search's relevance tiers, together). */
  | { kind: 'words'; words: readonly string[] }
  /** Near spellings of the title or venue: what Search shows when the words find nothing. */
  | { kind: 'near spellings'; words: readonly string[] };

/** A watched search, as told of a match. */
export interface Watcher {
  searchId: string;
  userId: string;
}

/**
 * One check of the new events: a filter and its words, with every watched search that has
 * them (families near each other watching 'soccer'), checked once and told alike.
 */
export interface WatchCheck {
  watchers: readonly Watcher[];
  filter: SearchFilter;
  test: WordsTest;
}

function wordsCondition(test: WordsTest): SQL[] {
  if (test.kind === 'words') return [wordsMatch(test.words)];
  if (test.kind === 'near spellings') return [nearSpellingMatch(test.words)];
  return [];
}

/** Values as one array literal of `type`, each quoted. */
function arrayOf(values: readonly (string | number)[], type: 'text' | 'uuid' | 'integer'): SQL {
  const items = values.map(
    (value) => `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return sql`${`{${items.join(',')}}`}::${sql.raw(type)}[]`;
}

/** Ids as one text[] value. */
function textArray(ids: readonly string[]): SQL {
  return arrayOf(ids, 'text');
}

type Executor = Pick<Database, 'execute'>;

/**
 * A copy of the import's new rows for this transaction, with the indexes the checks use: the
 * words' (GIN on search_vector), the start's (the soonest matches of a check without words),
 * and, for near spellings, the titles' and venues' trigrams. Each check then reads a few index
 * entries of the new rows instead of scanning them all, or its whole area in the events table.
 */
async function copyNewEvents(
  tx: Executor,
  eventIds: readonly string[],
  nearSpellings: boolean,
): Promise<void> {
  await tx.execute(sql`create temporary table watched_new_events on commit drop as
    select * from ${events} where ${events.id} = any(${textArray(eventIds)})`);
  await tx.execute(sql`create index on watched_new_events using gin (search_vector)`);
  await tx.execute(sql`create index on watched_new_events (starts_at, id)`);
  if (nearSpellings) {
    await tx.execute(sql`create index on watched_new_events using gin (title gin_trgm_ops)`);
    await tx.execute(sql`create index on watched_new_events using gin (venue gin_trgm_ops)`);
  }
  await tx.execute(sql`analyze watched_new_events`);
}

/**
 * One check as a query of the copy, aliased `events` so that Search's conditions (written
 * against "events"."column") read it unchanged: its first `cap` matches, soonest first, with
 * the check's place in `checks`.
 */
function checkQuery(check: WatchCheck, index: number, cap: number): SQL {
  return sql`(select ${index}::integer as check_index, ${events.id} as event_id
    from watched_new_events as ${events}
    where ${and(...searchConditions(check.filter), ...wordsCondition(check.test))}
    order by ${events.startsAt}, ${events.id} limit ${cap})`;
}

/** The checks' matches among the new events, one `union all` branch a check. */
function checksQuery(checks: readonly WatchCheck[], cap: number): SQL {
  return sql.join(
    checks.map((check, index) => checkQuery(check, index, cap)),
    sql` union all `,
  );
}

/** The watched searches of each check, as rows (check_index, watched_search_id, user_id). */
function watchersTable(checks: readonly WatchCheck[]): SQL {
  const rows = checks.flatMap((check, index) =>
    check.watchers.map((watcher) => ({ index, ...watcher })),
  );
  return sql`unnest(${arrayOf(
    rows.map((row) => row.index),
    'integer',
  )}, ${arrayOf(
    rows.map((row) => row.searchId),
    'uuid',
  )}, ${arrayOf(
    rows.map((row) => row.userId),
    'uuid',
  )}) as watchers (check_index, watched_search_id, user_id)`;
}

/**
 * Writes the matches of `checks` (words as typed, or none) among the new events: for each
 * check its first `cap`, soonest first, for each of its watched searches, once each (a search
 * and an event match once). One transaction and one statement for all the checks, the
 * matches fanned out to the searches in it; how many were new. Stamped with the database's
 * clock, as events.created_at is and the bell reads it.
 */
export async function recordMatches(
  db: Database,
  checks: readonly WatchCheck[],
  eventIds: readonly string[],
  cap: number,
): Promise<number> {
  if (checks.length === 0 || eventIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    await copyNewEvents(tx, eventIds, false);
    const result = await tx.execute(sql`with found as (${checksQuery(checks, cap)}),
      written as (
        insert into ${watchedSearchMatches} (watched_search_id, event_id, user_id)
        select watchers.watched_search_id, found.event_id, watchers.user_id
          from found join ${watchersTable(checks)} using (check_index)
        on conflict do nothing
        returning 1
      )
      select count(*)::integer as written from written`);
    return Number(rowsOf(result)[0]?.written ?? 0);
  });
}

/** The matches of `checks` among the new events (up to `cap` each), not written. */
export async function findMatches(
  db: Database,
  checks: readonly WatchCheck[],
  eventIds: readonly string[],
  cap: number,
): Promise<{ check: WatchCheck; eventId: string }[]> {
  if (checks.length === 0 || eventIds.length === 0) return [];
  const nearSpellings = checks.some((check) => check.test.kind === 'near spellings');
  const query = checksQuery(checks, cap);
  const result = await withNearSpellings(db, async (tx) => {
    await copyNewEvents(tx, eventIds, nearSpellings);
    return tx.execute(query);
  });
  return rowsOf(result).flatMap((row) => {
    const check = checks[Number(row.check_index)];
    return check ? [{ check, eventId: String(row.event_id) }] : [];
  });
}

/**
 * Of these checks (words as typed), those whose words find nothing at all in the events table
 * under their filter: Search shows near spellings for those alone. The same conditions as
 * Search's probe (stores/search.ts probeWords), one statement for all.
 */
export async function findingNothing(
  db: Database,
  checks: readonly WatchCheck[],
): Promise<WatchCheck[]> {
  if (checks.length === 0) return [];
  const result = await db.execute(
    sql.join(
      checks.map(
        (check, index) => sql`(select ${index}::integer as check_index
          where not exists (select 1 from ${events}
            where ${and(...searchConditions(check.filter), ...wordsCondition(check.test))}))`,
      ),
      sql` union all `,
    ),
  );
  return rowsOf(result).flatMap((row) => {
    const check = checks[Number(row.check_index)];
    return check ? [check] : [];
  });
}

/** Of these watched searches, those with a match among these events. */
export async function matchedSearchIds(
  db: Database,
  searchIds: readonly string[],
  eventIds: readonly string[],
): Promise<string[]> {
  if (searchIds.length === 0 || eventIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: watchedSearchMatches.watchedSearchId })
    .from(watchedSearchMatches)
    .where(
      and(
        sql`${watchedSearchMatches.watchedSearchId} = any(${`{${searchIds.join(',')}}`}::uuid[])`,
        sql`${watchedSearchMatches.eventId} = any(${textArray(eventIds)})`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Writes the matches once each (a search and an event match once); how many were new. Stamped
 * with the database's clock, as events.created_at is and the bell reads it.
 */
export async function insertMatches(
  db: Database,
  matches: readonly { searchId: string; userId: string; eventId: string }[],
): Promise<number> {
  if (matches.length === 0) return 0;
  let inserted = 0;
  // Three parameters a row: well under PostgreSQL's 65,535 per statement.
  for (let start = 0; start < matches.length; start += 5000) {
    const written = await db
      .insert(watchedSearchMatches)
      .values(
        matches.slice(start, start + 5000).map((match) => ({
          watchedSearchId: match.searchId,
          userId: match.userId,
          eventId: match.eventId,
        })),
      )
      .onConflictDoNothing()
      .returning({ eventId: watchedSearchMatches.eventId });
    inserted += written.length;
  }
  return inserted;
}

// ---------------------------------------------------------------------------------------------
// The bell

export interface WatchedMatchRow {
  id: string;
  title: string;
  venue: string;
  location: string;
  startsAt: Date;
  timeZone: string;
  hasTime: boolean;
  searchName: string;
  matchedAt: Date;
}

/**
 * The user's matched events, one row per event (named by its first match: the earliest, then
 * the oldest search), matched since `since`, still upcoming and going ahead; newest first, at
 * most `limit` when given. `pausedToo`: the bell keeps a match whose search was paused later,
 * as history; push and the weekly email leave a paused search's matches out (false).
 */
export async function watchedMatchesOf(
  db: Database,
  userId: string,
  options: { since: Date; now: Date; limit?: number; pausedToo: boolean },
): Promise<WatchedMatchRow[]> {
  const firsts = db
    .selectDistinctOn([watchedSearchMatches.eventId], {
      eventId: watchedSearchMatches.eventId,
      searchName: watchedSearches.name,
      matchedAt: watchedSearchMatches.matchedAt,
    })
    .from(watchedSearchMatches)
    .innerJoin(watchedSearches, eq(watchedSearches.id, watchedSearchMatches.watchedSearchId))
    .where(
      and(
        eq(watchedSearchMatches.userId, userId),
        sql`${watchedSearchMatches.matchedAt} >= ${options.since.toISOString()}::timestamptz`,
        options.pausedToo ? undefined : eq(watchedSearches.paused, false),
      ),
    )
    .orderBy(
      watchedSearchMatches.eventId,
      asc(watchedSearchMatches.matchedAt),
      asc(watchedSearches.createdAt),
      asc(watchedSearches.id),
    )
    .as('firsts');
  return db
    .select({
      id: events.id,
      title: events.title,
      venue: events.venue,
      location: events.location,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      hasTime: events.hasTime,
      searchName: firsts.searchName,
      matchedAt: firsts.matchedAt,
    })
    .from(firsts)
    .innerJoin(events, eq(events.id, firsts.eventId))
    .where(and(upcoming(options.now), goingAhead))
    .orderBy(desc(firsts.matchedAt), asc(events.id))
    .limit(options.limit ?? MAX_UNLIMITED);
}

/** No limit asked for: every row (PostgreSQL's LIMIT takes a number, not nothing, here). */
const MAX_UNLIMITED = 2 ** 31 - 1;
