import type { SourceRunLimits } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { SourceRow } from '../../db/schema/sources.ts';
import { firstLine, innermostCause } from '../../errorInfo.ts';
import { type EventRow, type InvalidRecord, toEventRow } from '../../ingest/eventRecord.ts';
import { dedupeBySourceId, type ParseOutcome, skipReasons } from '../../ingest/pipeline.ts';
import { upsertEvents } from '../../stores/eventImport.ts';
import {
  insertMissingListings,
  inTransaction,
  listingsPage,
  markNotListed as markListingsNotListed,
  notListed,
  settleCancelledMarks,
  storedEventIds,
  upsertListings,
} from '../../stores/sources.ts';
import { matchWatchedSearchesAfterImport } from '../watchedSearches.ts';
import { findSameEvents } from './sameEvent.ts';

/**
 * Writes what one successful run of a source read (a 200 answer, parsed): its events, which of
 * them this source lists, and which upcoming events are cancelled now.
 *
 * Which events a source lists is kept in event_sources.last_seen_at: the time of the run since
 * which the source lists the event as going ahead, or `notListed` (the epoch) when the source's
 * latest word on it is that it is cancelled, or, after a run whose absences count, that it is
 * gone. An upcoming event is cancelled when none of its sources lists it as going ahead, and no
 * longer cancelled as soon as one does again: so an event two sources list is only cancelled by
 * absence when both have dropped it, and a 304 or a failed run (which never get here) change
 * nothing.
 *
 * The server answers requests while this runs (issue 31 B.3): the rows go in batches of
 * `rowsPerBatch`, each its own short transaction, with the event loop let go in between, and
 * everything that is the same as stored is found set-wise and left unwritten, so polling an
 * unchanged feed again writes nothing. A run stops at its limits (events written, time) and
 * says so (`capped`); the next poll goes on, new listings first.
 */

export interface RunCounts {
  added: number;
  updated: number;
  skipped: number;
  invalid: number;
  /** Upcoming events this run found cancelled (said so, or no longer listed by any source). */
  cancelled: number;
  /** Whether a listing missing from this run counted as the event being gone (see absenceCounts). */
  absenceCounted: boolean;
  /**
   * The run reached its limit of events or time before every listing was written: the rest
   * wait for the next run, and nothing counted as gone.
   */
  capped: boolean;
  /** The records left out as invalid, with why, for the operator. */
  invalidRecords: InvalidRecord[];
  /**
   * Null, or the error code (never the message) with which checking the new events against the
   * watched searches failed: the run stays ok, its events are written, those families are not
   * told of them (the run's log line and the CLI say so).
   */
  watchedMatchingFailure: string | null;
}

/** How far one run may go: events added or changed, and a time by which it stops. */
export interface ImportLimits {
  maxEvents: number;
  /** performance.now() after which no further batch starts (one always does). */
  deadline: number;
}

export function importLimitsFrom(limits: SourceRunLimits, startedAt: number): ImportLimits {
  return { maxEvents: limits.maxEvents, deadline: startedAt + limits.maxSeconds * 1000 };
}

/**
 * Listings per transaction: a few milliseconds of database work, so that requests waiting for
 * the embedded database (one connection, in this thread) get in between two batches.
 */
export const rowsPerBatch = 50;

/** Keys per statement for the set-wise updates (cancellations, absences, settling). */
const keysPerStatement = 200;

/** Lets the requests that arrived meanwhile run before the next batch. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function chunks<Item>(items: readonly Item[], size: number): Item[][] {
  const out: Item[][] = [];
  for (let start = 0; start < items.length; start += size) {
    out.push(items.slice(start, start + size));
  }
  return out;
}

/** This source's listing of one event, as stored. */
interface Link {
  eventId: string;
  /** last_seen_at is later than notListed: the source lists it as going ahead. */
  listed: boolean;
}

const linksPerPage = 1000;

/** Every listing of the source, by the source's key, read a page at a time. */
async function linksOf(db: Database, sourceId: number): Promise<Map<string, Link>> {
  const links = new Map<string, Link>();
  let after = '';
  for (;;) {
    const page = await listingsPage(db, sourceId, after, linksPerPage);
    for (const row of page) links.set(row.key, { eventId: row.eventId, listed: row.listed });
    const last = page.at(-1);
    if (!last || page.length < linksPerPage) return links;
    after = last.key;
    await yieldToRequests();
  }
}

/**
 * Whether the run's list is complete enough for a missing event to mean it is gone:
 * - not for Ticketmaster, whose answer is one page of a search window: an event can drop out of
 *   it (past the first 200, a changed window) and still be on; only its status says cancelled;
 * - not when some records could not be read: the missing event may be one of them;
 * - not when the document listed nothing at all: a feed that suddenly lists nothing is far
 *   more often broken (a redesign, an error page with 200) than really empty.
 */
function absenceCounts(source: SourceRow, outcome: ParseOutcome): boolean {
  if (source.kind === 'ticketmaster') return false;
  if (outcome.invalid.length > 0) return false;
  return outcome.drafts.length + outcome.skipped.length > 0;
}

interface BatchCounts {
  added: number;
  /** The ids of the events this batch added (not updated): the import's new events. */
  addedIds: string[];
  updated: number;
  /** Stored exactly as given, or another source's event this one only lists. */
  skipped: number;
}

/**
 * Writes one batch of listings in one transaction: the event rows this source owns (inserted,
 * or updated where something differs), and the listings that are new or listed again. A listing
 * already stored as listed is not written: an unchanged feed writes nothing.
 */
async function writeBatch(
  db: Database,
  source: SourceRow,
  rows: readonly EventRow[],
  links: Map<string, Link>,
  seenAt: Date,
): Promise<BatchCounts> {
  const written = await inTransaction(db, async (tx) => {
    const unlinked = rows.filter((row) => !links.has(row.sourceId));
    const own = await storedEventIds(
      tx,
      unlinked.map((row) => row.id),
    );
    // Another source's listing of the same event: link to it rather than add a twin.
    const same = await findSameEvents(
      tx,
      unlinked.filter((row) => !own.has(row.id)),
      source.id,
    );
    const eventIds = new Map<string, string>();
    const mine: EventRow[] = [];
    for (const row of rows) {
      const eventId = links.get(row.sourceId)?.eventId ?? same.get(row.id) ?? row.id;
      eventIds.set(row.sourceId, eventId);
      // The event row is written by the source whose id it carries; a source linked to someone
      // else's event only says it still lists it.
      if (eventId === row.id) mine.push(row);
    }
    const addedIds: string[] = [];
    const counts = await upsertEvents(tx, mine, addedIds);
    const listings = rows
      .filter((row) => !links.get(row.sourceId)?.listed)
      .map((row) => ({
        eventId: eventIds.get(row.sourceId) ?? row.id,
        sourceId: source.id,
        sourceKey: row.sourceId,
        firstSeenAt: seenAt,
        lastSeenAt: seenAt,
      }));
    await upsertListings(tx, listings);
    return { counts, addedIds, eventIds, linkedElsewhere: rows.length - mine.length };
  });
  for (const [key, eventId] of written.eventIds) links.set(key, { eventId, listed: true });
  return {
    added: written.counts.added,
    addedIds: written.addedIds,
    updated: written.counts.updated,
    skipped: written.counts.skipped + written.linkedElsewhere,
  };
}

/**
 * Records the source says are cancelled: the events it brought earlier (or the same ids imported
 * by hand) are marked as no longer listed by it. A cancelled event FamJam never had is not added.
 */
async function writeCancellations(
  db: Database,
  source: SourceRow,
  keys: readonly string[],
  links: Map<string, Link>,
): Promise<void> {
  await markNotListed(
    db,
    source,
    keys.filter((key) => links.get(key)?.listed),
    links,
  );
  const unlinked = keys.filter((key) => !links.has(key));
  for (const chunk of chunks(unlinked, keysPerStatement)) {
    const idOf = new Map(chunk.map((key) => [`${source.kind}:${key}`, key]));
    const own = await storedEventIds(db, [...idOf.keys()]);
    const marks = [...own].flatMap((id) => {
      const key = idOf.get(id);
      return key === undefined
        ? []
        : [
            {
              eventId: id,
              sourceId: source.id,
              sourceKey: key,
              firstSeenAt: notListed,
              lastSeenAt: notListed,
            },
          ];
    });
    await insertMissingListings(db, marks);
    await yieldToRequests();
  }
}

/** Marks these listings of the source as no longer listed, a few hundred keys per statement. */
async function markNotListed(
  db: Database,
  source: SourceRow,
  keys: readonly string[],
  links: Map<string, Link>,
): Promise<void> {
  for (const chunk of chunks(keys, keysPerStatement)) {
    await markListingsNotListed(db, source.id, chunk);
    for (const key of chunk) {
      const link = links.get(key);
      if (link) link.listed = false;
    }
    await yieldToRequests();
  }
}

/** Everything this source listed before and did not list now is gone from it. */
async function writeAbsences(
  db: Database,
  source: SourceRow,
  listedKeys: ReadonlySet<string>,
  links: Map<string, Link>,
): Promise<void> {
  const missing = [...links]
    .filter(([key, link]) => link.listed && !listedKeys.has(key))
    .map(([key]) => key);
  await markNotListed(db, source, missing, links);
}

/**
 * Marks upcoming events of this source cancelled when none of their sources lists them as going
 * ahead, and clears the mark when one does; returns how many were newly cancelled. Only rows
 * whose mark is wrong are written, a few hundred events per statement.
 */
async function settleCancellations(
  db: Database,
  links: ReadonlyMap<string, Link>,
  now: Date,
): Promise<number> {
  const eventIds = [...new Set([...links.values()].map((link) => link.eventId))];
  let cancelled = 0;
  for (const chunk of chunks(eventIds, keysPerStatement)) {
    cancelled += await settleCancelledMarks(db, chunk, now);
    await yieldToRequests();
  }
  return cancelled;
}

/** The drafts checked and made rows, a slice at a time; invalid ones join `invalid`. */
async function validRows(
  source: SourceRow,
  outcome: ParseOutcome,
  invalid: InvalidRecord[],
): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  for (const [index, { label, draft }] of outcome.drafts.entries()) {
    const result = toEventRow(source.kind, draft);
    if (result.ok) rows.push(result.row);
    else invalid.push({ label, reason: result.reason });
    if (index % keysPerStatement === keysPerStatement - 1) await yieldToRequests();
  }
  return rows;
}

export async function importRun(
  db: Database,
  source: SourceRow,
  outcome: ParseOutcome,
  now: Date,
  limits: ImportLimits,
): Promise<RunCounts> {
  const invalid = [...outcome.invalid];
  const { unique, duplicates } = dedupeBySourceId(await validRows(source, outcome, invalid));
  const counts: RunCounts = {
    added: 0,
    updated: 0,
    skipped: outcome.skipped.length + duplicates,
    invalid: 0,
    cancelled: 0,
    absenceCounted: absenceCounts(source, { ...outcome, invalid }),
    capped: false,
    invalidRecords: invalid,
    watchedMatchingFailure: null,
  };
  const links = await linksOf(db, source.id);
  // Listings not stored yet go first, so a run stopped by its limits leaves the next one new
  // work to do rather than the same events again.
  const ordered = [
    ...unique.filter((row) => !links.has(row.sourceId)),
    ...unique.filter((row) => links.has(row.sourceId)),
  ];
  const listedKeys = new Set<string>();
  const addedIds: string[] = [];
  let written = 0;
  let next = 0;
  while (next < ordered.length) {
    const budget = limits.maxEvents - written;
    if (budget <= 0 || (next > 0 && performance.now() >= limits.deadline)) break;
    const batch = ordered.slice(next, next + Math.min(rowsPerBatch, budget));
    next += batch.length;
    let batchCounts: BatchCounts[];
    try {
      batchCounts = [await writeBatch(db, source, batch, links, now)];
    } catch {
      // Something in the batch the database refused (a constraint no check here anticipated):
      // each listing alone, so the one at fault is reported and the others are written.
      batchCounts = [];
      for (const row of batch) {
        try {
          batchCounts.push(await writeBatch(db, source, [row], links, now));
        } catch (error) {
          invalid.push({
            label: `"${row.title}" (${row.sourceId})`,
            reason: `the database refused it: ${firstLine(innermostCause(error))}`,
          });
          counts.absenceCounted = false;
        }
      }
    }
    for (const row of batch) if (links.get(row.sourceId)?.listed) listedKeys.add(row.sourceId);
    for (const batchCount of batchCounts) {
      counts.added += batchCount.added;
      addedIds.push(...batchCount.addedIds);
      counts.updated += batchCount.updated;
      counts.skipped += batchCount.skipped;
      written += batchCount.added + batchCount.updated;
    }
    await yieldToRequests();
  }
  counts.capped = next < ordered.length;
  const cancelledKeys = outcome.skipped.flatMap((record) =>
    record.reason === skipReasons.cancelled && record.sourceId ? [record.sourceId] : [],
  );
  await writeCancellations(db, source, cancelledKeys, links);
  for (const key of cancelledKeys) listedKeys.add(key);
  if (counts.absenceCounted && !counts.capped) {
    await writeAbsences(db, source, listedKeys, links);
  }
  counts.cancelled = await settleCancellations(db, links, now);
  counts.invalid = invalid.length;
  // The families watching a search that the new events match are told (issue 34).
  // Its failure does not fail the run: the events are written, and a failed run's retry would
  // not see them as new.
  const matching = await matchWatchedSearchesAfterImport(db, addedIds, now);
  if (matching.status === 'failed') counts.watchedMatchingFailure = matching.code;
  return counts;
}
