import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** How often a process adds its hits to the shared counts (and learns the others'). */
export const defaultFlushMs = 250;
/** A failing flush is tried again later and later, up to this, until the database answers. */
const maxRetryMs = 5_000;

interface WarnLog {
  warn(details: object, message: string): void;
}

export interface SharedRateLimitCountsOptions {
  flushMs?: number;
  /** Where a failing flush is reported: never with a key (keys hold client addresses). */
  log?: WarnLog;
}

/** Hits this process counted and has not yet added to the shared count. */
interface Pending {
  hits: number;
  windowMs: number;
  /** When the first of these hits came: ends a local window while the database is away. */
  since: number;
}

/** The shared count of a key as the last flush answered it. */
interface Known {
  total: number;
  /** On this process's clock: the window's end as the database said at the flush. */
  resetAt: number;
  windowMs: number;
}

/**
 * @fastify/rate-limit's counters shared through the database (table rate_limit_hits,
 * unlogged), so that several API processes on one PostgreSQL share them: a client limited by
 * one process is limited by all (docs/scaling.md).
 *
 * A request never waits for the database. Each process counts its hits in memory and, every
 * `flushMs` (250 ms) while it has any, adds them to the shared counts in ONE statement for all
 * its keys, which answers every key's shared total and what is left of its window. A request
 * is answered from memory: the shared total the last flush returned plus this process's hits
 * since. One upsert per request made the shared count cost half the API's throughput
 * (issue 36); one statement per flush costs the same at any request rate.
 *
 * The price, accepted: a process learns the other processes' hits only at its flushes, so a
 * client may get past its limit by up to one flush interval's worth of the OTHER processes'
 * hits (plus the time a flush takes) before every process answers 429. Each process's own hits
 * count at once. With one process the count is exact. A key a process flushed is refreshed once
 * more at the next flush (adding nothing), so a process that stops seeing a client still learns
 * where the others left it.
 *
 * Windows keep their meaning: a key's window starts with its first hit, ends `timeWindow`
 * later in the database's clock (every process agrees), and the next hit after the end starts
 * a new one; the answer's ttl is what is left of it. While the database does not answer, the
 * process keeps counting locally (its own hits, windows on its own clock) and keeps the
 * unflushed hits for the next try: a failing flush never fails or frees a request.
 *
 * The embedded default (PGlite, one process) keeps the plugin's in-memory store: nothing to
 * share (server/app.ts chooses).
 */
export class SharedRateLimitCounts {
  readonly #db: Database;
  readonly #flushMs: number;
  readonly #log: WarnLog | undefined;
  #pending = new Map<string, Pending>();
  /** The batch a flush is writing: still this process's hits until the database has them. */
  #flushing = new Map<string, Pending>();
  readonly #known = new Map<string, Known>();
  /** Keys the last flush wrote: the next flush reads them once more. */
  #refresh = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  /** Flushes run one after the other. */
  #chain: Promise<void> = Promise.resolve();
  #failures = 0;
  #closed = false;
  /** A flush is waiting for the database: the next is scheduled when it ends, not before. */
  #inFlight = false;

  constructor(db: Database, options: SharedRateLimitCountsOptions = {}) {
    this.#db = db;
    this.#flushMs = options.flushMs ?? defaultFlushMs;
    this.#log = options.log;
  }

  /** Counts one hit of `key` and answers the count the limit compares, and the window's rest. */
  count(key: string, windowMs: number, now = Date.now()): { current: number; ttl: number } {
    let known = this.#known.get(key);
    if (known !== undefined && known.resetAt <= now) {
      this.#known.delete(key);
      known = undefined;
    }
    let pending = this.#pending.get(key);
    if (pending === undefined) {
      pending = { hits: 0, windowMs, since: now };
      this.#pending.set(key, pending);
    } else if (known === undefined && pending.since + windowMs <= now) {
      // Nothing shared is known and the local window is over (the database is away).
      pending.hits = 0;
      pending.since = now;
    }
    pending.hits += 1;
    this.#schedule();
    // Hits on their way to the database count too, unless their local window is over.
    const writing = this.#flushing.get(key);
    const inFlight =
      writing !== undefined && (known !== undefined || writing.since + windowMs > now)
        ? writing
        : undefined;
    const since = Math.min(pending.since, inFlight?.since ?? pending.since);
    const resetAt = known?.resetAt ?? since + windowMs;
    return {
      current: (known?.total ?? 0) + (inFlight?.hits ?? 0) + pending.hits,
      ttl: Math.max(0, resetAt - now),
    };
  }

  /** Adds this process's hits to the shared counts now; resolves once the answer is known. */
  flush(): Promise<void> {
    this.#chain = this.#chain.then(() => this.#flushOnce());
    return this.#chain;
  }

  /** Stops the timer and adds what is left (the app's onClose); later hits count locally only. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelTimer();
    await this.flush();
  }

  /** The store class @fastify/rate-limit constructs (its `store` option). */
  store(): FastifyRateLimitStoreCtor {
    const counts = this;
    return class SharedRateLimitStore implements FastifyRateLimitStore {
      incr(
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        timeWindow: number,
      ): void {
        callback(null, counts.count(key, Math.max(1, Math.round(timeWindow))));
      }

      /** Route-level limits share the counts: their keys are already distinct (see app.ts). */
      child(): FastifyRateLimitStore {
        return this;
      }
    };
  }

  #schedule(delayMs = this.#flushMs): void {
    if (this.#timer !== null || this.#closed || this.#inFlight) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, delayMs);
    // A pending flush does not keep a CLI or a test process alive.
    this.#timer.unref();
  }

  #cancelTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #flushOnce(): Promise<void> {
    this.#cancelTimer();
    const batch = this.#pending;
    this.#pending = new Map();
    this.#flushing = batch;
    const refresh = [...this.#refresh].filter((key) => !batch.has(key));
    this.#refresh = new Set();
    const rows: { key: string; delta: number; window_ms: number }[] = [];
    for (const [key, pending] of batch) {
      rows.push({ key, delta: pending.hits, window_ms: pending.windowMs });
    }
    for (const key of refresh) {
      const known = this.#known.get(key);
      if (known !== undefined) rows.push({ key, delta: 0, window_ms: known.windowMs });
    }
    if (rows.length === 0) return;
    this.#inFlight = true;
    let retryMs: number | null = null;
    try {
      // Keys in one order in every process: two flushes lock their rows in the same order, so
      // they wait for each other rather than deadlock.
      const result = await this.#db.execute(sql`
        INSERT INTO rate_limit_hits AS hit (key, hits, reset_at)
        SELECT batch.key, batch.delta, now() + make_interval(secs => batch.window_ms / 1000.0)
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS batch(key text, delta integer, window_ms integer)
        ORDER BY batch.key
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN hit.reset_at <= now() THEN excluded.hits ELSE hit.hits + excluded.hits END,
          reset_at = CASE WHEN hit.reset_at <= now() THEN excluded.reset_at ELSE hit.reset_at END
        RETURNING key, hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::integer AS ttl_ms`);
      const answeredAt = Date.now();
      for (const row of rowsOf(result)) {
        const key = String(row.key);
        const windowMs = batch.get(key)?.windowMs ?? this.#known.get(key)?.windowMs;
        if (windowMs === undefined) continue;
        this.#known.set(key, {
          total: Number(row.hits),
          resetAt: answeredAt + Math.max(0, Number(row.ttl_ms)),
          windowMs,
        });
      }
      this.#refresh = new Set(batch.keys());
      this.#forgetEnded(answeredAt);
      if (this.#failures > 0) {
        this.#log?.warn({ failedFlushes: this.#failures }, 'rate limit counts shared again');
      }
      this.#failures = 0;
    } catch (error) {
      this.#keepForNextTry(batch);
      for (const key of refresh) this.#refresh.add(key);
      this.#failures += 1;
      if (this.#failures === 1) {
        // The error's code only: a message or detail may quote a key, and keys hold addresses.
        this.#log?.warn(
          { code: errorCode(error) },
          'rate limit counts could not be shared; counting in this process until the database answers',
        );
      }
      retryMs = Math.min(maxRetryMs, this.#flushMs * 2 ** this.#failures);
    } finally {
      // Counted in `#known` now, or back in `#pending`.
      this.#flushing = new Map();
      this.#inFlight = false;
    }
    if (retryMs !== null) this.#schedule(retryMs);
    else if (this.#pending.size > 0 || this.#refresh.size > 0) this.#schedule();
  }

  /**
   * A failed flush's hits go back to pending, added to those counted meanwhile; those whose
   * window has ended go, so a long outage neither grows memory with every client seen nor
   * brings old hits back as a 429 in a new window once the database answers.
   */
  #keepForNextTry(batch: Map<string, Pending>, now = Date.now()): void {
    for (const [key, pending] of this.#pending) {
      if (pending.since + pending.windowMs <= now) this.#pending.delete(key);
    }
    for (const [key, failed] of batch) {
      if (failed.since + failed.windowMs <= now) continue;
      const current = this.#pending.get(key);
      if (current === undefined) {
        this.#pending.set(key, failed);
      } else {
        current.hits += failed.hits;
        current.since = Math.min(current.since, failed.since);
      }
    }
  }

  /** Ended windows leave memory, so it holds only the clients of the last minute. */
  #forgetEnded(now: number): void {
    for (const [key, known] of this.#known) {
      if (known.resetAt <= now) this.#known.delete(key);
    }
  }
}

/** The driver's error code (SQLSTATE or a socket's), looked up through Drizzle's wrapper. */
function errorCode(error: unknown): string {
  for (let cause = error, depth = 0; depth < 3; depth++) {
    if (typeof cause !== 'object' || cause === null) break;
    if ('code' in cause && cause.code !== undefined) return String(cause.code);
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return error instanceof Error ? error.name : 'unknown';
}

/** Ended windows, removed now and then so the table stays the size of the active clients. */
export async function deleteEndedRateLimitWindows(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE reset_at <= now()`);
}
