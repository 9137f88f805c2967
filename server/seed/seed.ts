import type { Database } from '../db/client.ts';
import { type UpsertCounts, upsertEvents, upsertRestaurants } from '../stores/eventImport.ts';
import { hasAnyEvent, inSeedLock, latestStartOfSource } from '../stores/seed.ts';
import { generateSeed, seedSource } from './generate.ts';

interface SeedReport {
  events: UpsertCounts;
  restaurants: UpsertCounts;
}

/**
 * Writes the seed for `today` (inserting new rows, updating rows whose content changed),
 * in one transaction. `npm run seed` uses this to move the seed's dates to the current day.
 */
export async function runSeed(db: Database, today: Date = new Date()): Promise<SeedReport> {
  const seed = generateSeed(today);
  return inSeedLock(db, async (tx) => ({
    events: await upsertEvents(tx, seed.events),
    restaurants: await upsertRestaurants(tx, seed.restaurants),
  }));
}

/** What the start did with the seed: wrote a fresh install's, moved a stale one's dates, or nothing. */
export type SeedAtStart = { action: 'seeded' | 'refreshed'; events: number; restaurants: number };

/**
 * At every start: seeds a database whose events table is empty (a fresh install), and moves
 * the seed's dates forward when they were generated on an earlier day (its latest event is
 * earlier than today's seed's latest), so Today and This Weekend keep their events however
 * long ago the install was. Imported events are never touched, and a database without seed
 * rows (a deployment on real data that deleted them) is left alone. Returns null when
 * nothing was written. Two servers starting together on one PostgreSQL do this once: the
 * check runs under a transaction-scoped advisory lock.
 */
export async function seedAtStart(
  db: Database,
  today: Date = new Date(),
): Promise<SeedAtStart | null> {
  const seed = generateSeed(today);
  const seedHorizon = Math.max(...seed.events.map((event) => event.startsAt.getTime()));
  return inSeedLock(db, async (tx) => {
    let action: SeedAtStart['action'] = 'seeded';
    if (await hasAnyEvent(tx)) {
      const latest = await latestStartOfSource(tx, seedSource);
      if (latest === null || latest >= seedHorizon) return null;
      action = 'refreshed';
    }
    const eventCounts = await upsertEvents(tx, seed.events);
    const restaurantCounts = await upsertRestaurants(tx, seed.restaurants);
    return {
      action,
      events: eventCounts.added + eventCounts.updated,
      restaurants: restaurantCounts.added + restaurantCounts.updated,
    };
  });
}
