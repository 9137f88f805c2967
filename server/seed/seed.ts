import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { type UpsertCounts, upsertEvents, upsertRestaurants } from '../ingest/upsert.ts';
import { generateSeed } from './generate.ts';

export interface SeedReport {
  events: UpsertCounts;
  restaurants: UpsertCounts;
}

// Any constant works; it only has to be the same in every process that seeds this database.
const seedLockKey = 0x46a3_5eed;

/**
 * Writes the seed for `today` (inserting new rows, updating rows whose content changed),
 * in one transaction. `npm run seed` uses this to move the seed's dates to the current day.
 */
export async function runSeed(db: Database, today: Date = new Date()): Promise<SeedReport> {
  const seed = generateSeed(today);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    return {
      events: await upsertEvents(tx, seed.events),
      restaurants: await upsertRestaurants(tx, seed.restaurants),
    };
  });
}

/**
 * Seeds a database whose events table is empty (a fresh install) and does nothing otherwise,
 * returning how many rows it wrote, or null when it left the database alone. Two servers
 * starting together on one PostgreSQL seed it once: the check runs under a transaction-scoped
 * advisory lock.
 */
export async function seedIfEmpty(
  db: Database,
  today: Date = new Date(),
): Promise<{ events: number; restaurants: number } | null> {
  const seed = generateSeed(today);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const existing = await tx.select({ id: events.id }).from(events).limit(1);
    if (existing.length > 0) return null;
    const eventCounts = await upsertEvents(tx, seed.events);
    const restaurantCounts = await upsertRestaurants(tx, seed.restaurants);
    return {
      events: eventCounts.added + eventCounts.updated,
      restaurants: restaurantCounts.added + restaurantCounts.updated,
    };
  });
}
