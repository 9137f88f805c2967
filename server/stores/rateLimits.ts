import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * @fastify/rate-limit's counters in the database (table rate_limit_hits), so that several API
 * processes on one PostgreSQL share them: a client limited by one process is limited by all
 * (docs/scaling.md). One statement per counted request: it starts a new window when the old one
 * has ended, or adds one to it, and answers the count and what is left of the window; the row
 * lock of the upsert serialises two processes counting the same client.
 *
 * The embedded default (PGlite, one process) keeps the plugin's in-memory store: nothing to
 * share, and no write per request (server/app.ts chooses).
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const windowMs = Math.max(1, Math.round(timeWindow));
      db.execute(sql`
        INSERT INTO rate_limit_hits AS hit (key, hits, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN hit.reset_at <= now() THEN 1 ELSE hit.hits + 1 END,
          reset_at = CASE
            WHEN hit.reset_at <= now() THEN now() + make_interval(secs => ${windowMs / 1000})
            ELSE hit.reset_at
          END
        RETURNING hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::integer AS ttl_ms`)
        .then((result) => {
          const row = rowsOf(result)[0];
          if (!row) throw new Error('rate_limit_hits upsert returned no row');
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl_ms)) });
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    /** Route-level limits share the table: their keys are already distinct (see app.ts). */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}

/** Ended windows, removed now and then so the table stays the size of the active clients. */
export async function deleteEndedRateLimitWindows(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE reset_at <= now()`);
}
