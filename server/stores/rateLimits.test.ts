import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { openTestDatabase } from '../test/database.ts';
import { SharedRateLimitCounts } from './rateLimits.ts';

// The batched shared counts (issue 36.5): two SharedRateLimitCounts on one database stand for
// two API processes. The timer is set far off (one hour) so that the tests flush when they say.
const never = 3_600_000;
const minute = 60_000;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

let keys = 0;
/** A client key of its own per test: the tests share one database. */
function freshKey(): string {
  keys += 1;
  return `read:198.51.100.${keys}`;
}

async function sharedHits(key: string): Promise<number | null> {
  const row = rowsOf(
    await database.db.execute(sql`SELECT hits FROM rate_limit_hits WHERE key = ${key}`),
  )[0];
  return row === undefined ? null : Number(row.hits);
}

describe('shared rate limit counts', () => {
  it('counts its own hits at once, before any flush', () => {
    const counts = new SharedRateLimitCounts(database.db, { flushMs: never });
    const key = freshKey();
    expect(counts.count(key, minute).current).toBe(1);
    expect(counts.count(key, minute).current).toBe(2);
    const { ttl } = counts.count(key, minute);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(minute);
  });

  it('adds the hits of two processes in the database and answers each the sum', async () => {
    const first = new SharedRateLimitCounts(database.db, { flushMs: never });
    const second = new SharedRateLimitCounts(database.db, { flushMs: never });
    const key = freshKey();
    const other = freshKey();
    for (let hit = 0; hit < 3; hit++) first.count(key, minute);
    for (let hit = 0; hit < 2; hit++) second.count(key, minute);
    second.count(other, minute);
    await first.flush();
    await second.flush();
    expect(await sharedHits(key)).toBe(5);
    expect(await sharedHits(other)).toBe(1);
    // The second's flush answered the sum; the first learns it at its next (a refresh).
    expect(second.count(key, minute).current).toBe(6);
    await first.flush();
    // 5 shared and its own new one; the second's sixth is not flushed yet.
    expect(first.count(key, minute).current).toBe(6);
    // Nothing counted twice: the flushed hits left memory when the database took them.
    await first.flush();
    await second.flush();
    expect(await sharedHits(key)).toBe(7);
  });

  it("overshoots by no more than the other process's hits since its last flush", async () => {
    const first = new SharedRateLimitCounts(database.db, { flushMs: never });
    const second = new SharedRateLimitCounts(database.db, { flushMs: never });
    const key = freshKey();
    for (let hit = 0; hit < 5; hit++) first.count(key, minute);
    await first.flush();
    await second.flush();
    // The second has not seen the first's 5 yet: it answers its own count.
    expect(second.count(key, minute).current).toBe(1);
    await second.flush();
    expect(second.count(key, minute).current).toBe(7);
    // Three more on the first, not yet flushed: the second misses exactly those three.
    for (let hit = 0; hit < 3; hit++) first.count(key, minute);
    expect(second.count(key, minute).current).toBe(8);
    await first.flush();
    await second.flush();
    expect(second.count(key, minute).current).toBe(12);
    expect(await sharedHits(key)).toBe(11);
  });

  it('starts a new window once the window has ended, in memory and in the database', async () => {
    const counts = new SharedRateLimitCounts(database.db, { flushMs: never });
    const key = freshKey();
    const windowMs = 300;
    for (let hit = 0; hit < 3; hit++) counts.count(key, windowMs);
    await counts.flush();
    const flushedAt = Date.now();
    const { current, ttl } = counts.count(key, windowMs);
    expect(current).toBe(4);
    expect(ttl).toBeLessThanOrEqual(windowMs);
    // Waits for the window's end as the database and this process see it.
    await vi.waitFor(
      async () => {
        const ended = rowsOf(
          await database.db.execute(
            sql`SELECT reset_at <= now() AS ended FROM rate_limit_hits WHERE key = ${key}`,
          ),
        )[0];
        expect(ended?.ended).toBe(true);
        expect(Date.now()).toBeGreaterThanOrEqual(flushedAt + ttl);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(counts.count(key, windowMs).current).toBe(1);
    await counts.flush();
    // The database restarted the window too: the old window's 4 are gone.
    expect(await sharedHits(key)).toBe(1);
    expect(counts.count(key, windowMs).current).toBe(2);
  });

  it('adds what is left when it closes', async () => {
    const counts = new SharedRateLimitCounts(database.db, { flushMs: never });
    const key = freshKey();
    for (let hit = 0; hit < 4; hit++) counts.count(key, minute);
    await counts.close();
    expect(await sharedHits(key)).toBe(4);
  });

  it('flushes on its own every interval', async () => {
    const counts = new SharedRateLimitCounts(database.db, { flushMs: 20 });
    const key = freshKey();
    counts.count(key, minute);
    counts.count(key, minute);
    await vi.waitFor(async () => expect(await sharedHits(key)).toBe(2), {
      timeout: 10_000,
      interval: 20,
    });
    await counts.close();
  });

  it('counts the hits a flush is still writing', async () => {
    // The first statement waits until the test lets it through; later ones go straight on.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let reached: () => void = () => undefined;
    const writing = new Promise<void>((resolve) => (reached = resolve));
    const slow = {
      execute: async (query: unknown) => {
        reached();
        await held;
        return (database.db.execute as (q: unknown) => unknown)(query);
      },
    } as unknown as Database;
    const counts = new SharedRateLimitCounts(slow, { flushMs: never });
    const key = freshKey();
    for (let hit = 0; hit < 5; hit++) counts.count(key, minute);
    const flushing = counts.flush();
    await writing;
    // The database has not answered: the five are neither known nor pending, and still count.
    expect(counts.count(key, minute).current).toBe(6);
    answer();
    await flushing;
    expect(await sharedHits(key)).toBe(5);
    expect(counts.count(key, minute).current).toBe(7);
    await counts.close();
  });

  it('forgets, while the database fails, the hits of windows that have ended', async () => {
    const failing = {
      execute: () => Promise.reject(Object.assign(new Error('down'), { code: '57P01' })),
    } as unknown as Database;
    const counts = new SharedRateLimitCounts(failing, { flushMs: never });
    const key = freshKey();
    const start = Date.now();
    counts.count(key, minute, start);
    counts.count(key, minute, start);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(start + minute + 1);
      await counts.flush();
      // A new window: the outage's old hits are gone, not carried into it.
      expect(counts.count(key, minute).current).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps counting, and keeps the hits, while the database fails; logs no key', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (details: object, message: string) => warnings.push([details, message]) };
    let failing = true;
    const flaky = {
      execute: (query: unknown) => {
        if (!failing) return (database.db.execute as (q: unknown) => unknown)(query);
        return Promise.reject(
          Object.assign(new Error('duplicate key: Key (key)=(read:203.0.113.9)'), {
            code: '57P01',
          }),
        );
      },
    } as unknown as Database;
    const counts = new SharedRateLimitCounts(flaky, { flushMs: never, log });
    const key = 'read:203.0.113.9';
    counts.count(key, minute);
    counts.count(key, minute);
    await expect(counts.flush()).resolves.toBeUndefined();
    await expect(counts.flush()).resolves.toBeUndefined();
    // The failed hits still count here.
    expect(counts.count(key, minute).current).toBe(3);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toContain('57P01');
    expect(JSON.stringify(warnings)).not.toContain('203.0.113.9');
    // Once the database answers, the kept hits reach it.
    failing = false;
    await counts.flush();
    expect(await sharedHits(key)).toBe(3);
    expect(JSON.stringify(warnings)).not.toContain('203.0.113.9');
    await counts.close();
  });
});
