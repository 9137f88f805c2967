import { eq, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema/events.ts';

/** What the seed (server/seed/seed.ts) asks of the database beyond the import's upserts. */

// Any constant works; it only has to be the same in every process that seeds this database.
const seedLockKey = 0x46a3_5eed;

/**
 * Runs `work` in one transaction holding the seed's advisory lock (transaction-scoped), so two
 * processes seeding one database take turns.
 */
export async function inSeedLock<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    return work(tx);
  });
}

/** Whether the events table holds any row at all. */
export async function hasAnyEvent(db: Database): Promise<boolean> {
  const existing = await db.select({ id: events.id }).from(events).limit(1);
  return existing.length > 0;
}

/** The latest start of the events from `source`, in ms; null when it has none. */
export async function latestStartOfSource(db: Database, source: string): Promise<number | null> {
  const [stored] = await db
    .select({ latest: max(events.startsAt) })
    .from(events)
    .where(eq(events.source, source));
  return stored?.latest ? new Date(stored.latest).getTime() : null;
}
