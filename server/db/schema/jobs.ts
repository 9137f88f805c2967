import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The timed work's runner (server/jobs/runner.ts): one row per registered job, shared by every
 * process on the database, so a job runs once per due time whichever process claims it, and
 * `npm run sources -- list` and the operator screen read how it went from any process.
 */
export const jobs = pgTable('jobs', {
  /** The registration's name ('source-polling', 'picture-fetching', ...). */
  name: text('name').primaryKey(),
  /** When it is next due; a process claims it only from then on. */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  /** Held by the process running it until then (renewed while it runs); null when free. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Which runner holds the lease (random per process): only it renews or releases it. */
  lockedBy: text('locked_by'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  /** Why the last run failed, in words for the operator; null after a good run. */
  lastError: text('last_error'),
  /** Failed runs in a row: the retry waits longer after each (backoff). */
  failures: integer('failures').notNull().default(0),
});

export type JobRow = typeof jobs.$inferSelect;
