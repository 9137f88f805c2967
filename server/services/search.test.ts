import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryIds, storedCategoryIds } from '../../contract/categories.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../test/database.ts';
import { insertFixtures } from '../test/fixtureApp.ts';
import { dateWindow, queryWords, searchEvents } from './search.ts';
import { startOfDay } from './zonedTime.ts';

const iso = (window: { from: Date; until: Date }) => [
  window.from.toISOString(),
  window.until.toISOString(),
];

describe('dateWindow', () => {
  // Wednesday 2026-11-18, 10:00 in San Francisco (18:00 UTC).
  const wednesday = new Date('2026-11-18T18:00:00Z');
  const zone = 'America/Los_Angeles';

  it('turns the words into days of the zone', () => {
    expect(iso(dateWindow('today', zone, wednesday))).toEqual([
      '2026-11-18T08:00:00.000Z',
      '2026-11-19T08:00:00.000Z',
    ]);
    expect(iso(dateWindow('tomorrow', zone, wednesday))).toEqual([
      '2026-11-19T08:00:00.000Z',
      '2026-11-20T08:00:00.000Z',
    ]);
    expect(iso(dateWindow('weekend', zone, wednesday))).toEqual([
      '2026-11-21T08:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
    ]);
    expect(iso(dateWindow('week', zone, wednesday))).toEqual([
      '2026-11-18T08:00:00.000Z',
      '2026-11-25T08:00:00.000Z',
    ]);
    expect(iso(dateWindow('next_week', zone, wednesday))).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-30T08:00:00.000Z',
    ]);
    expect(iso(dateWindow('2026-12-24', zone, wednesday))).toEqual([
      '2026-12-24T08:00:00.000Z',
      '2026-12-25T08:00:00.000Z',
    ]);
  });

  it('reads "today" in the zone asked, not the server\'s', () => {
    // 18:00 UTC on Wednesday is already Thursday 03:00 in Tokyo.
    expect(iso(dateWindow('today', 'Asia/Tokyo', wednesday))).toEqual([
      '2026-11-18T15:00:00.000Z',
      '2026-11-19T15:00:00.000Z',
    ]);
  });

  it('keeps the weekend when it is already the weekend', () => {
    const saturday = new Date('2026-11-21T20:00:00Z');
    expect(iso(dateWindow('weekend', zone, saturday))).toEqual([
      '2026-11-21T08:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
    ]);
    const sunday = new Date('2026-11-22T20:00:00Z');
    expect(iso(dateWindow('weekend', zone, sunday))).toEqual([
      '2026-11-22T08:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
    ]);
    // On a Monday, next week starts a week later.
    const monday = new Date('2026-11-23T20:00:00Z');
    expect(dateWindow('next_week', zone, monday).from.toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
  });

  it('follows daylight saving time', () => {
    // Clocks go forward on 2026-03-08 in California: that day has 23 hours.
    const window = dateWindow('2026-03-08', zone, wednesday);
    expect(iso(window)).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z']);
    expect(startOfDay({ year: 2026, month: 11, day: 1 }, zone).toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
  });

  it('keeps every hour in one day where clocks skip midnight', () => {
    // Chile springs forward at midnight: Saturday 2026-09-05 runs to 24:00 (-04), and Sunday
    // starts at 01:00 (-03), the same instant. An event at 23:30 on Saturday is Saturday's.
    const santiago = 'America/Santiago';
    expect(iso(dateWindow('2026-09-05', santiago, wednesday))).toEqual([
      '2026-09-05T04:00:00.000Z',
      '2026-09-06T04:00:00.000Z',
    ]);
    expect(iso(dateWindow('2026-09-06', santiago, wednesday))).toEqual([
      '2026-09-06T04:00:00.000Z',
      '2026-09-07T03:00:00.000Z',
    ]);
  });

  it.each(['2026-02-30', '2026-13-01', '2025-02-29', '1969-12-31'])('refuses %s', (date) => {
    expect(() => dateWindow(date, zone, wednesday)).toThrow(/^date "/);
  });
});

describe('queryWords', () => {
  it('keeps letters and digits only, so no input is tsquery syntax', () => {
    expect(queryWords("Jazz & !Concert | 'park':* <-> (2026)")).toEqual([
      'jazz',
      'concert',
      'park',
      '2026',
    ]);
    expect(queryWords('Café  déjà-vu')).toEqual(['café', 'déjà', 'vu']);
    expect(queryWords('\u0000;--')).toEqual([]);
  });

  it('caps the number and length of words', () => {
    expect(queryWords('a b c d e f g h i j k')).toHaveLength(8);
    expect(queryWords('x'.repeat(100))[0]).toHaveLength(40);
  });
});

describe('categories', () => {
  it('stores every category but the two the search derives (deals, random)', () => {
    expect([...storedCategoryIds]).toEqual(
      categoryIds.filter((id) => id !== 'deals' && id !== 'random'),
    );
  });
});

describe('against the database', () => {
  let handle: DatabaseHandle;
  const now = new Date();
  const area = { latitude: 37.7749, longitude: -122.4194, radiusKm: 40 };

  beforeAll(async () => {
    handle = await openTestDatabase();
    await insertFixtures(handle, now);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('labels categories in SQL exactly as the constants do', async () => {
    const { rows } = (await handle.db.execute(
      sql`select id, famjam_category_label(id) as label from unnest(${sql.raw(
        `array[${categories.map((category) => `'${category.id}'`).join(', ')}]`,
      )}::text[]) as id`,
    )) as unknown as { rows: { id: string; label: string }[] };
    expect(rows).toEqual(categories.map(({ id, label }) => ({ id, label })));
  });

  it('answers relative to the `now` it is given', async () => {
    const later = new Date(now.getTime() + 40 * 3600_000);
    const page = await searchEvents(handle.db, {
      area,
      timeZone: 'America/Los_Angeles',
      limit: 50,
      now: later,
    });
    // Only the events that start more than 40 hours after the fixtures were made remain. The
    // night market is date-only, stored at its day's local midnight, so whether it comes before
    // or after the Giants game depends on the hour the test runs: check the set, then the order.
    expect(page.events.map((event) => event.id).sort()).toEqual([
      'test:cafe',
      'test:giants',
      'test:moma',
      'test:nightmarket',
    ]);
    const starts = page.events.map((event) => Date.parse(event.date));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('keeps a date-only event for its whole day', async () => {
    const page = await searchEvents(handle.db, {
      query: 'night market',
      area,
      timeZone: 'America/Los_Angeles',
      limit: 5,
      // Late on the market's own day: a timed event would be over, a whole-day one is not.
      now: new Date(now.getTime() + 72 * 3600_000 + 60_000),
    });
    expect(page.events.map((event) => event.id)).toEqual(['test:nightmarket']);
  });
});
