import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type SourceRow, type SourceRunOutcome, sources } from '../db/schema/sources.ts';
import { parseICalendar } from '../ingest/ical.ts';
import { parseJsonLdPage } from '../ingest/jsonld.ts';
import type { ParseOutcome } from '../ingest/pipeline.ts';
import type { SourceDefaults } from '../ingest/places.ts';
import { parseTicketmasterResponse } from '../ingest/ticketmaster.ts';
import { type FetchDependencies, fetchSource, SourceFetchError } from './fetch.ts';
import { importRun, type RunCounts } from './importRun.ts';
import { backoffSeconds } from './schedule.ts';
import { claimDueSource } from './store.ts';

/**
 * One run of a source: fetch (conditional GET), parse, import, and the outcome written to its
 * row with the next time it is due. A run never throws for anything the source did: a failure
 * is the run's outcome, and the other sources run as usual.
 */

export type RunDependencies = FetchDependencies;

export interface RunResult {
  sourceId: number;
  outcome: SourceRunOutcome;
  counts: RunCounts | null;
  error: string | null;
}

/** At most this many sources per poll: a long backlog is worked off over several, not in one go. */
const maxRunsPerPoll = 20;

function defaultsOf(source: SourceRow): SourceDefaults {
  const place =
    source.defaultLocation !== null &&
    source.defaultLatitude !== null &&
    source.defaultLongitude !== null
      ? {
          label: source.defaultLocation,
          latitude: source.defaultLatitude,
          longitude: source.defaultLongitude,
        }
      : null;
  return { place, timeZone: source.defaultTimeZone };
}

/** Parses the fetched document; a document that is not of the source's kind throws with why. */
function parseDocument(source: SourceRow, text: string, now: Date): ParseOutcome {
  const defaults = defaultsOf(source);
  switch (source.kind) {
    case 'ical':
      return parseICalendar(text, { now, defaults });
    case 'jsonld':
      return parseJsonLdPage(text, { now, pageUrl: source.url, defaults });
    case 'ticketmaster': {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error('The answer is not a Ticketmaster Discovery API response: it is not JSON.');
      }
      return parseTicketmasterResponse(body, { now });
    }
  }
}

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** Fetches, parses and imports one source, and writes how it went; never throws for the source's faults. */
export async function runSource(
  db: Database,
  source: SourceRow,
  deps: RunDependencies,
): Promise<RunResult> {
  const startedAt = deps.now();
  try {
    const fetched = await fetchSource(source, deps);
    if (fetched.status === 'not_modified') {
      await db
        .update(sources)
        .set({
          lastRunAt: startedAt,
          lastOutcome: 'not_modified',
          lastAdded: 0,
          lastUpdated: 0,
          lastSkipped: 0,
          lastInvalid: 0,
          lastCancelled: 0,
          lastError: null,
          consecutiveFailures: 0,
          nextRunAt: addSeconds(startedAt, source.intervalSeconds),
        })
        .where(eq(sources.id, source.id));
      return { sourceId: source.id, outcome: 'not_modified', counts: null, error: null };
    }
    const outcome = parseDocument(source, fetched.text, startedAt);
    const counts = await importRun(db, source, outcome, startedAt);
    await db
      .update(sources)
      .set({
        lastRunAt: startedAt,
        lastOutcome: 'ok',
        lastAdded: counts.added,
        lastUpdated: counts.updated,
        lastSkipped: counts.skipped,
        lastInvalid: counts.invalid,
        lastCancelled: counts.cancelled,
        lastError: null,
        consecutiveFailures: 0,
        // Validators of this answer only: a feed that stopped sending them is fetched whole.
        etag: fetched.etag,
        lastModified: fetched.lastModified,
        nextRunAt: addSeconds(startedAt, source.intervalSeconds),
      })
      .where(eq(sources.id, source.id));
    return { sourceId: source.id, outcome: 'ok', counts, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failures = source.consecutiveFailures + 1;
    const retryAfter = error instanceof SourceFetchError ? error.retryAfterSeconds : null;
    const wait = Math.max(backoffSeconds(source.intervalSeconds, failures), retryAfter ?? 0);
    await db
      .update(sources)
      .set({
        lastRunAt: startedAt,
        lastOutcome: 'failed',
        lastAdded: 0,
        lastUpdated: 0,
        lastSkipped: 0,
        lastInvalid: 0,
        lastCancelled: 0,
        lastError: message,
        consecutiveFailures: failures,
        nextRunAt: addSeconds(startedAt, wait),
      })
      .where(eq(sources.id, source.id));
    return { sourceId: source.id, outcome: 'failed', counts: null, error: message };
  }
}

/**
 * Runs the due sources one after another, each claimed first so no other process runs it too,
 * until none is due, `shouldStop` says so (the server is closing) or a poll's share is done.
 */
export async function runDueSources(
  db: Database,
  deps: RunDependencies,
  shouldStop: () => boolean = () => false,
): Promise<RunResult[]> {
  const results: RunResult[] = [];
  while (results.length < maxRunsPerPoll && !shouldStop()) {
    const source = await claimDueSource(db, deps.now());
    if (!source) break;
    results.push(await runSource(db, source, deps));
  }
  return results;
}
