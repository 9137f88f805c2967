import { randomUUID } from 'node:crypto';
import type { JobStatus } from '../../contract/jobs.ts';
import type { Database } from '../db/client.ts';
import {
  claimJob,
  ensureJob,
  findJob,
  finishJob,
  type JobRow,
  listJobs,
  renewJob,
} from '../stores/jobs.ts';

/*
 * The one runner for timed work (docs/decisions.md, 'One runner for timed work'). Every periodic
 * or queued job registers here; the runner owns the rest:
 * - claiming: a job's row in the jobs table is taken with SKIP LOCKED, so of several processes
 *   on one database exactly one runs it per due time;
 * - leases: the holder renews its lease while it runs; a process that dies mid-run loses it
 *   when it runs out, and another takes the job over;
 * - retries: a run that throws is retried after the job's period, doubled per failure in a row
 *   (at most `maxBackoffMs`, or the period when that is longer);
 * - a time budget: `shouldStop()` turns true once a run has had its share, the job stops after
 *   the item in hand and says whether more waits; the runner lets the requests that arrived
 *   meanwhile go first (a timer turn) before it goes on;
 * - shutdown: `stop()` stops every timer, tells running jobs to stop, waits for them and frees
 *   their leases;
 * - status: per job the last run, the next, the last error and whether a process holds it.
 */

/** What a running job is given. */
export interface JobContext {
  /**
   * True once this run's time budget is spent or the runner is stopping: finish the item in
   * hand, then return (with `more: true` when work is left).
   */
  shouldStop(): boolean;
  /** The runner's clock (JobRunnerOptions.now): what a job counts days and hours from. */
  now(): Date;
}

export interface JobResult {
  /** Work is left (the budget or a per-run cap stopped it): run again at once, after a yield. */
  more: boolean;
}

/** One registration. A new kind of timed work (push, email, watched searches) is one of these. */
export interface Job {
  /** Unique; the jobs table's key and the status's name. */
  name: string;
  /** How long after a run (done, nothing left) the next one is due. */
  everyMs: number;
  /** How long one run may go on before `shouldStop()` says so; 30 s unless given. */
  budgetMs?: number;
  /**
   * How long a claim keeps other processes off without renewal: well over one item's worst
   * case, which the budget does not cut short. 15 minutes unless given.
   */
  leaseMs?: number;
  /**
   * When the server starts running it: once ready (the default), or once it listens, so a
   * start never waits for the job's first run (source polling).
   */
  startWhen?: 'ready' | 'listening';
  run(context: JobContext): Promise<JobResult | undefined>;
}

/** Where the runner reports failures: Fastify's logger fits. */
export interface JobLog {
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  log?: JobLog;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

/** What one attempt came to, and how long until the next. */
export interface AttemptResult {
  outcome: 'done' | 'more' | 'failed' | 'not claimed';
  waitMs: number;
}

const defaultBudgetMs = 30_000;
const defaultLeaseMs = 15 * 60_000;
/** Failing jobs wait at most an hour between tries (or their period when that is longer). */
export const maxBackoffMs = 60 * 60_000;
/**
 * After a claim that found the job free and due yet could not take it (another runner held the
 * row lock that instant), the next try: soon, not a whole period later.
 */
const contendedRetryMs = 1000;

/** The wait after `failures` failed runs in a row: the period doubled per failure, capped. */
export function retryDelayMs(everyMs: number, failures: number): number {
  const cap = Math.max(maxBackoffMs, everyMs);
  return Math.min(cap, everyMs * 2 ** Math.min(Math.max(failures - 1, 0), 20));
}

interface Registered {
  job: Job;
  started: boolean;
  timer: NodeJS.Timeout | null;
  inFlight: Promise<void> | null;
}

export class JobRunner {
  /** Tells this runner's leases from another process's. */
  readonly owner = randomUUID();
  private readonly registered = new Map<string, Registered>();
  private stopping = false;
  private readonly now: () => number;
  private readonly log: JobLog | undefined;

  constructor(
    private readonly db: Database,
    options: JobRunnerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
  }

  register(job: Job): void {
    if (this.registered.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    if (!(job.everyMs > 0)) throw new Error(`job ${job.name} needs a period above 0`);
    this.registered.set(job.name, { job, started: false, timer: null, inFlight: null });
  }

  jobs(): Job[] {
    return [...this.registered.values()].map((entry) => entry.job);
  }

  /** Starts the registered jobs `which` picks (every one by default) that are not started yet. */
  start(which: (job: Job) => boolean = () => true): void {
    for (const entry of this.registered.values()) {
      if (entry.started || this.stopping || !which(entry.job)) continue;
      entry.started = true;
      this.cycle(entry, true);
    }
  }

  /**
   * One attempt at the job: claim it if due, run it within its budget, write how it went. Never
   * throws: a failure is the attempt's outcome (and logged).
   */
  async attempt(name: string): Promise<AttemptResult> {
    const entry = this.registered.get(name);
    if (!entry) throw new Error(`no job named ${name}`);
    const { job } = entry;
    const leaseMs = job.leaseMs ?? defaultLeaseMs;
    let claimed: JobRow | null;
    try {
      claimed = await claimJob(
        this.db,
        name,
        this.owner,
        new Date(this.now()),
        new Date(this.now() + leaseMs),
      );
      if (!claimed) return { outcome: 'not claimed', waitMs: await this.untilDue(job) };
    } catch (error) {
      this.log?.error({ err: error, job: name }, 'could not claim a job');
      return { outcome: 'failed', waitMs: job.everyMs };
    }
    const startedAt = this.now();
    const deadline = startedAt + (job.budgetMs ?? defaultBudgetMs);
    // Renewed on a real timer while the job runs: its lease never lapses while it is alive.
    const renewal = setInterval(
      () => {
        renewJob(this.db, name, this.owner, new Date(this.now() + leaseMs)).catch(
          (error: unknown) => this.log?.error({ err: error, job: name }, 'could not renew a lease'),
        );
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    let result: AttemptResult;
    let lastError: string | null = null;
    let failures = 0;
    try {
      const outcome = await job.run({
        shouldStop: () => this.stopping || this.now() >= deadline,
        now: () => new Date(this.now()),
      });
      result = outcome?.more
        ? { outcome: 'more', waitMs: 0 }
        : { outcome: 'done', waitMs: job.everyMs };
    } catch (error) {
      failures = claimed.failures + 1;
      lastError = error instanceof Error ? error.message : String(error);
      result = { outcome: 'failed', waitMs: retryDelayMs(job.everyMs, failures) };
      // The job's own failure; its message stays in the status for the operator.
      this.log?.error({ err: error, job: name }, 'a job failed');
    } finally {
      clearInterval(renewal);
    }
    try {
      await finishJob(this.db, name, this.owner, {
        lastRunAt: new Date(startedAt),
        nextRunAt: new Date(this.now() + result.waitMs),
        lastError,
        failures,
      });
    } catch (error) {
      // The lease runs out by itself; the job is taken up again then.
      this.log?.error({ err: error, job: name }, 'could not record a job run');
    }
    return result;
  }

  /** Stops every timer, tells running jobs to stop, and waits until they have. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const entry of this.registered.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
    }
    await Promise.all([...this.registered.values()].map((entry) => entry.inFlight));
  }

  /** How long until the job is worth asking for again: when it is due or its lease ends. */
  private async untilDue(job: Job): Promise<number> {
    const row = await findJob(this.db, job.name);
    if (!row) return job.everyMs;
    const free = Math.max(row.nextRunAt.getTime(), row.lockedUntil?.getTime() ?? 0);
    const wait = free - this.now();
    if (wait <= 0) return Math.min(job.everyMs, contendedRetryMs);
    return Math.min(job.everyMs, wait);
  }

  private cycle(entry: Registered, first: boolean): void {
    const go = async () => {
      if (first) {
        await ensureJob(this.db, entry.job.name, new Date(this.now()), entry.job.everyMs);
      }
      return this.attempt(entry.job.name);
    };
    entry.inFlight = go()
      .catch((error: unknown): AttemptResult => {
        this.log?.error({ err: error, job: entry.job.name }, 'could not prepare a job');
        return { outcome: 'failed', waitMs: entry.job.everyMs };
      })
      .then(({ waitMs }) => {
        entry.inFlight = null;
        if (this.stopping) return;
        // Even 'at once' is a timer turn later: the requests that came meanwhile go first.
        entry.timer = setTimeout(() => {
          entry.timer = null;
          this.cycle(entry, false);
        }, waitMs);
        // The runner alone must not keep a process alive (a CLI that built the app, a test).
        entry.timer.unref();
      });
  }
}

/** Every job's status, from the database: the same whichever process asks. */
export async function jobStatuses(db: Database, now: Date = new Date()): Promise<JobStatus[]> {
  return (await listJobs(db)).map((row) => toStatus(row, now));
}

/** One job's status, or null when no process has registered it with this database yet. */
export async function jobStatus(
  db: Database,
  name: string,
  now: Date = new Date(),
): Promise<JobStatus | null> {
  const row = await findJob(db, name);
  return row ? toStatus(row, now) : null;
}

function toStatus(row: JobRow, now: Date): JobStatus {
  return {
    name: row.name,
    running: row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt.toISOString(),
    lastError: row.lastError,
    failures: row.failures,
  };
}
