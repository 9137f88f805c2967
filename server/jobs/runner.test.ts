import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { findJob } from '../stores/jobs.ts';
import { openTestDatabase } from '../test/database.ts';
import {
  type Job,
  type JobContext,
  JobRunner,
  jobStatus,
  maxBackoffMs,
  retryDelayMs,
} from './runner.ts';

/*
 * The runner on a real (embedded) database with an injected clock: claims, leases, backoff,
 * the time budget and shutdown. Two runners on one PostgreSQL, really at once, are in
 * twoProcesses.test.ts.
 */

let handle: DatabaseHandle;
let clock = Date.parse('2026-12-01T12:00:00Z');
const now = () => clock;
const minute = 60_000;
let jobCount = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

/** A job with a fresh name, so the tests' rows never meet. */
function job(run: Job['run'], extra: Partial<Job> = {}): Job {
  jobCount += 1;
  return { name: `test-job-${jobCount}`, everyMs: minute, run, ...extra };
}

function runner(): JobRunner {
  return new JobRunner(handle.db, { now });
}

/**
 * Registers the job with each runner and gives it its row, as a server's start does (through a
 * runner of its own, started and stopped at once: its one run sees shouldStop() at once), then
 * moves the clock on until it is due again.
 */
async function registered(runners: JobRunner[], definition: Job): Promise<void> {
  for (const each of runners) each.register(definition);
  const primer = runner();
  primer.register(definition);
  primer.start();
  await primer.stop();
  clock += definition.everyMs;
}

describe('claiming', () => {
  it('lets exactly one of two runners asking at once run a due job', async () => {
    let runs = 0;
    const definition = job(async () => {
      runs += 1;
      return { more: false };
    });
    const [a, b] = [runner(), runner()];
    await registered([a, b], definition);
    runs = 0;
    const outcomes = await Promise.all([a.attempt(definition.name), b.attempt(definition.name)]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['done', 'not claimed']);
    expect(runs).toBe(1);
    // Not due again until its period has passed, whoever asks.
    expect((await a.attempt(definition.name)).outcome).toBe('not claimed');
    expect((await b.attempt(definition.name)).outcome).toBe('not claimed');
    clock += minute;
    expect((await b.attempt(definition.name)).outcome).toBe('done');
    expect(runs).toBe(2);
  });

  it('keeps a running job from others until its lease runs out, then another takes it over', async () => {
    let release: () => void = () => {};
    let runs = 0;
    const definition = job(
      () => {
        runs += 1;
        // The first holder hangs (a process that died mid-run, as far as the others can tell).
        return runs === 2
          ? new Promise((resolve) => {
              release = () => resolve({ more: false });
            })
          : Promise.resolve({ more: false });
      },
      { leaseMs: 10 * minute },
    );
    const [a, b] = [runner(), runner()];
    await registered([a, b], definition);
    const hung = a.attempt(definition.name);
    // Let a's claim land before b asks.
    await expect.poll(() => runs).toBe(2);
    expect((await jobStatus(handle.db, definition.name, new Date(clock)))?.running).toBe(true);
    expect((await b.attempt(definition.name)).outcome).toBe('not claimed');
    clock += 10 * minute - 1;
    expect((await b.attempt(definition.name)).outcome).toBe('not claimed');
    clock += 1;
    expect((await b.attempt(definition.name)).outcome).toBe('done');
    expect(runs).toBe(3);
    const afterTakeOver = await findJob(handle.db, definition.name);
    // The first holder finishing late writes nothing over the run that took its place.
    release();
    await hung;
    expect(await findJob(handle.db, definition.name)).toEqual(afterTakeOver);
  });
});

describe('retries', () => {
  it('retries a failing job after its period, doubled per failure in a row, and forgets on success', async () => {
    let fail = true;
    const definition = job(async () => {
      if (fail) throw new Error('upstream said 503');
      return { more: false };
    });
    const a = runner();
    await registered([a], definition);
    // The start above failed once already.
    const waits: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result = await a.attempt(definition.name);
      expect(result.outcome).toBe('failed');
      waits.push(result.waitMs);
      const status = await jobStatus(handle.db, definition.name, new Date(clock));
      expect(status).toMatchObject({ lastError: 'upstream said 503', failures: attempt + 2 });
      expect(status?.nextRunAt).toBe(new Date(clock + result.waitMs).toISOString());
      clock += result.waitMs;
    }
    expect(waits).toEqual([2 * minute, 4 * minute, 8 * minute]);
    fail = false;
    expect((await a.attempt(definition.name)).outcome).toBe('done');
    expect(await jobStatus(handle.db, definition.name, new Date(clock))).toMatchObject({
      lastError: null,
      failures: 0,
    });
  });

  it('waits at most an hour, or the period when that is longer', () => {
    expect(retryDelayMs(minute, 1)).toBe(minute);
    expect(retryDelayMs(minute, 30)).toBe(maxBackoffMs);
    expect(retryDelayMs(6 * maxBackoffMs, 5)).toBe(6 * maxBackoffMs);
  });
});

describe('the time budget', () => {
  it('tells a job to stop once its budget is spent, and runs it again at once when work is left', async () => {
    let items = 0;
    const definition = job(
      async (context: JobContext) => {
        let done = 0;
        while (!context.shouldStop() && done < 100) {
          done += 1;
          items += 1;
          clock += 1000;
        }
        return { more: done === 10 };
      },
      { budgetMs: 10_000 },
    );
    const a = runner();
    await registered([a], definition);
    items = 0;
    const result = await a.attempt(definition.name);
    // Ten items of a second each fill a ten-second budget; the rest waits for the next run.
    expect(items).toBe(10);
    expect(result).toEqual({ outcome: 'more', waitMs: 0 });
    expect((await jobStatus(handle.db, definition.name, new Date(clock)))?.nextRunAt).toBe(
      new Date(clock).toISOString(),
    );
  });

  it('lets what waits on the event loop go first between two runs', async () => {
    const order: string[] = [];
    let runs = 0;
    const definition = job(async () => {
      runs += 1;
      order.push(`run ${runs}`);
      // A request that arrived during the run.
      setImmediate(() => order.push(`request after run ${runs}`));
      return { more: runs < 3 };
    });
    const a = runner();
    a.register(definition);
    a.start();
    await expect.poll(() => runs).toBe(3);
    await a.stop();
    expect(order.slice(0, 5)).toEqual([
      'run 1',
      'request after run 1',
      'run 2',
      'request after run 2',
      'run 3',
    ]);
  });
});

describe('shutdown', () => {
  it('tells the running job to stop, waits for it, frees its lease and runs nothing more', async () => {
    let sawStop = false;
    let runs = 0;
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const definition = job(async (context: JobContext) => {
      runs += 1;
      started();
      while (!context.shouldStop()) await new Promise((resolve) => setTimeout(resolve, 5));
      sawStop = true;
      return { more: true };
    });
    const a = runner();
    a.register(definition);
    a.start();
    await running;
    await a.stop();
    expect(sawStop).toBe(true);
    const row = await findJob(handle.db, definition.name);
    expect(row).toMatchObject({ lockedUntil: null, lockedBy: null });
    // More was left, yet nothing runs once stopped, and start() starts nothing again.
    a.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
  });
});

describe('registration', () => {
  it('makes a job due no later than one of its periods, when an older run set it further off', async () => {
    const definition = job(async () => ({ more: false }), { everyMs: 10 * minute });
    const longer = runner();
    longer.register({ ...definition, everyMs: 24 * 60 * minute });
    longer.start();
    await longer.stop();
    const shorter = runner();
    shorter.register(definition);
    shorter.start();
    await shorter.stop();
    expect((await findJob(handle.db, definition.name))?.nextRunAt.getTime()).toBe(
      clock + 10 * minute,
    );
  });

  it('refuses a name twice and a period of nothing', () => {
    const a = runner();
    const definition = job(async () => ({ more: false }));
    a.register(definition);
    expect(() => a.register(definition)).toThrow(/registered twice/);
    expect(() => a.register(job(async () => ({ more: false }), { everyMs: 0 }))).toThrow(
      /period above 0/,
    );
  });
});
