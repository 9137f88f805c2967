import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { eventSources, type SourceRow } from '../db/schema/sources.ts';
import { firstLine, innermostCause } from '../errorInfo.ts';
import { type EventRow, type InvalidRecord, toEventRow } from '../ingest/eventRecord.ts';
import { type ParseOutcome, skipReasons } from '../ingest/pipeline.ts';
import { dedupeBySourceId, upsertEvents } from '../ingest/upsert.ts';
import { findSameEvent } from './sameEvent.ts';

/**
 * Writes what one successful run of a source read (a 200 answer, parsed): its events, which of
 * them this source lists, and which upcoming events are cancelled now.
 *
 * Which events a source lists is kept in event_sources.last_seen_at: the time of the latest
 * run that listed the event as going ahead, or `notListed` (the epoch) when the source's latest
 * word on it is that it is cancelled, or, after a run whose absences count, that it is gone.
 * An upcoming event is cancelled when none of its sources lists it as going ahead, and no
 * longer cancelled as soon as one does again: so an event two sources list is only cancelled
 * by absence when both have dropped it, and a 304 or a failed run (which never get here) change
 * nothing.
 */

/** The mark of 'this source does not list it as going ahead now' (see above). */
export const notListed = new Date(0);

export interface RunCounts {
  added: number;
  updated: number;
  skipped: number;
  invalid: number;
  /** Upcoming events this run found cancelled (said so, or no longer listed by any source). */
  cancelled: number;
  /** Whether a listing missing from this run counted as the event being gone (see absenceCounts). */
  absenceCounted: boolean;
  /** The records left out as invalid, with why, for the operator. */
  invalidRecords: InvalidRecord[];
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

/** Writes one listing; returns how it counted. */
async function writeListing(
  db: Database,
  source: SourceRow,
  row: EventRow,
  seenAt: Date,
): Promise<'added' | 'updated' | 'unchanged' | 'linked'> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ eventId: eventSources.eventId })
      .from(eventSources)
      .where(and(eq(eventSources.sourceId, source.id), eq(eventSources.sourceKey, row.sourceId)));
    let eventId = link?.eventId ?? null;
    let counted: 'added' | 'updated' | 'unchanged' | 'linked' = 'linked';
    if (eventId === null) {
      const [own] = await tx.select({ id: events.id }).from(events).where(eq(events.id, row.id));
      // Another source's listing of the same event: link to it rather than add a twin.
      if (!own) eventId = await findSameEvent(tx, row, source.id);
    }
    // The event row is written by the source whose id it carries; a source linked to someone
    // else's event only says it still lists it.
    if (eventId === null || eventId === row.id) {
      const counts = await upsertEvents(tx, [row]);
      counted = counts.added > 0 ? 'added' : counts.updated > 0 ? 'updated' : 'unchanged';
      eventId = row.id;
    }
    await tx
      .insert(eventSources)
      .values({
        eventId,
        sourceId: source.id,
        sourceKey: row.sourceId,
        firstSeenAt: seenAt,
        lastSeenAt: seenAt,
      })
      .onConflictDoUpdate({
        target: [eventSources.sourceId, eventSources.sourceKey],
        set: { lastSeenAt: seenAt },
      });
    return counted;
  });
}

/**
 * A record the source says is cancelled: the event it brought earlier (or the same id imported
 * by hand) is marked as no longer listed by it. A cancelled event FamJam never had is not added.
 */
async function writeCancellation(db: Database, source: SourceRow, key: string): Promise<void> {
  const [link] = await db
    .select({ eventId: eventSources.eventId })
    .from(eventSources)
    .where(and(eq(eventSources.sourceId, source.id), eq(eventSources.sourceKey, key)));
  if (link) {
    await db
      .update(eventSources)
      .set({ lastSeenAt: notListed })
      .where(and(eq(eventSources.sourceId, source.id), eq(eventSources.sourceKey, key)));
    return;
  }
  const eventId = `${source.kind}:${key}`;
  const [own] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!own) return;
  await db
    .insert(eventSources)
    .values({
      eventId,
      sourceId: source.id,
      sourceKey: key,
      firstSeenAt: notListed,
      lastSeenAt: notListed,
    })
    .onConflictDoNothing();
}

/**
 * Marks upcoming events of this source cancelled when none of their sources lists them as going
 * ahead, and clears the mark when one does; returns how many were newly cancelled.
 */
async function settleCancellations(db: Database, source: SourceRow, now: Date): Promise<number> {
  const listed = sql`exists (select 1 from ${eventSources} as listing where listing.event_id = ${events.id} and listing.last_seen_at > ${notListed.toISOString()}::timestamptz)`;
  const changed = await db
    .update(events)
    .set({
      cancelledAt: sql`CASE WHEN ${listed} THEN NULL ELSE ${now.toISOString()}::timestamptz END`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(
          events.id,
          db
            .select({ id: eventSources.eventId })
            .from(eventSources)
            .where(eq(eventSources.sourceId, source.id)),
        ),
        sql`${events.startsAt} > ${now.toISOString()}::timestamptz`,
        // Only rows whose mark is wrong: the rest keep their updated_at.
        sql`(${listed}) = (${events.cancelledAt} IS NOT NULL)`,
      ),
    )
    .returning({ id: events.id, cancelledAt: events.cancelledAt });
  return changed.filter((row) => row.cancelledAt !== null).length;
}

export async function importRun(
  db: Database,
  source: SourceRow,
  outcome: ParseOutcome,
  now: Date,
): Promise<RunCounts> {
  const invalid = [...outcome.invalid];
  const rows: EventRow[] = [];
  for (const { label, draft } of outcome.drafts) {
    const result = toEventRow(source.kind, draft);
    if (result.ok) rows.push(result.row);
    else invalid.push({ label, reason: result.reason });
  }
  const { unique, duplicates } = dedupeBySourceId(rows);
  const counts: RunCounts = {
    added: 0,
    updated: 0,
    skipped: outcome.skipped.length + duplicates,
    invalid: 0,
    cancelled: 0,
    absenceCounted: absenceCounts(source, { ...outcome, invalid }),
    invalidRecords: invalid,
  };
  const listedKeys = new Set<string>();
  for (const row of unique) {
    try {
      const counted = await writeListing(db, source, row, now);
      listedKeys.add(row.sourceId);
      if (counted === 'added') counts.added += 1;
      else if (counted === 'updated') counts.updated += 1;
      else counts.skipped += 1;
    } catch (error) {
      invalid.push({
        label: `"${row.title}" (${row.sourceId})`,
        reason: `the database refused it: ${firstLine(innermostCause(error))}`,
      });
      counts.absenceCounted = false;
    }
  }
  const cancelledKeys = outcome.skipped.flatMap((record) =>
    record.reason === skipReasons.cancelled && record.sourceId ? [record.sourceId] : [],
  );
  for (const key of cancelledKeys) {
    await writeCancellation(db, source, key);
    listedKeys.add(key);
  }
  if (counts.absenceCounted) {
    // Everything this source listed before and did not list now is gone from it.
    const missing = (
      await db
        .select({ key: eventSources.sourceKey })
        .from(eventSources)
        .where(eq(eventSources.sourceId, source.id))
    )
      .map((link) => link.key)
      .filter((key) => !listedKeys.has(key));
    for (let start = 0; start < missing.length; start += 500) {
      await db
        .update(eventSources)
        .set({ lastSeenAt: notListed })
        .where(
          and(
            eq(eventSources.sourceId, source.id),
            inArray(eventSources.sourceKey, missing.slice(start, start + 500)),
          ),
        );
    }
  }
  counts.cancelled = await settleCancellations(db, source, now);
  counts.invalid = invalid.length;
  return counts;
}
