import { defaultSourceRunLimits, type SourceRunLimits } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { SourceRow, SourceRunOutcome } from '../../db/schema/sources.ts';
import { claimDueSource, recordSourceRun } from '../../stores/sources.ts';
import { type FetchDependencies, fetchSource, SourceFetchError } from './fetch.ts';
import { importLimitsFrom, importRun, type RunCounts } from './importRun.ts';
import { parseOffThread } from './parseOffThread.ts';
import { backoffSeconds } from './schedule.ts';

/**
 * One run of a source: fetch (conditional GET), parse (off the server's thread when the
 * document is big), import, and the outcome written to its row with the next time it is due. A
 * run never throws for anything the source did: a failure is the run's outcome, and the other
 * sources run as usual.
 */

export interface RunDependencies extends FetchDependencies {
  /** How many events and how long one run may take; the configuration's, or the defaults. */
  runLimits?: SourceRunLimits;
}

export interface RunResult {
  sourceId: number;
  outcome: SourceRunOutcome;
  counts: RunCounts | null;
  error: string | null;
}

/** At most this many sources per poll: a long backlog is worked off over several, not in one go. */
export const maxRunsPerPoll = 20;

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
      await recordSourceRun(db, source.id, {
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
      });
      return { sourceId: source.id, outcome: 'not_modified', counts: null, error: null };
    }
    const limits = deps.runLimits ?? defaultSourceRunLimits;
    const runStarted = performance.now();
    const outcome = await parseOffThread(source, fetched.text, startedAt, limits.maxSeconds * 1000);
    const counts = await importRun(
      db,
      source,
      outcome,
      startedAt,
      importLimitsFrom(limits, runStarted),
    );
    await recordSourceRun(db, source.id, {
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
      // A run cut short keeps none, so the next one reads the rest rather than a 304.
      etag: counts.capped ? null : fetched.etag,
      lastModified: counts.capped ? null : fetched.lastModified,
      // Cut short by its limits, it is due again at once: the next poll goes on with the rest.
      nextRunAt: counts.capped ? deps.now() : addSeconds(startedAt, source.intervalSeconds),
    });
    return { sourceId: source.id, outcome: 'ok', counts, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failures = source.consecutiveFailures + 1;
    const retryAfter = error instanceof SourceFetchError ? error.retryAfterSeconds : null;
    const wait = Math.max(backoffSeconds(source.intervalSeconds, failures), retryAfter ?? 0);
    await recordSourceRun(db, source.id, {
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
    });
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
    // A source cut short by its limits is due again at once, but the next poll goes on with
    // it, not this one: the others get their turn, and one poll stays bounded.
    const source = await claimDueSource(
      db,
      deps.now(),
      results.map((result) => result.sourceId),
    );
    if (!source) break;
    results.push(await runSource(db, source, deps));
  }
  return results;
}
