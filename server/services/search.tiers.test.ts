import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events, type NewEventRow } from '../db/schema/index.ts';
import type { SearchArea } from '../stores/distance.ts';
import { cellsOf } from '../stores/events.ts';
import { MAX_BOX_WALK_HORIZON_DAYS, walkHorizonDays } from '../stores/search.ts';
import { openTestDatabase } from '../test/database.ts';
import { searchEvents } from './search.ts';
import { calendarDateAt, isoDate } from './zonedTime.ts';

/*
 * Search reads relevance tiers one at a time, walking the next WALK_HORIZON_DAYS in date order
 * (up to MAX_BOX_WALK_HORIZON_DAYS in a small bbox) before asking the word index for the rest
 * of a tier (services/search.ts). These cases pin the edges of that walk, around a place and
 * in a box: a title match beyond the walked days still outranks sooner, weaker matches; paging
 * crosses from one tier to the next without repeating or skipping an event; and a date window
 * on either side of the horizon is read from the right side.
 */

const day = 24 * 60 * 60 * 1000;
const sanFrancisco = { latitude: 37.7749, longitude: -122.4194 };

function zydecoEvent(
  key: string,
  daysAhead: number,
  text: { title: string; description: string; tags: string[] },
  now: Date,
): NewEventRow {
  return {
    id: `tiers:${key}`,
    source: 'tiers',
    sourceId: key,
    ...text,
    venue: 'The Chapel',
    location: 'San Francisco, CA',
    address: '777 Valencia St, San Francisco, CA 94110',
    startsAt: new Date(now.getTime() + daysAhead * day),
    timeZone: 'America/Los_Angeles',
    priceText: '$20',
    priceMinCents: 2000,
    priceMaxCents: 2000,
    imageUrl: '/images/categories/music.svg',
    category: 'music',
    isFamilyFriendly: true,
    ticketUrl: null,
    ...sanFrancisco,
  };
}

describe('how many days a box walks', () => {
  const box = (side: number) => ({
    ...sanFrancisco,
    radiusKm: 40,
    box: { west: -122.9, south: 37.1, east: -122.9 + side, north: 37.1 + side },
  });
  it.each([
    ['the circle: 3 days', { ...sanFrancisco, radiusKm: 40 }, 3],
    ['a city, 0.04 of its cell: 10 days at most', box(0.2), 10],
    ['0.64 of one cell: 3 / 0.64 days', box(0.8), 4.6875],
    ['the largest box, 100 of its 121 cells: 3.63 days', box(10), 3.63],
  ] as const)('%s', (_, area: SearchArea, days) => {
    expect(MAX_BOX_WALK_HORIZON_DAYS).toBe(10);
    expect(walkHorizonDays(area, cellsOf(area)?.length ?? 0)).toBeCloseTo(days);
  });
});

describe.each([
  ['around a place', { ...sanFrancisco, radiusKm: 40 }],
  // A few blocks of the Mission ("Search this area"): the longest walk a box gets.
  [
    'in a box',
    {
      ...sanFrancisco,
      radiusKm: 40,
      box: { west: -122.43, south: 37.76, east: -122.41, north: 37.78 },
    },
  ],
] as const)('search tiers and the walked days, %s', (_, area: SearchArea) => {
  let handle: DatabaseHandle;
  const now = new Date();
  const options = {
    query: 'zydeco',
    area,
    timeZone: 'America/Los_Angeles',
    now,
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(events).values([
      // Tier 1 (word in the title), but three weeks out: beyond the walked days.
      zydecoEvent(
        'title-later',
        21,
        { title: 'Zydeco Dance Party', description: 'Two-step all night.', tags: ['dance'] },
        now,
      ),
      // Tier 2 (in the tags), two days out.
      zydecoEvent(
        'tag-soon',
        2,
        {
          title: 'Sunday Accordion Session',
          description: 'Bring your squeezebox.',
          tags: ['zydeco', 'folk'],
        },
        now,
      ),
      // Tier 3 (description only), tomorrow: the soonest, and the weakest match.
      zydecoEvent(
        'description-first',
        1,
        {
          title: 'Evening Social',
          description: 'A little zydeco between the sets.',
          tags: ['social'],
        },
        now,
      ),
      // Tier 1 again, within the walked days.
      zydecoEvent(
        'title-soon',
        1.5,
        { title: 'Zydeco Brunch', description: 'Beignets and a live band.', tags: ['brunch'] },
        now,
      ),
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('walks fewer days than the later title match is away', () => {
    expect(walkHorizonDays(area, cellsOf(area)?.length ?? 0)).toBeLessThan(21);
  });

  it('ranks every title match, even one beyond the walked days, above sooner weaker matches', async () => {
    const page = await searchEvents(handle.db, { ...options, limit: 10 });
    expect(page.events.map((event) => event.id)).toEqual([
      'tiers:title-soon',
      'tiers:title-later',
      'tiers:tag-soon',
      'tiers:description-first',
    ]);
  });

  it('pages one event at a time across the tiers without repeating or skipping', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pageNumber = 0; pageNumber < 6; pageNumber += 1) {
      const page = await searchEvents(handle.db, { ...options, limit: 1, cursor });
      seen.push(...page.events.map((event) => event.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([
      'tiers:title-soon',
      'tiers:title-later',
      'tiers:tag-soon',
      'tiers:description-first',
    ]);
  });

  it.each([
    ['within the walked days', 1, 'tiers:description-first'],
    ['beyond them', 21, 'tiers:title-later'],
  ])('finds the match on a day %s', async (_, daysAhead, id) => {
    const day = calendarDateAt(
      new Date(now.getTime() + daysAhead * 24 * 60 * 60 * 1000),
      options.timeZone,
    );
    const page = await searchEvents(handle.db, { ...options, date: isoDate(day), limit: 10 });
    expect(page.events.map((event) => event.id)).toContain(id);
    // Anything else it found is on that day too (the title match a day and a half out may be).
    for (const event of page.events) {
      expect(calendarDateAt(new Date(event.date), options.timeZone)).toEqual(day);
    }
  });
});
