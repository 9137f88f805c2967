import { and, asc, between, count, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { SourceSummary } from '../../contract/sources.ts';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { eventSources, type NewSourceRow, type SourceRow, sources } from '../db/schema/sources.ts';

/**
 * All the SQL of the event sources (docs/sources.md): the sources table as the CLI, the poller
 * and the operator screen read and change it, and what one run of a source reads and writes
 * (its listings in event_sources, the events it brings, their cancellations). The rules are in
 * server/services/sources/: which run writes what, and when.
 */

/** A checked new source (server/services/sources/newSource.ts), as stored. */
export type NewSource = Required<
  Pick<
    NewSourceRow,
    | 'kind'
    | 'name'
    | 'url'
    | 'intervalSeconds'
    | 'defaultLocation'
    | 'defaultLatitude'
    | 'defaultLongitude'
    | 'defaultTimeZone'
    | 'allowPrivateNetwork'
  >
>;

/** The last run's figures and what the source is, in the contract's shape. */
export function toSummary(row: SourceRow, eventCount: number): SourceSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    intervalSeconds: row.intervalSeconds,
    enabled: row.enabled,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt.toISOString(),
    lastOutcome: row.lastOutcome ?? null,
    added: row.lastAdded,
    updated: row.lastUpdated,
    skipped: row.lastSkipped,
    invalid: row.lastInvalid,
    cancelled: row.lastCancelled,
    lastError: row.lastError,
    eventCount,
  };
}

/** How many events each source lists; only `onlySource`'s when given. */
async function eventCounts(db: Database, onlySource?: number): Promise<Map<number, number>> {
  const query = db
    .select({ sourceId: eventSources.sourceId, events: count() })
    .from(eventSources)
    .groupBy(eventSources.sourceId);
  const rows =
    onlySource === undefined
      ? await query
      : await query.where(eq(eventSources.sourceId, onlySource));
  return new Map(rows.map((row) => [row.sourceId, row.events]));
}

export async function listSources(db: Database): Promise<SourceSummary[]> {
  const rows = await db.select().from(sources).orderBy(asc(sources.id));
  const counts = await eventCounts(db);
  return rows.map((row) => toSummary(row, counts.get(row.id) ?? 0));
}

export async function findSource(db: Database, id: number): Promise<SourceRow | null> {
  const [row] = await db.select().from(sources).where(eq(sources.id, id));
  return row ?? null;
}

export async function sourceSummary(db: Database, id: number): Promise<SourceSummary | null> {
  const row = await findSource(db, id);
  if (!row) return null;
  const counts = await eventCounts(db, id);
  return toSummary(row, counts.get(id) ?? 0);
}

/**
 * Pauses or resumes. A resumed source is due at once, and forgets its failures: the operator
 * resuming it is the signal that whatever broke it has been looked at.
 */
export async function setSourceEnabled(
  db: Database,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<SourceSummary | null> {
  const [row] = await db
    .update(sources)
    .set(
      enabled
        ? { enabled, nextRunAt: now, consecutiveFailures: 0, updatedAt: now }
        : { enabled, updatedAt: now },
    )
    .where(eq(sources.id, id))
    .returning({ id: sources.id });
  return row ? sourceSummary(db, row.id) : null;
}

/**
 * Stores a checked new source, due at once: its id, or the id of the source that already has
 * its kind and URL, also when two operators add it at the same moment (the table's unique
 * constraint decides, not a read before the write).
 */
export async function insertSource(
  db: Database,
  source: NewSource,
  now: Date,
): Promise<{ added: number } | { takenBy: number }> {
  const [added] = await db
    .insert(sources)
    .values({ ...source, nextRunAt: now })
    .onConflictDoNothing({ target: [sources.kind, sources.url] })
    .returning({ id: sources.id });
  if (added) return { added: added.id };
  const [existing] = await db
    .select({ id: sources.id })
    .from(sources)
    .where(and(eq(sources.kind, source.kind), eq(sources.url, source.url)));
  // Removed again between the two statements: as good as never there, so say it is taken anyway.
  return { takenBy: existing?.id ?? 0 };
}

/** The enabled sources, by id (`npm run sources -- run --all`). */
export async function enabledSources(db: Database): Promise<SourceRow[]> {
  return db.select().from(sources).where(eq(sources.enabled, true)).orderBy(asc(sources.id));
}

/** Removes a source and its links; the events it brought stay (saved lists and links keep working). */
export async function removeSource(db: Database, id: number): Promise<boolean> {
  const removed = await db.delete(sources).where(eq(sources.id, id)).returning({ id: sources.id });
  return removed.length > 0;
}

/**
 * How long a claimed source is kept from other processes while one runs it: well over a run's
 * worst case (the download's 30 s limit and the import), so it never runs twice at once, and
 * short enough that a process that died mid-run delays the source by minutes only.
 */
export const claimLeaseSeconds = 15 * 60;

/**
 * Takes the most overdue enabled source for this process, or null when none is due. One
 * statement: the row lock (SKIP LOCKED) lets exactly one of several processes asking at once
 * have it, and moving `next_run_at` past the lease keeps the others off it once the lock is
 * gone. The run then writes the real next time.
 */
export async function claimDueSource(
  db: Database,
  now: Date,
  /** Sources this poll has run already. */
  except: readonly number[] = [],
): Promise<SourceRow | null> {
  const leaseEnd = new Date(now.getTime() + claimLeaseSeconds * 1000);
  const notRunYet =
    except.length === 0
      ? sql``
      : sql` AND ${sources.id} NOT IN (${sql.join(
          except.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const [row] = await db
    .update(sources)
    .set({ nextRunAt: leaseEnd })
    .where(
      eq(
        sources.id,
        sql`(SELECT ${sources.id} FROM ${sources} WHERE ${sources.enabled} AND ${sources.nextRunAt} <= ${now.toISOString()}::timestamptz${notRunYet} ORDER BY ${sources.nextRunAt} LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** What a run writes to its source's row: how it went, and when it is next due. */
export type SourceRunRecord = Required<
  Pick<
    NewSourceRow,
    | 'lastRunAt'
    | 'lastOutcome'
    | 'lastAdded'
    | 'lastUpdated'
    | 'lastSkipped'
    | 'lastInvalid'
    | 'lastCancelled'
    | 'lastError'
    | 'consecutiveFailures'
    | 'nextRunAt'
  >
> &
  Pick<NewSourceRow, 'etag' | 'lastModified'>;

export async function recordSourceRun(
  db: Database,
  id: number,
  record: SourceRunRecord,
): Promise<void> {
  await db.update(sources).set(record).where(eq(sources.id, id));
}

/* What one run of a source reads and writes (services/sources/importRun.ts). */

/**
 * The mark in event_sources.last_seen_at of 'this source does not list it as going ahead now'
 * (the epoch); any later time is the run since which it lists the event as going ahead.
 */
export const notListed = new Date(0);

/** A listing of the source as stored, keyed by the source's own key for the event. */
export interface StoredListing {
  key: string;
  eventId: string;
  /** last_seen_at is later than notListed. */
  listed: boolean;
}

/** One page of the source's listings, by key after `after`. */
export async function listingsPage(
  db: Database,
  sourceId: number,
  after: string,
  limit: number,
): Promise<StoredListing[]> {
  const page = await db
    .select({
      key: eventSources.sourceKey,
      eventId: eventSources.eventId,
      lastSeenAt: eventSources.lastSeenAt,
    })
    .from(eventSources)
    .where(and(eq(eventSources.sourceId, sourceId), gt(eventSources.sourceKey, after)))
    .orderBy(asc(eventSources.sourceKey))
    .limit(limit);
  return page.map((row) => ({
    key: row.key,
    eventId: row.eventId,
    listed: row.lastSeenAt.getTime() > notListed.getTime(),
  }));
}

/** Runs `work` in one transaction; its handle is passed to the store's functions. */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

/** Which of these event ids are stored. */
export async function storedEventIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(inArray(events.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

export interface NewListing {
  eventId: string;
  sourceId: number;
  sourceKey: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** Writes listings, new or seen again (a listing already stored takes the new last_seen_at). */
export async function upsertListings(db: Database, listings: readonly NewListing[]): Promise<void> {
  if (listings.length === 0) return;
  await db
    .insert(eventSources)
    .values([...listings])
    .onConflictDoUpdate({
      target: [eventSources.sourceId, eventSources.sourceKey],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    });
}

/** Adds listings where none is stored yet; a stored one is left as it is. */
export async function insertMissingListings(
  db: Database,
  listings: readonly NewListing[],
): Promise<void> {
  if (listings.length === 0) return;
  await db
    .insert(eventSources)
    .values([...listings])
    .onConflictDoNothing();
}

/** Marks these listings of the source as not listed (cancelled by it, or gone from it). */
export async function markNotListed(
  db: Database,
  sourceId: number,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(eventSources)
    .set({ lastSeenAt: notListed })
    .where(and(eq(eventSources.sourceId, sourceId), inArray(eventSources.sourceKey, [...keys])));
}

/**
 * Of these events, the upcoming ones whose cancelled mark is wrong get it right: cancelled when
 * none of their sources lists them as going ahead, not cancelled when one does. Returns how
 * many were newly cancelled. Only rows whose mark is wrong are written.
 */
export async function settleCancelledMarks(
  db: Database,
  eventIds: readonly string[],
  now: Date,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const listed = sql`exists (select 1 from ${eventSources} as listing where listing.event_id = ${events.id} and listing.last_seen_at > ${notListed.toISOString()}::timestamptz)`;
  const changed = await db
    .update(events)
    .set({
      cancelledAt: sql`CASE WHEN ${listed} THEN NULL ELSE ${now.toISOString()}::timestamptz END`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(events.id, [...eventIds]),
        sql`${events.startsAt} > ${now.toISOString()}::timestamptz`,
        sql`(${listed}) = (${events.cancelledAt} IS NOT NULL)`,
      ),
    )
    .returning({ cancelledAt: events.cancelledAt });
  return changed.filter((row) => row.cancelledAt !== null).length;
}

/** An event as the same-event rule compares it (services/sources/sameEvent.ts). */
export interface EventPlace {
  id: string;
  title: string;
  startsAt: Date;
  latitude: number;
  longitude: number;
}

/**
 * The stored events starting within `withinMs` of one of `starts`, but none the source already
 * lists: the candidates a new listing may be another listing of. One query for them all.
 */
export async function eventsStartingNear(
  db: Pick<Database, 'select'>,
  starts: readonly Date[],
  withinMs: number,
  sourceId: number,
): Promise<EventPlace[]> {
  if (starts.length === 0) return [];
  const near = (start: Date) =>
    between(
      events.startsAt,
      new Date(start.getTime() - withinMs),
      new Date(start.getTime() + withinMs),
    );
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      latitude: events.latitude,
      longitude: events.longitude,
    })
    .from(events)
    .where(
      and(
        or(...starts.map(near)),
        notInArray(
          events.id,
          db
            .select({ id: eventSources.eventId })
            .from(eventSources)
            .where(sql`${eventSources.sourceId} = ${sourceId}`),
        ),
      ),
    );
}
