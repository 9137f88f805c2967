import type { Database } from '../db/client.ts';
import { deleteEndedRateLimitWindows } from '../stores/rateLimits.ts';
import type { Job } from './runner.ts';

/**
 * Clears the rate limit's ended windows (dead rows) every ten minutes, by whichever process
 * claims it; only when the counts are in the database (FAMJAM_RATE_LIMIT_STORE=database).
 */
export function rateLimitCleanupJob(db: Database): Job {
  return {
    name: 'rate-limit-cleanup',
    everyMs: 10 * 60_000,
    leaseMs: 5 * 60_000,
    async run() {
      await deleteEndedRateLimitWindows(db);
      return { more: false };
    },
  };
}
