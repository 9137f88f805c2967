import type { JobStatus } from '../../contract/jobs.ts';
import type { Database } from '../db/client.ts';
import { jobStatus, jobStatuses } from '../jobs/runner.ts';

/*
 * The timed jobs' status as the operator screen (GET /api/operator/jobs) and `npm run sources --
 * list` read it. The runner (server/jobs/runner.ts) owns what a status means; this is the
 * service entry point, so routes and command lines call a service rather than the runner.
 */

/** Every job's status, from the database: the same whichever process asks. */
export function listJobStatuses(db: Database, now: Date = new Date()): Promise<JobStatus[]> {
  return jobStatuses(db, now);
}

/** One job's status, or null when no process has registered it with this database yet. */
export function findJobStatus(
  db: Database,
  name: string,
  now: Date = new Date(),
): Promise<JobStatus | null> {
  return jobStatus(db, name, now);
}
