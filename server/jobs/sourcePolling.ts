import type { Database } from '../db/client.ts';
import { maxRunsPerPoll, type RunDependencies, runDueSources } from '../services/sources/run.ts';
import type { Job } from './runner.ts';

/** The name the status carries (the operator screen, `npm run sources -- list`). */
export const sourcePollingJobName = 'source-polling';

interface SourcePollingLog {
  info(details: object, message: string): void;
}

/**
 * Polls the due sources (docs/sources.md), every FAMJAM_SOURCES_POLL_SECONDS, from the moment
 * the server listens: a start never waits for a feed, and a fresh database fills up without
 * waiting a period. Each due source is claimed too (stores/sources.ts), so a run now from the
 * operator screen and a poll never fetch one source at the same time.
 */
export function sourcePollingJob(
  db: Database,
  pollSeconds: number,
  dependencies: RunDependencies,
  log: SourcePollingLog,
): Job {
  return {
    name: sourcePollingJobName,
    everyMs: pollSeconds * 1000,
    startWhen: 'listening',
    // One source's run is bounded by its own limits (FAMJAM_SOURCES_RUN_MAX_SECONDS); this is
    // when the poll stops taking the next one and lets the runner yield.
    budgetMs: 60_000,
    // Well over one run's worst case (the download's 30 s and the import's limit): renewed
    // while it runs anyway.
    leaseMs: 15 * 60_000,
    async run(context) {
      const runs = await runDueSources(db, dependencies, () => context.shouldStop());
      for (const run of runs) {
        // The source's id and figures only: a message could name a URL with a key in it.
        log.info(
          {
            sourceId: run.sourceId,
            outcome: run.outcome,
            added: run.counts?.added ?? 0,
            cancelled: run.counts?.cancelled ?? 0,
            // Stopped at its limits: the next poll goes on with the rest.
            capped: run.counts?.capped ?? false,
            // The error's code when matching the new events against watched searches failed
            // (the run is still ok): those families were not told of them.
            ...(run.counts?.watchedMatchingFailure
              ? { watchedMatchingFailed: run.counts.watchedMatchingFailure }
              : {}),
          },
          'source polled',
        );
      }
      // Stopped by the budget or the per-poll cap with sources still due: go on after a yield.
      return { more: runs.length >= maxRunsPerPoll || (runs.length > 0 && context.shouldStop()) };
    },
  };
}
