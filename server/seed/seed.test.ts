import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events, restaurants } from '../db/schema/events.ts';
import { openTestDatabase } from '../test/database.ts';
import { generateSeed } from './generate.ts';
import { runSeed, seedAtStart } from './seed.ts';

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

describe('seedAtStart', () => {
  it('fills an empty database once', async () => {
    const expected = generateSeed(today);
    expect(await seedAtStart(handle.db, today)).toEqual({
      action: 'seeded',
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

  it('leaves a database seeded today alone', async () => {
    const before = await counts();
    expect(await seedAtStart(handle.db, today)).toBeNull();
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

describe('seedAtStart on an install seeded days ago', () => {
  let old: DatabaseHandle;

  beforeAll(async () => {
    old = await openTestDatabase();
    await seedAtStart(old.db, today);
  });

  afterAll(async () => {
    await old.close();
  });

  it('moves the seed to the new day, adding no copies and touching no imported event', async () => {
    const imported = {
      ...(generateSeed(today).events[0] as (typeof events)['$inferInsert']),
      id: 'ical:storytime',
      source: 'ical',
      sourceId: 'storytime',
      title: 'Library Storytime',
    };
    await old.db.insert(events).values(imported);
    const [before] = await old.db.select({ n: count() }).from(events);

    const aWeekLater = new Date('2026-11-29T18:00:00Z');
    const refreshed = await seedAtStart(old.db, aWeekLater);
    expect(refreshed).toMatchObject({ action: 'refreshed' });
    expect(refreshed?.events).toBeGreaterThan(500);

    const [after] = await old.db.select({ n: count() }).from(events);
    expect(after?.n).toBe(before?.n);
    const [sfFirst] = await old.db
      .select()
      .from(events)
      .where(eq(events.id, 'famjam-seed:sf-0001'));
    expect(sfFirst?.startsAt.getTime()).toBeGreaterThanOrEqual(
      new Date('2026-11-29T08:00:00Z').getTime(),
    );
    const [storytime] = await old.db.select().from(events).where(eq(events.id, 'ical:storytime'));
    expect(storytime?.startsAt).toEqual(imported.startsAt);

    // Once moved, the same day's start leaves it alone.
    expect(await seedAtStart(old.db, aWeekLater)).toBeNull();
  });

  it('leaves a database without seed rows alone (real data only)', async () => {
    await old.db.delete(events).where(eq(events.source, 'famjam-seed'));
    expect(await seedAtStart(old.db, new Date('2027-01-10T18:00:00Z'))).toBeNull();
    const [left] = await old.db.select({ n: count() }).from(events);
    expect(left?.n).toBe(1);
  });
});
