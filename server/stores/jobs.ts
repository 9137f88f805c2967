import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type JobRow, jobs } from '../db/schema/jobs.ts';

/**
 * The jobs table as the runner (server/jobs/runner.ts) claims, renews and finishes its rows.
 * Every time is the caller's, never the database's now(): the runner's clock decides, so tests
 * can move it.
 */

export type { JobRow };

/**
 * Makes sure the job has its row, due at once when new. A row left by a run with a longer
 * period (the configuration changed) is due no later than one of this period from now.
 */
export async function ensureJob(
  db: Database,
  name: string,
  now: Date,
  everyMs: number,
): Promise<void> {
  const latest = new Date(now.getTime() + everyMs);
  await db
    .insert(jobs)
    .values({ name, nextRunAt: now })
    .onConflictDoUpdate({
      target: jobs.name,
      set: {
        nextRunAt: sql`LEAST(${jobs.nextRunAt}, ${latest.toISOString()}::timestamptz)`,
      },
    });
}

/**
 * Takes the job for `owner` until `leaseUntil` when it is due and nobody holds it (or the
 * holder's lease ran out: a process that died mid-run); null otherwise. One statement: the row
 * lock (SKIP LOCKED, as the sources' and pictures' claims) lets exactly one of several runners
 * asking at once have it, and the lease keeps the others off it once the lock is gone.
 */
export async function claimJob(
  db: Database,
  name: string,
  owner: string,
  now: Date,
  leaseUntil: Date,
): Promise<JobRow | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(jobs)
    .set({ lockedUntil: leaseUntil, lockedBy: owner })
    .where(
      eq(
        jobs.name,
        sql`(SELECT ${jobs.name} FROM ${jobs} WHERE ${jobs.name} = ${name} AND ${jobs.nextRunAt} <= ${at} AND (${jobs.lockedUntil} IS NULL OR ${jobs.lockedUntil} <= ${at}) FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Moves the lease on while the holder still has it; false when another runner took it over. */
export async function renewJob(
  db: Database,
  name: string,
  owner: string,
  leaseUntil: Date,
): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: leaseUntil })
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, owner)))
    .returning({ name: jobs.name });
  return renewed.length > 0;
}

export interface FinishedRun {
  lastRunAt: Date;
  nextRunAt: Date;
  lastError: string | null;
  failures: number;
}

/**
 * Writes how the holder's run went and frees the job. Nothing is written when the lease was
 * lost meanwhile: the runner that took it over writes its own run.
 */
export async function finishJob(
  db: Database,
  name: string,
  owner: string,
  run: FinishedRun,
): Promise<boolean> {
  const finished = await db
    .update(jobs)
    .set({ ...run, lockedUntil: null, lockedBy: null })
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, owner)))
    .returning({ name: jobs.name });
  return finished.length > 0;
}

export async function findJob(db: Database, name: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.name, name));
  return row ?? null;
}

export async function listJobs(db: Database): Promise<JobRow[]> {
  return db.select().from(jobs).orderBy(asc(jobs.name));
}
