import type { Database } from '../db/client.ts';
import {
  deleteUnusedPictures,
  fetchPendingPictures,
  type PictureWorkerDependencies,
} from '../services/pictures/fetchWorker.ts';
import type { Job } from './runner.ts';

interface PictureJobLog {
  info(details: object, message: string): void;
}

/** At most this many pictures per run: the runner yields between runs. */
const picturesPerRun = 50;

/**
 * Fetches the pictures feeds name (docs/pictures.md), every FAMJAM_SOURCES_POLL_SECONDS (the
 * pictures come from sources), one at a time: decoding is CPU work, and one at a time leaves the
 * other core to requests. Each picture is claimed too (fetchWorker.ts).
 */
export function pictureFetchingJob(
  db: Database,
  pollSeconds: number,
  dependencies: PictureWorkerDependencies,
  log: PictureJobLog,
): Job {
  return {
    name: 'picture-fetching',
    everyMs: pollSeconds * 1000,
    budgetMs: 30_000,
    leaseMs: 5 * 60_000,
    async run(context) {
      const outcomes = await fetchPendingPictures(db, dependencies, {
        limit: picturesPerRun,
        shouldStop: () => context.shouldStop(),
      });
      const refused = outcomes.filter((outcome) => outcome.error !== null).length;
      if (outcomes.length > 0) {
        // Counts only: picture URLs can carry signed keys.
        log.info({ stored: outcomes.length - refused, refused }, 'pictures fetched');
      }
      return {
        more: outcomes.length >= picturesPerRun || (outcomes.length > 0 && context.shouldStop()),
      };
    },
  };
}

/**
 * Deletes stored pictures nothing uses any more, once a day old, every hour (the check reads
 * two indexes, not the tables).
 */
export function unusedPicturesJob(db: Database, log: PictureJobLog): Job {
  return {
    name: 'unused-pictures',
    everyMs: 60 * 60_000,
    leaseMs: 5 * 60_000,
    async run() {
      const swept = await deleteUnusedPictures(db);
      if (swept > 0) log.info({ swept }, 'unused pictures deleted');
      return { more: false };
    },
  };
}
