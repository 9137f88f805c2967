import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events, restaurants } from '../db/schema/events.ts';
import { openTestDatabase } from '../test/database.ts';
import { generateSeed } from './generate.ts';
import { runSeed, seedIfEmpty } from './seed.ts';

const today = new Date('2026-11-22T18:00:00Z');
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

async function counts() {
  const [eventCount] = await handle.db.select({ n: count() }).from(events);
  const [restaurantCount] = await handle.db.select({ n: count() }).from(restaurants);
  return { events: eventCount?.n, restaurants: restaurantCount?.n };
}

describe('seedIfEmpty', () => {
  it('fills an empty database once', async () => {
    const expected = generateSeed(today);
    expect(await seedIfEmpty(handle.db, today)).toEqual({
      events: expected.events.length,
      restaurants: expected.restaurants.length,
    });
    expect(await counts()).toEqual({
      events: expected.events.length,
      restaurants: expected.restaurants.length,
    });
    const [first] = await handle.db
      .select()
      .from(events)
      .where(eq(events.id, 'famjam-seed:sf-0001'));
    expect(first).toMatchObject({
      source: 'famjam-seed',
      sourceId: 'sf-0001',
      location: expect.stringMatching(/, CA$/),
    });
    const [restaurant] = await handle.db.select().from(restaurants).limit(1);
    expect(restaurant?.rating).toMatch(/^\d\.\d$/);
  });

  it('leaves a database with events alone', async () => {
    const before = await counts();
    expect(await seedIfEmpty(handle.db, new Date('2026-12-01T18:00:00Z'))).toBeNull();
    expect(await counts()).toEqual(before);
  });
});

describe('runSeed (npm run seed)', () => {
  it('changes nothing when run again the same day', async () => {
    const report = await runSeed(handle.db, today);
    expect(report.events).toMatchObject({ added: 0, updated: 0 });
    expect(report.restaurants).toMatchObject({ added: 0, updated: 0 });
  });

  it('moves the events to a later day without adding copies', async () => {
    const before = await counts();
    const report = await runSeed(handle.db, new Date('2026-11-29T18:00:00Z'));
    expect(report.events.added).toBe(0);
    expect(report.events.updated).toBeGreaterThan(500);
    expect(await counts()).toEqual(before);
    const [first] = await handle.db
      .select()
      .from(events)
      .where(eq(events.id, 'famjam-seed:sf-0001'));
    // Local midnight of Nov 29 in San Francisco, or later that day.
    expect(first?.startsAt.getTime()).toBeGreaterThanOrEqual(
      new Date('2026-11-29T08:00:00Z').getTime(),
    );
  });
});
