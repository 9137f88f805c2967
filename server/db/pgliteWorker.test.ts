import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { innermostCause } from '../errorInfo.ts';
import { loadPgliteSnapshot } from '../test/pgliteSnapshot.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { rateLimitHits } from './schema/index.ts';

/** A migrated in-memory PGlite on the thread asked for, from the run's snapshot when there is one. */
async function openPglite(thread: 'worker' | 'main'): Promise<DatabaseHandle> {
  const snapshot = await loadPgliteSnapshot(inject('pgliteSnapshot') ?? null);
  return openDatabase({
    kind: 'pglite',
    dataDir: null,
    thread,
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
}

/**
 * The longest time this thread's timers went unserved while `work` ran: a 5 ms interval
 * records the gaps between its ticks, and the gap from the last tick to the end.
 */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
    tick();
  }
  return longest;
}

const sleepSeconds = 1.5;

// Only on PGlite: the worker is how embedded PGlite keeps off the server's thread.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite on a worker thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite('worker');
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("leaves the caller's event loop free while the database works", async () => {
    const started = performance.now();
    const stall = await longestStall(() =>
      handle.db.execute(sql`select pg_sleep(${sleepSeconds})`),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(sleepSeconds * 1000);
    // Half the sleep: a loaded machine delays timers, but never by the whole statement.
    expect(stall).toBeLessThan((sleepSeconds * 1000) / 2);
  });

  it('is what the caller needs, as the in-thread database held the loop for the whole statement', async () => {
    const inThread = await openPglite('main');
    try {
      const stall = await longestStall(() =>
        inThread.db.execute(sql`select pg_sleep(${sleepSeconds})`),
      );
      expect(stall).toBeGreaterThanOrEqual(sleepSeconds * 1000 * 0.9);
    } finally {
      await inThread.close();
    }
  });

  it('reads and writes through drizzle, dates included', async () => {
    const resetAt = new Date('2030-01-02T03:04:05.678Z');
    await handle.db.insert(rateLimitHits).values({ key: 'plain', hits: 3, resetAt });
    const rows = await handle.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'plain'));
    expect(rows).toEqual([{ key: 'plain', hits: 3, resetAt }]);
  });

  it("keeps PostgreSQL's fields on an error (the services read code and constraint)", async () => {
    const row = { key: 'twice', hits: 1, resetAt: new Date() };
    await handle.db.insert(rateLimitHits).values(row);
    const failure = await handle.db
      .insert(rateLimitHits)
      .values(row)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(innermostCause(failure)).toMatchObject({
      code: '23505',
      constraint: 'rate_limit_hits_pkey',
      detail: 'Key (key)=(twice) already exists.',
      table: 'rate_limit_hits',
    });
    expect(innermostCause(failure)).toBeInstanceOf(Error);
  });

  it('commits a transaction, and rolls it back (savepoints too) when its callback throws', async () => {
    const resetAt = new Date();
    await handle.db.transaction(async (tx) => {
      await tx.insert(rateLimitHits).values({ key: 'committed', hits: 1, resetAt });
      await tx
        .transaction(async (nested) => {
          await nested.insert(rateLimitHits).values({ key: 'inner rolled back', hits: 1, resetAt });
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(rateLimitHits).values({ key: 'rolled back', hits: 1, resetAt });
        throw new Error('the callback failed');
      }),
    ).rejects.toThrow('the callback failed');
    const keys = await handle.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    const stored = keys.map((row) => row.key);
    expect(stored).toContain('committed');
    expect(stored).not.toContain('inner rolled back');
    expect(stored).not.toContain('rolled back');
  });

  it('has a query from outside wait for an open transaction, as in-thread PGlite does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await handle.db.transaction(async (tx) => {
      await tx.insert(rateLimitHits).values({ key: 'while open', hits: 1, resetAt: new Date() });
      outside = handle.db
        .select({ key: rateLimitHits.key })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, 'while open'))
        .then((rows) => {
          order.push(`outside saw ${rows.length}`);
        });
      await tx.execute(sql`select pg_sleep(0.2)`);
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 1']);
  });

  it('ends the worker on close; later queries fail instead of hanging', async () => {
    const own = await openPglite('worker');
    await own.close();
    await expect(own.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
