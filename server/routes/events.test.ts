import type { Static, TSchema } from '@sinclair/typebox';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories } from '../../contract/categories.ts';
import { CategoryCounts, Event, EventList, EventPage } from '../../contract/events.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import { calendarDateAt, dayOfWeek, isoDate } from '../services/zonedTime.ts';
import { buildFixtureApp, calendarEvents, calendarTown } from '../test/fixtureApp.ts';
import { getJson } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;
let handle: DatabaseHandle;

beforeAll(async () => {
  ({ app, handle } = await buildFixtureApp());
});

afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string) => getJson<T>(app, url);

/** A 200 answer whose body matches the route's contract. */
async function getOk<S extends TSchema>(contract: S, url: string): Promise<Static<S>> {
  const response = await getJson(app, url, contract);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const ids = (list: { id: string }[]) => list.map((event) => event.id);

/** A cursor in the shape the API issues, with values it never would. */
const craftedCursor = (payload: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');

/** Upcoming fixtures within 40 km of San Francisco City Hall, soonest first. */
const sanFranciscoUpcoming = [
  'test:market',
  'test:yoga',
  'test:jazz',
  'test:symphony',
  'test:comedy',
  'test:giants',
  'test:nightmarket',
  'test:moma',
  'test:cafe',
];

describe('GET /api/events', () => {
  it('lists upcoming events near San Francisco by default, soonest first', async () => {
    const page = await getOk(EventPage, '/api/events');
    // The night market is a date-only listing stored at local midnight, so it sorts on its
    // day's start; everything else by its start time.
    expect(ids(page.events).sort()).toEqual([...sanFranciscoUpcoming].sort());
    const starts = page.events.map((event) => Date.parse(event.date));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(page.nextCursor).toBeNull();
  });

  it('sends every field of an event the way a card shows it', async () => {
    const page = await getOk(EventPage, '/api/events');
    const jazz = page.events.find((event) => event.id === 'test:jazz');
    expect(jazz).toMatchObject({
      title: 'Jazz Concert in the Park',
      venue: 'Golden Gate Park Bandshell',
      location: 'San Francisco, CA',
      address: '50 Hagiwara Tea Garden Dr, San Francisco, CA 94118',
      price: '$25',
      imageUrl: '/images/events/music.svg',
      category: 'music',
      tags: ['jazz', 'outdoor'],
      isFamilyFriendly: true,
      ticketUrl: 'https://tickets.example.com/jazz',
      timeZone: 'America/Los_Angeles',
    });
    expect(jazz?.time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(jazz?.distanceKm).toBeGreaterThan(4);
    expect(jazz?.distanceKm).toBeLessThan(8);
    const market = page.events.find((event) => event.id === 'test:market');
    expect(market?.price).toBe('Free');
    expect(market?.ticketUrl).toBeNull();
    const nightMarket = page.events.find((event) => event.id === 'test:nightmarket');
    expect(nightMarket?.time).toBe('');
  });

  it('shows the start time in the venue zone', async () => {
    const event = await getOk(Event, '/api/events/test:broadway');
    const expected = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/New_York',
    })
      .format(new Date(event.date))
      .replace(/\s/g, ' ');
    expect(event.time).toBe(expected);
  });

  it('keeps only family-friendly events in family mode', async () => {
    const page = await getOk(EventPage, '/api/events?familyMode=true');
    expect(ids(page.events)).not.toContain('test:comedy');
    expect(ids(page.events)).not.toContain('test:cafe');
    expect(page.events.every((event) => event.isFamilyFriendly)).toBe(true);
    expect(page.events).toHaveLength(7);
    const all = await getOk(EventPage, '/api/events?familyMode=false');
    expect(all.events).toHaveLength(9);
  });

  describe('ages: events whose age range overlaps a family group', () => {
    // Fixture ranges: yoga 3-8, nightmarket up to 12, symphony 10+, moma 13-17, cafe 18+,
    // comedy 21+; market, jazz and giants say nothing (all ages).
    const allAges = ['test:market', 'test:jazz', 'test:giants'];
    it.each([
      ['young_kids', [...allAges, 'test:yoga', 'test:nightmarket']],
      ['tweens', [...allAges, 'test:nightmarket', 'test:symphony']],
      ['teens', [...allAges, 'test:symphony', 'test:moma']],
      ['mixed_ages', [...allAges, 'test:yoga', 'test:nightmarket', 'test:symphony', 'test:moma']],
      // Two groups with a gap between them: each keeps its own, nothing in the gap is added.
      [
        'young_kids,teens',
        [...allAges, 'test:yoga', 'test:nightmarket', 'test:symphony', 'test:moma'],
      ],
    ])('ages=%s', async (ages, expected) => {
      const page = await getOk(EventPage, `/api/events?ages=${ages}`);
      expect(ids(page.events).sort()).toEqual([...expected].sort());
    });

    it('sends each event its range, null where unknown', async () => {
      const page = await getOk(EventPage, '/api/events');
      const byId = new Map(page.events.map((event) => [event.id, event]));
      expect(byId.get('test:yoga')).toMatchObject({ minAge: 3, maxAge: 8 });
      expect(byId.get('test:comedy')).toMatchObject({ minAge: 21, maxAge: null });
      expect(byId.get('test:nightmarket')).toMatchObject({ minAge: null, maxAge: 12 });
      expect(byId.get('test:jazz')).toMatchObject({ minAge: null, maxAge: null });
    });

    it('takes repeated ages like comma-separated ones, and ignores blanks', async () => {
      const repeated = await getOk(EventPage, '/api/events?ages=young_kids&ages=teens');
      const joined = await getOk(EventPage, '/api/events?ages=young_kids,,teens');
      expect(ids(repeated.events)).toEqual(ids(joined.events));
      expect(ids(repeated.events)).not.toContain('test:comedy');
      const blank = await getOk(EventPage, '/api/events?ages=');
      expect(blank.events).toHaveLength(sanFranciscoUpcoming.length);
    });

    it('combines with family mode and pages by cursor within the filter', async () => {
      const first = await getOk(EventPage, '/api/events?ages=teens&familyMode=true&limit=2');
      expect(first.nextCursor).not.toBeNull();
      const rest = await getOk(
        EventPage,
        `/api/events?ages=teens&familyMode=true&limit=10&cursor=${first.nextCursor}`,
      );
      const all = [...ids(first.events), ...ids(rest.events)];
      expect(new Set(all).size).toBe(all.length);
      for (const id of ['test:comedy', 'test:cafe', 'test:yoga', 'test:nightmarket']) {
        expect(all).not.toContain(id);
      }
      expect(all).toContain('test:moma');
    });

    it('filters the wide-area listing too', async () => {
      const page = await getOk(EventPage, '/api/events?ages=young_kids&radiusKm=500');
      expect(ids(page.events)).toContain('test:yoga');
      expect(ids(page.events)).not.toContain('test:comedy');
      expect(ids(page.events)).not.toContain('test:moma');
    });

    it.each([
      ['toddlers', 'ages: "toddlers" is not a family group'],
      ['young_kids,adults', 'ages: "adults" is not a family group'],
      ['YOUNG_KIDS', 'ages: "YOUNG_KIDS" is not a family group'],
    ])('refuses ages=%s with a 400 naming it', async (ages, message) => {
      const response = await get<{ error: string; message: string }>(
        `/api/events?ages=${encodeURIComponent(ages)}`,
      );
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('bad_request');
      expect(response.body.message).toContain(message);
      for (const path of ['/api/events/search', '/api/events/categories']) {
        const other = await get<{ message: string }>(`${path}?ages=${encodeURIComponent(ages)}`);
        expect(other.status).toBe(400);
        expect(other.body.message).toContain(message);
      }
    });
  });

  it.each([
    ['New York, NY', ['test:broadway']],
    ['10036', ['test:broadway']],
    ['40.758, -73.9855', ['test:broadway']],
    ['nyc', ['test:broadway']],
  ])('finds the events near %s', async (location, expected) => {
    const page = await getOk(EventPage, `/api/events?location=${encodeURIComponent(location)}`);
    expect(ids(page.events)).toEqual(expected);
  });

  it('measures distance from the requested place', async () => {
    const page = await getOk(EventPage, '/api/events?location=Oakland');
    const yoga = page.events.find((event) => event.id === 'test:yoga');
    const jazz = page.events.find((event) => event.id === 'test:jazz');
    expect(yoga?.distanceKm).toBeLessThan(3);
    expect(jazz?.distanceKm).toBeGreaterThan(15);
  });

  it('widens or narrows the area with radiusKm', async () => {
    const wide = await getOk(EventPage, '/api/events?radiusKm=100');
    expect(ids(wide.events)).toContain('test:sanjose');
    // 500 km is too wide for the cell walk; the GiST box serves it instead.
    const widest = await getOk(EventPage, '/api/events?radiusKm=500');
    expect(ids(widest.events)).toContain('test:sanjose');
    expect(ids(widest.events)).not.toContain('test:broadway');
    const widestSearch = await getOk(EventPage, '/api/events/search?query=jazz&radiusKm=500');
    expect(ids(widestSearch.events)).toEqual(['test:jazz', 'test:sanjose']);
    // City Hall to the Ferry Building is 3.2 km.
    const narrow = await getOk(EventPage, '/api/events?radiusKm=3');
    expect(ids(narrow.events)).toEqual(['test:comedy', 'test:giants', 'test:moma']);
  });

  it('pages with cursor through the same events, each once', async () => {
    const full = await getOk(EventPage, '/api/events');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: EventPage = await getOk(EventPage, `/api/events?limit=2${query}`);
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page.events));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(ids(full.events));
    expect(pages).toBe(5);
  });

  it('pages with offset', async () => {
    const full = await getOk(EventPage, '/api/events');
    const page = await getOk(EventPage, '/api/events?offset=3&limit=4');
    expect(ids(page.events)).toEqual(ids(full.events).slice(3, 7));
    expect(page.nextCursor).not.toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=10001', 'offset'],
    ['radiusKm=0', 'radiusKm'],
    ['radiusKm=501', 'radiusKm'],
    ['familyMode=yes', 'familyMode'],
    ['cursor=not-a-cursor', 'cursor'],
    ['cursor=abc&offset=2', 'cursor'],
    // Cursors we could have issued in form but not in range (the database would refuse them).
    [
      `cursor=${craftedCursor({ k: 'list', t: '2026-12-01T00:00:00.000Z', d: 2 ** 31, i: 'x' })}`,
      'cursor',
    ],
    [
      `cursor=${craftedCursor({ k: 'list', t: '+275760-01-01T00:00:00.000Z', d: 5, i: 'x' })}`,
      'cursor',
    ],
    [`location=${'x'.repeat(201)}`, 'location'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    const response = await get<{ error: string; message: string }>(`/api/events?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('bad_request');
    expect(response.body.message).toContain(parameter);
  });

  it('names the field of a cursor or date the service refuses, as the error plugin answers it', async () => {
    for (const url of [
      '/api/events?cursor=not-a-cursor',
      `/api/events/search?cursor=${craftedCursor({ k: 'list', t: '2026-12-01T00:00:00.000Z', d: 1, i: 'x' })}`,
    ]) {
      const response = await get<{ error: string; field?: string }>(url);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: 'bad_request',
        field: 'cursor',
        // The sentence names the parameter itself: no 'querystring/cursor: ' before it.
        message: 'cursor is not valid here: ask for the first page again without it.',
      });
    }
    for (const path of ['/api/events/search', '/api/events/categories']) {
      const response = await get<{ error: string; field?: string }>(`${path}?date=2026-02-30`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'bad_request', field: 'date' });
      expect((response.body as { message?: string }).message).toMatch(/^date "2026-02-30" is not/);
    }
  });

  it('refuses an unknown place by name', async () => {
    const response = await get<{ error: string; message: string }>(
      '/api/events?location=Atlantiss',
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'unknown_location',
      message: `We couldn't find the place "Atlantiss". Try a city name, ZIP code or 'lat, lon'.`,
    });
  });

  it('refuses coordinates off the globe', async () => {
    const response = await get<{ message: string }>('/api/events?location=95,%2010');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('location: Latitude must be between -90 and 90 (got 95).');
  });

  it("refuses an unknown place, or coordinates off the globe, in the visitor's language", async () => {
    const inSpanish = async (url: string) =>
      (
        await app.inject({ method: 'GET', url, headers: { 'accept-language': 'es-US,es;q=0.9' } })
      ).json<unknown>();
    expect(await inSpanish('/api/events?location=Atlantiss')).toEqual({
      error: 'unknown_location',
      message: `No encontramos el lugar "Atlantiss". Prueba con el nombre de una ciudad, un código postal o 'lat, lon'.`,
    });
    expect(await inSpanish('/api/events?location=95,%2010')).toMatchObject({
      message: 'location: La latitud debe estar entre -90 y 90 (llegó 95).',
    });
  });
});

// The date words at set moments in Boise (the server's "now" is the process clock; only Date is
// faked, so the database and timers run as usual): each moment is one where a word's days are
// easy to get wrong. `weekend` is the days from today the word must cover.
describe.each([
  {
    when: 'Sunday 22:00 at the month end (tomorrow is in December)',
    now: '2026-11-30T05:00:00Z',
    weekend: [0],
  },
  {
    when: 'Saturday noon, the day before the US clocks go back',
    now: '2026-10-31T18:00:00Z',
    weekend: [0, 1],
  },
  {
    when: 'Saturday 22:00, the night the US clocks go forward (Sunday has 23 hours)',
    now: '2026-03-08T05:00:00Z',
    weekend: [0, 1],
  },
  {
    when: 'Wednesday at the year end (next week is in January)',
    now: '2026-12-30T17:00:00Z',
    weekend: [3, 4],
  },
])('date words on a calendar with one event every evening (Boise), $when', ({ now, weekend }) => {
  const zone = calendarTown.timeZone;
  const here = `location=${calendarTown.latitude},${calendarTown.longitude}&tz=${zone}&limit=100`;
  const search = (query: string) => getOk(EventPage, `/api/events/search?${query}`);
  let calendar: ReturnType<typeof calendarEvents>;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    calendar = calendarEvents(new Date(), 16);
    await handle.db.insert(events).values(calendar);
  });

  afterAll(async () => {
    vi.useRealTimers();
    await handle.db.delete(events).where(like(events.id, 'test:day-%'));
  });

  /** The calendar's events on these days from today (0 = today), still upcoming. */
  const onDays = (offsets: number[]) =>
    calendar
      .filter((row) => offsets.includes(Number(row.sourceId.slice('day-'.length))))
      .filter((row) => row.startsAt.getTime() > Date.now())
      .map((row) => row.id)
      .sort();
  const range = (from: number, length: number) => Array.from({ length }, (_, i) => from + i);

  it('today, tomorrow and week', async () => {
    for (const [word, offsets] of [
      ['today', [0]],
      ['tomorrow', [1]],
      ['week', range(0, 7)],
    ] as const) {
      const page = await search(`date=${word}&${here}`);
      expect(ids(page.events).sort(), word).toEqual(onDays([...offsets]));
    }
    expect(onDays([1])).toHaveLength(1);
  });

  it('weekend: the coming Saturday and Sunday, or what is left of it', async () => {
    const weekday = dayOfWeek(calendarDateAt(new Date(), zone)); // 0 Sunday … 6 Saturday
    const expected = weekday === 0 ? [0] : range(6 - weekday, 2);
    expect(expected).toEqual(weekend);
    const page = await search(`date=weekend&${here}`);
    expect(page.events).toHaveLength(weekend.length);
    expect(ids(page.events).sort()).toEqual(onDays(expected));
    for (const event of page.events) {
      expect([0, 6]).toContain(dayOfWeek(calendarDateAt(new Date(event.date), zone)));
    }
  });

  it('next_week: next Monday to Sunday', async () => {
    const weekday = dayOfWeek(calendarDateAt(new Date(), zone));
    const nextMonday = weekday === 0 ? 1 : 8 - weekday;
    const page = await search(`date=next_week&${here}`);
    expect(page.events).toHaveLength(7);
    expect(ids(page.events).sort()).toEqual(onDays(range(nextMonday, 7)));
    expect(dayOfWeek(calendarDateAt(new Date(page.events[0]?.date ?? ''), zone))).toBe(1);
  });

  it("an ISO day counts in the tz given, not the server's", async () => {
    const inThreeDays = calendar[3];
    if (!inThreeDays) throw new Error('calendar fixture missing');
    const iso = isoDate(calendarDateAt(inThreeDays.startsAt, zone));
    expect(ids((await search(`date=${iso}&${here}`)).events)).toEqual([inThreeDays.id]);
    // 23:00 in Boise is the next day in UTC: there, this day holds the day before's event.
    const utc = await search(
      `date=${iso}&location=${calendarTown.latitude},${calendarTown.longitude}&tz=UTC`,
    );
    expect(ids(utc.events)).toEqual([calendar[2]?.id]);
  });

  it('the category counts narrow by the same date words and days (home date chips)', async () => {
    const weekday = dayOfWeek(calendarDateAt(new Date(), zone));
    const nextMonday = weekday === 0 ? 1 : 8 - weekday;
    const inThreeDays = isoDate(calendarDateAt(calendar[3]?.startsAt ?? new Date(), zone));
    const location = `location=${calendarTown.latitude},${calendarTown.longitude}`;
    for (const [date, offsets] of [
      ['today', [0]],
      ['tomorrow', [1]],
      ['next_week', range(nextMonday, 7)],
      [inThreeDays, [3]],
    ] as const) {
      const counts = await getOk(
        CategoryCounts,
        `/api/events/categories?${location}&date=${date}&tz=${zone}`,
      );
      const count = Object.fromEntries(counts.categories.map((c) => [c.id, c.count]));
      // Every calendar event is a free arts event.
      expect(count.arts, date).toBe(onDays([...offsets]).length);
      expect(count.random, date).toBe(onDays([...offsets]).length);
      expect(count.music, date).toBe(0);
    }
    const allUpcoming = await getOk(CategoryCounts, `/api/events/categories?${location}`);
    expect(allUpcoming.categories.find((c) => c.id === 'arts')?.count).toBe(
      onDays(range(0, 16)).length,
    );
  });

  it('the category counts refuse a day that is not on the calendar or an unknown zone', async () => {
    const location = `location=${calendarTown.latitude},${calendarTown.longitude}`;
    const badDay = await get<{ message: string }>(
      `/api/events/categories?${location}&date=2026-02-30`,
    );
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toContain('2026-02-30');
    const badZone = await get<{ message: string }>(
      `/api/events/categories?${location}&date=today&tz=Mars/Olympus`,
    );
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toContain('Mars/Olympus');
  });
});

describe('GET /api/events orders events that start together by distance', () => {
  const here = `location=${calendarTown.latitude},${calendarTown.longitude}`;
  // Tomorrow evening's event in Boise, and two more at the same minute ~5 and ~15 km north.
  const tied = (kilometresNorth: number) => {
    const [row] = calendarEvents(new Date(), 2).slice(1);
    if (!row) throw new Error('calendar fixture missing');
    const key = `tie-${kilometresNorth}km`;
    return {
      ...row,
      id: `test:${key}`,
      sourceId: key,
      latitude: Number((calendarTown.latitude + kilometresNorth / 111.2).toFixed(7)),
    };
  };
  const rows = [tied(15), tied(0), tied(5)];

  beforeAll(async () => {
    await handle.db.insert(events).values(rows);
  });

  afterAll(async () => {
    await handle.db.delete(events).where(like(events.id, 'test:tie-%'));
  });

  it('nearest first, and a page boundary inside the tie loses or repeats nothing', async () => {
    const nearestFirst = ['test:tie-0km', 'test:tie-5km', 'test:tie-15km'];
    const whole = await getOk(EventPage, `/api/events?${here}`);
    expect(ids(whole.events)).toEqual(nearestFirst);
    expect(whole.events.map((event) => Math.round(event.distanceKm ?? -1))).toEqual([0, 5, 15]);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: EventPage = await getOk(EventPage, `/api/events?${here}&limit=1${after}`);
      paged.push(...ids(page.events));
      cursor = page.nextCursor;
    } while (cursor && paged.length < 10);
    expect(paged).toEqual(nearestFirst);
  });
});

describe('GET /api/events/search', () => {
  const search = (query: string) => getOk(EventPage, `/api/events/search?${query}`);

  it('finds events by a word of the title', async () => {
    const page = await search('query=jazz');
    expect(ids(page.events)).toEqual(['test:jazz']);
    expect(page.nextCursor).toBeNull();
  });

  it('tolerates typos', async () => {
    expect(ids((await search('query=concrt')).events)).toEqual(['test:jazz']);
    expect(ids((await search('query=orcle')).events)).toEqual(['test:giants']);
  });

  it('matches the category label, tags, venue and description', async () => {
    expect(ids((await search('query=comedy')).events)).toEqual(['test:comedy']);
    expect(ids((await search('query=shows')).events).sort()).toEqual(
      ['test:jazz', 'test:symphony'].sort(),
    );
    expect(ids((await search('query=baseball')).events)).toEqual(['test:giants']);
    expect(ids((await search('query=SFMOMA')).events)).toEqual(['test:moma']);
    expect(ids((await search('query=orchestra')).events)).toEqual(['test:symphony']);
  });

  it('folds accents and plurals', async () => {
    expect(ids((await search('query=cafe')).events)).toEqual(['test:cafe']);
    expect(ids((await search('query=concerts')).events)).toEqual(['test:jazz']);
  });

  it('ranks a title match above a venue match, then by date', async () => {
    // 'park' is in the jazz event's title and in both Golden Gate Park events' venue; the
    // giants play at Oracle Park (venue too), later than the symphony.
    const page = await search('query=park');
    expect(ids(page.events)).toEqual(['test:jazz', 'test:symphony', 'test:giants']);
  });

  it('matches every word of the query', async () => {
    expect(ids((await search('query=jazz%20park')).events)).toEqual(['test:jazz']);
    expect(ids((await search('query=market%20pop')).events)).toEqual(['test:nightmarket']);
  });

  it('treats query text as words, never as syntax', async () => {
    const page = await search(`query=${encodeURIComponent("jazz' & !park | :* <-> (")}`);
    expect(ids(page.events)).toEqual(['test:jazz']);
  });

  it('keeps events whose ages overlap the family groups, in the word tiers and without words', async () => {
    // 'park': jazz (all ages) in the title tier, symphony (10+) and giants (all ages) by venue.
    expect(ids((await search('query=park&ages=young_kids')).events)).toEqual([
      'test:jazz',
      'test:giants',
    ]);
    expect(ids((await search('query=park&ages=tweens')).events)).toEqual([
      'test:jazz',
      'test:symphony',
      'test:giants',
    ]);
    // 21+ against teens; the teen-only exhibition against young kids.
    expect(ids((await search('query=comedy&ages=teens')).events)).toEqual([]);
    expect(ids((await search('query=comedy')).events)).toEqual(['test:comedy']);
    expect(ids((await search('query=modern&ages=young_kids')).events)).toEqual([]);
    expect(ids((await search('query=modern&ages=teens')).events)).toEqual(['test:moma']);
    // No words: the date-ordered path; an open lower bound (up to 12) fits young kids.
    const noWords = ids((await search('ages=young_kids')).events);
    expect(noWords).toContain('test:nightmarket');
    expect(noWords).toContain('test:yoga');
    for (const id of ['test:comedy', 'test:cafe', 'test:moma', 'test:symphony']) {
      expect(noWords).not.toContain(id);
    }
    // Near spellings (a typo) and category=random filter the same way.
    expect(ids((await search('query=standup%20nigth&ages=teens')).events)).toEqual([]);
    const random = ids((await search('category=random&ages=teens&limit=50')).events);
    expect(random.sort()).toEqual(
      ['test:market', 'test:jazz', 'test:giants', 'test:symphony', 'test:moma'].sort(),
    );
  });

  it('filters by a stored category', async () => {
    const page = await search('category=music');
    expect(ids(page.events)).toEqual(['test:jazz', 'test:symphony']);
  });

  it("treats category=deals as every event whose price has a '$' (docs/product.md#spec-9)", async () => {
    const page = await search('category=deals');
    expect(page.events.length).toBe(6);
    expect(page.events.every((event) => event.price.includes('$'))).toBe(true);
    expect(ids(page.events)).not.toContain('test:symphony');
  });

  it('treats category=random as a shuffled sample that pages without repeats', async () => {
    const first = await search('category=random&limit=4');
    const seen = ids(first.events);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await search(`category=random&limit=4&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...ids(page.events));
      cursor = page.nextCursor;
    }
    expect([...seen].sort()).toEqual([...sanFranciscoUpcoming].sort());
  });

  it.each([
    ['free', ['test:market', 'test:yoga']],
    ['under20', ['test:comedy', 'test:nightmarket']],
    ['20to50', ['test:jazz', 'test:giants', 'test:moma']],
    ['50plus', ['test:cafe']],
  ])('filters by price=%s', async (price, expected) => {
    expect(ids((await search(`price=${price}`)).events)).toEqual(expected);
  });

  it('combines filters', async () => {
    const page = await search('familyMode=true&price=under20&location=Oakland');
    expect(ids(page.events)).toEqual(['test:nightmarket']);
  });

  it('treats empty parameters as no filter, as an untouched form sends them', async () => {
    const page = await search('query=&category=&price=&date=&location=');
    expect([...ids(page.events)].sort()).toEqual([...sanFranciscoUpcoming].sort());
  });

  describe('date', () => {
    it.each([
      ['date=2026-02-30', 'date'],
      ['date=yesterday', 'date'],
      ['date=2026-1-1', 'date'],
      ['tz=Mars/Olympus_Mons', 'tz'],
      ['tz=%3Bdrop', 'tz'],
      ['category=concerts', 'category'],
      ['price=cheap', 'price'],
      [`query=${'a'.repeat(201)}`, 'query'],
      ['date=9999-12-31', 'date'],
      [
        `query=jazz&cursor=${craftedCursor({ k: 'search', o: 3_000_000_000, f: false, s: '0123456789abcdef' })}`,
        'cursor',
      ],
    ])('answers 400 naming the parameter for %s', async (query, parameter) => {
      const response = await get<{ error: string; message: string }>(`/api/events/search?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(parameter);
    });
  });

  it('pages search results with cursor and offset alike', async () => {
    const first = await search('category=deals&limit=4');
    expect(first.nextCursor).not.toBeNull();
    const second = await search(
      `category=deals&limit=4&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    const byOffset = await search('category=deals&limit=4&offset=4');
    expect(ids(second.events)).toEqual(ids(byOffset.events));
    expect(ids([...first.events, ...second.events])).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a list cursor', async () => {
    const list = await getOk(EventPage, '/api/events?limit=1');
    const response = await get<{ message: string }>(
      `/api/events/search?cursor=${encodeURIComponent(list.nextCursor ?? '')}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('cursor');
  });
});

describe('GET /api/events/:id', () => {
  it('answers one event, even one that is over', async () => {
    const event = await getOk(Event, '/api/events/test:past');
    expect(event.title).toBe('Yesterday Jazz Brunch');
    expect(event.distanceKm).toBeNull();
  });

  it('answers 404 JSON for an unknown id', async () => {
    const response = await get('/api/events/test:nothing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'Event not found' });
  });

  it('answers 400 for an id PostgreSQL could not hold', async () => {
    const response = await get<{ message: string }>('/api/events/a%00b');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('id');
  });
});

describe('GET /api/events/saved', () => {
  it('answers the known events in the order asked, each once', async () => {
    const list = await getOk(
      EventList,
      '/api/events/saved?ids=test:moma,test:gone,test:jazz,test:moma,test:past',
    );
    expect(ids(list.events)).toEqual(['test:moma', 'test:jazz', 'test:past']);
  });

  it('accepts repeated ids parameters', async () => {
    const list = await getOk(EventList, '/api/events/saved?ids=test:jazz&ids=test:giants');
    expect(ids(list.events)).toEqual(['test:jazz', 'test:giants']);
  });

  it('accepts 200 ids and refuses 201', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => `test:n${index}`).join(',');
    const ok = await get<EventList>(`/api/events/saved?ids=test:jazz,${many(199)}`);
    expect(ok.status).toBe(200);
    expect(ids(ok.body.events)).toEqual(['test:jazz']);
    const tooMany = await get<{ message: string }>(`/api/events/saved?ids=${many(201)}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('ids: at most 200 ids per request (got 201).');
  });

  it('requires ids', async () => {
    const response = await get<{ message: string }>('/api/events/saved');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('ids');
  });
});

describe('GET /api/events/categories', () => {
  it('counts upcoming events of all nine categories, in the order docs/product.md gives', async () => {
    const counts = await getOk(CategoryCounts, '/api/events/categories');
    expect(counts.location).toBe('San Francisco, CA');
    expect(counts.categories.map((category) => category.id)).toEqual(
      categories.map((category) => category.id),
    );
    expect(counts.categories.map((category) => category.label)).toEqual(
      categories.map((category) => category.label),
    );
    const count = Object.fromEntries(counts.categories.map((c) => [c.id, c.count]));
    expect(count).toEqual({
      music: 2,
      comedy: 1,
      sportsgames: 1,
      dining: 2,
      arts: 1,
      sports: 1,
      deals: 6,
      popup: 1,
      random: 9,
    });
  });

  it('counts only family-friendly events in family mode, near the place asked', async () => {
    const family = await getOk(CategoryCounts, '/api/events/categories?familyMode=true');
    const count = Object.fromEntries(family.categories.map((c) => [c.id, c.count]));
    expect(count.comedy).toBe(0);
    expect(count.dining).toBe(1);
    expect(count.random).toBe(7);
    const newYork = await getOk(
      CategoryCounts,
      '/api/events/categories?location=New%20York%2C%20NY',
    );
    expect(newYork.location).toBe('New York, NY');
    expect(newYork.categories.find((c) => c.id === 'music')?.count).toBe(1);
  });

  it('counts what the ages filter lists', async () => {
    const teens = await getOk(CategoryCounts, '/api/events/categories?ages=teens');
    const count = Object.fromEntries(teens.categories.map((c) => [c.id, c.count]));
    // market, jazz, giants, symphony (10+) and moma (13-17); not comedy (21+) or cafe (18+).
    expect(count).toMatchObject({ comedy: 0, music: 2, arts: 1, dining: 1, random: 5 });
    const listed = await getOk(EventPage, '/api/events?ages=teens');
    expect(listed.events).toHaveLength(count.random ?? -1);
  });

  it('refuses an unknown place', async () => {
    const response = await get<{ error: string }>('/api/events/categories?location=Atlantiss');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('unknown_location');
  });
});

describe('stored data', () => {
  it('is untouched by reads', async () => {
    const before = await handle.db.$count((await import('../db/schema/index.ts')).events);
    await get('/api/events/search?query=x%27%3B%20DELETE%20FROM%20events%3B--');
    const after = await handle.db.$count((await import('../db/schema/index.ts')).events);
    expect(after).toBe(before);
    expect(after).toBe(12);
  });
});
