import { type Static, Type } from '@sinclair/typebox';

/**
 * How one of the server's timed jobs is doing (server/jobs/runner.ts): `GET /api/operator/jobs`
 * and `npm run sources -- list` show it. Read from the database, so it is the same whichever
 * process answers.
 */
export const JobStatus = Type.Object({
  /** 'source-polling', 'picture-fetching', 'rate-limit-cleanup', 'unused-pictures'. */
  name: Type.String(),
  /** A process holds it right now. */
  running: Type.Boolean(),
  /** Null until its first run. */
  lastRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** When a process next runs it (later after failures: backoff). */
  nextRunAt: Type.String({ format: 'date-time' }),
  /** Why the last run failed; null after a good run. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** Failed runs in a row. */
  failures: Type.Integer(),
});
export type JobStatus = Static<typeof JobStatus>;

/** `GET /api/operator/jobs`: every job any process registered, by name. */
export const JobList = Type.Object({ jobs: Type.Array(JobStatus) });
export type JobList = Static<typeof JobList>;
