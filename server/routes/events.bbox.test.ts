import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CategoryId, categoryIds } from '../../contract/categories.ts';
import { CategoryCounts, EventPage } from '../../contract/events.ts';
import { events } from '../db/schema/index.ts';
import { greatCircleMetersBetween } from '../services/distance.ts';
import { resolveLocation } from '../services/geocoding.ts';
import { calendarDateAt, isoDate } from '../services/zonedTime.ts';
import {
  bboxParam as bbox,
  buildFixtureApp,
  type FixtureInput,
  fixtureBoxes,
  fixtureEvent,
} from '../test/fixtureApp.ts';
import { getJson, getOk } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

/*
 * "Search this area" (issue 33): `bbox` on the listing, the search and the category counts. The
 * fixed San Francisco world (server/test/fixtureApp.ts) plus events just outside a downtown box,
 * and a box over the corner where four 1-degree cells meet (Walnut Creek / Concord), so an event
 * the cells missed would be missing here.
 */

let app: FamJamApp;

const hour = 60 * 60 * 1000;
const now = new Date();

const { downtown, fourCells } = fixtureBoxes;
/** Fixtures inside `downtown` that are upcoming; Golden Gate Park and Oakland are not inside. */
const downtownFixtures = ['test:market', 'test:comedy', 'test:giants', 'test:moma', 'test:cafe'];

/** A free, family-friendly arts event somewhere in the Bay Area, but for what `fields` say. */
function row(
  key: string,
  fields: Pick<FixtureInput, 'title' | 'latitude' | 'longitude' | 'startsInHours'> &
    Partial<Pick<FixtureInput, 'category' | 'priceText' | 'isFamilyFriendly'>>,
) {
  return fixtureEvent(now, {
    key,
    description: 'A test event.',
    venue: 'Somewhere',
    location: 'Bay Area, CA',
    address: '1 Test St',
    priceText: 'Free',
    imageUrl: '/images/events/arts.svg',
    category: 'arts',
    tags: [],
    isFamilyFriendly: true,
    ...fields,
  });
}

const boxRows = [
  // About ten metres outside each edge of `downtown`, and one on its north edge (inside).
  row('out-north', { title: 'North Walk', latitude: 37.8001, longitude: -122.4, startsInHours: 6 }),
  row('out-south', { title: 'South Walk', latitude: 37.7749, longitude: -122.4, startsInHours: 6 }),
  row('out-east', { title: 'East Walk', latitude: 37.79, longitude: -122.3849, startsInHours: 6 }),
  row('out-west', { title: 'West Walk', latitude: 37.79, longitude: -122.4101, startsInHours: 6 }),
  row('edge', { title: 'Edge Walk', latitude: 37.8, longitude: -122.4, startsInHours: 7 }),
  // One in each of the four cells of `fourCells`; sw and nw start together.
  row('sw', { title: 'Puppet Parade', latitude: 37.97, longitude: -122.02, startsInHours: 30 }),
  row('nw', {
    title: 'Puppet Concert',
    latitude: 38.03,
    longitude: -122.02,
    startsInHours: 30,
    category: 'music',
    priceText: '$8',
  }),
  row('se', {
    title: 'Puppet Workshop',
    latitude: 37.97,
    longitude: -121.98,
    startsInHours: 54,
    priceText: '$10',
    isFamilyFriendly: false,
  }),
  row('ne', {
    title: 'Farm Tour',
    latitude: 38.03,
    longitude: -121.98,
    startsInHours: 80,
    category: 'dining',
    priceText: '$30',
  }),
  // Like sw in every way but 11 m north of the box.
  row('out-cells', {
    title: 'Puppet Parade',
    latitude: 38.0501,
    longitude: -121.98,
    startsInHours: 30,
    priceText: '$12',
  }),
];
const inFourCells = ['test:sw', 'test:nw', 'test:se', 'test:ne'];

beforeAll(async () => {
  ({ app } = await buildFixtureApp());
  await app.db.insert(events).values(boxRows);
});

afterAll(async () => {
  await app?.close();
});

const ids = (list: { id: string }[]) => list.map((event) => event.id);
const sorted = (list: readonly string[]) => [...list].sort();

/** A page of the listing or the search, answered 200 in its contract. */
const getPage = (url: string) => getOk(app, url, EventPage);

/** Every page of a listing or search, by cursor, `limit` at a time. */
async function everyPage(path: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: EventPage = await getPage(`${path}&limit=${limit}${after}`);
    expect(page.events.length).toBeLessThanOrEqual(limit);
    seen.push(...ids(page.events));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return seen;
}

/** Each event's distance is the great circle from `location` to its venue, to 10 m. */
function expectDistancesFrom(location: string, page: EventPage): void {
  const centre = resolveLocation(location);
  expect(page.events.length).toBeGreaterThan(0);
  for (const event of page.events) {
    const metres = greatCircleMetersBetween(centre, event);
    expect(event.distanceKm, event.id).not.toBeNull();
    expect(Math.abs((event.distanceKm ?? -1) - metres / 1000), event.id).toBeLessThanOrEqual(0.01);
  }
}

describe.each([
  ['GET /api/events', '/api/events?'],
  ['GET /api/events/search', '/api/events/search?'],
])('%s with bbox', (_name, path) => {
  it('answers the events inside the box only, not those just outside it', async () => {
    const page = await getPage(`${path}${bbox(downtown)}&limit=100`);
    expect(sorted(ids(page.events))).toEqual(sorted([...downtownFixtures, 'test:edge']));
    // The same place without a box: the circle holds them all.
    const circle = ids((await getPage(`${path}limit=100`)).events);
    for (const id of ['test:out-north', 'test:out-south', 'test:out-east', 'test:out-west']) {
      expect(circle).toContain(id);
    }
  });

  it('reads every cell the box touches', async () => {
    const page = await getPage(`${path}${bbox(fourCells)}`);
    expect(sorted(ids(page.events))).toEqual(sorted(inFourCells));
  });

  it('answers the box instead of the circle: radiusKm no longer limits, a far box is found', async () => {
    const narrow = await getPage(`${path}${bbox(downtown)}&radiusKm=0.1&limit=100`);
    expect(ids(narrow.events)).toHaveLength(downtownFixtures.length + 1);
    const newYork = await getPage(`${path}location=San%20Francisco&${bbox(fixtureBoxes.newYork)}`);
    expect(ids(newYork.events)).toEqual(['test:broadway']);
    // Still measured from San Francisco, across the continent.
    expect(newYork.events[0]?.distanceKm).toBeGreaterThan(4000);
  });

  it('takes a box as large as allowed (121 cells)', async () => {
    const page = await getPage(`${path}${bbox(fixtureBoxes.largest)}&limit=100`);
    expect(ids(page.events)).toContain('test:sanjose');
    expect(ids(page.events)).toContain('test:sw');
    expect(ids(page.events)).not.toContain('test:broadway');
  });

  it.each([
    ['San Francisco, CA', ''],
    ['Oakland, CA', ''],
    ['Oakland, CA', bbox(fourCells)],
    ['San Francisco, CA', bbox(downtown)],
    ['40.758, -73.9855', bbox(fourCells)],
  ])('measures each distance from location=%s (box: %s)', async (location, box) => {
    const page = await getPage(
      `${path}location=${encodeURIComponent(location)}${box ? `&${box}` : ''}&limit=100`,
    );
    expectDistancesFrom(location, page);
  });

  it('pages through a box by cursor and by offset, each event once', async () => {
    const whole = ids((await getPage(`${path}${bbox(downtown)}&limit=100`)).events);
    expect(sorted(whole)).toEqual(sorted([...downtownFixtures, 'test:edge']));
    expect(await everyPage(`${path}${bbox(downtown)}`, 2)).toEqual(whole);
    const byOffset = await getPage(`${path}${bbox(downtown)}&offset=2&limit=3`);
    expect(ids(byOffset.events)).toEqual(whole.slice(2, 5));
  });

  it('keeps family mode and ages inside the box', async () => {
    const family = ids((await getPage(`${path}${bbox(fourCells)}&familyMode=true`)).events);
    expect(sorted(family)).toEqual(sorted(['test:sw', 'test:nw', 'test:ne']));
    // moma is for 13-17, comedy 21+ and the café crawl 18+.
    const young = ids((await getPage(`${path}${bbox(downtown)}&ages=young_kids&limit=100`)).events);
    expect(sorted(young)).toEqual(sorted(['test:market', 'test:giants', 'test:edge']));
  });
});

describe('GET /api/events/categories with bbox', () => {
  const countsOf = async (query: string): Promise<Record<CategoryId, number>> => {
    const answer = await getOk(app, `/api/events/categories?${query}`, CategoryCounts);
    return Object.fromEntries(answer.categories.map(({ id, count }) => [id, count])) as Record<
      CategoryId,
      number
    >;
  };

  /**
   * The tiles a list's events make: each stored category's events going ahead, 'deals' those
   * search's deals filter keeps from the same query, 'random' all of them. `list` is the route
   * that reads the query (the listing; search when there is a date).
   */
  async function tilesOf(list: string, query: string): Promise<Record<CategoryId, number>> {
    const everything = await getPage(`${list}?${query}&limit=100`);
    const deals = await getPage(`/api/events/search?${query}&category=deals&limit=100`);
    expect(everything.nextCursor, 'the whole list on one page').toBeNull();
    const going = everything.events.filter((event) => !event.cancelled);
    const tiles = Object.fromEntries(categoryIds.map((id) => [id, 0])) as Record<
      CategoryId,
      number
    >;
    for (const event of going) tiles[event.category] += 1;
    tiles.deals = deals.events.filter((event) => !event.cancelled).length;
    tiles.random = going.length;
    return tiles;
  }

  it.each([
    ['downtown', bbox(downtown)],
    ['the four cells', bbox(fourCells)],
    ['the largest box', bbox(fixtureBoxes.largest)],
    ['New York, from San Francisco', `location=San%20Francisco&${bbox(fixtureBoxes.newYork)}`],
    ['downtown, with a 100 m radius the box replaces', `${bbox(downtown)}&radiusKm=0.1`],
    ['the four cells in family mode', `${bbox(fourCells)}&familyMode=true`],
    ['downtown for young kids', `${bbox(downtown)}&ages=young_kids`],
  ])('counts the events the listing shows in %s, per category', async (_where, query) => {
    const tiles = await tilesOf('/api/events', query);
    expect(tiles.random, 'a box with events in it').toBeGreaterThan(0);
    expect(await countsOf(query)).toEqual(tiles);
  });

  it('counts only what is inside the box, not the circle around location', async () => {
    // Just outside each edge: four free arts walks the circle counts and the box does not.
    const circle = await countsOf('');
    const box = await countsOf(bbox(downtown));
    // moma and the edge walk are its arts; market, comedy, giants and cafe the rest.
    expect(box).toMatchObject({ arts: 2, music: 0, random: 6 });
    expect(circle.arts).toBeGreaterThanOrEqual(box.arts + 4);
  });

  it('counts a date in the box as search finds it, in the zone tz or location names', async () => {
    const swDay = isoDate(
      calendarDateAt(new Date(now.getTime() + 30 * hour), 'America/Los_Angeles'),
    );
    let counted = 0;
    for (const query of [
      `${bbox(fourCells)}&date=${swDay}&tz=America/Los_Angeles`,
      `${bbox(fourCells)}&date=week`,
      `location=New%20York%2C%20NY&${bbox(fourCells)}&date=tomorrow`,
      `location=New%20York%2C%20NY&${bbox(fourCells)}&date=${swDay}`,
    ]) {
      const tiles = await tilesOf('/api/events/search', query);
      expect(await countsOf(query), query).toEqual(tiles);
      counted += tiles.random;
    }
    // sw and nw on their day, and all four this week.
    expect(counted).toBeGreaterThanOrEqual(6);
  });

  it('still names the place the counts are for: location, not the box', async () => {
    const answer = await getOk(
      app,
      `/api/events/categories?location=San%20Francisco&${bbox(fixtureBoxes.newYork)}`,
      CategoryCounts,
    );
    expect(answer.location).toBe('San Francisco, CA');
    expect(answer.categories.find(({ id }) => id === 'music')?.count).toBe(1);
  });
});

describe.each([
  ['GET /api/events', '/api/events?', EventPage],
  ['GET /api/events/search', '/api/events/search?', EventPage],
  ['GET /api/events/categories', '/api/events/categories?', CategoryCounts],
] as const)('%s with a bbox it cannot take', (_name, path, contract) => {
  it.each([
    [
      'reversed (west east of east)',
      '-122.385,37.775,-122.41,37.8',
      'bbox is reversed or empty: it goes west,south,east,north',
    ],
    [
      'south above north',
      '-122.41,37.8,-122.385,37.775',
      'bbox is reversed or empty: it goes west,south,east,north',
    ],
    [
      'empty',
      '-122.41,37.8,-122.41,37.9',
      'bbox is reversed or empty: it goes west,south,east,north',
    ],
    ['the world', '-180,-90,180,90', 'bbox is too large: at most 10 degrees on each side'],
    ['a continent', '-125,25,-66,49', 'bbox is too large: at most 10 degrees on each side'],
    ['words', 'downtown', 'bbox must be four numbers: west,south,east,north'],
    [
      'three numbers',
      '-122.41,37.775,-122.385',
      'bbox must be four numbers: west,south,east,north',
    ],
    [
      'five numbers',
      '-122.41,37.775,-122.385,37.8,1',
      'bbox must be four numbers: west,south,east,north',
    ],
    [
      'a blank number',
      '-122.41,,-122.385,37.8',
      'bbox must be four numbers: west,south,east,north',
    ],
    [
      'Infinity',
      '-Infinity,37.775,-122.385,37.8',
      'bbox must be four numbers: west,south,east,north',
    ],
    [
      'a latitude off the globe',
      '-122.41,89.5,-122.385,90.5',
      'bbox latitudes must be between -90 and 90',
    ],
    [
      'a longitude off the globe',
      '179.5,37.775,180.5,37.8',
      'bbox longitudes must be between -180 and 180',
    ],
  ])('answers 400 in the parser’s words for a box that is %s', async (_what, box, message) => {
    const response = await getJson<{ error: string; field?: string; message: string }>(
      app,
      `${path}bbox=${encodeURIComponent(box)}`,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'bad_request', field: 'bbox', message });
  });

  it('answers 400 naming bbox for a value longer than the schema takes', async () => {
    const response = await getJson<{ error: string; message: string }>(
      app,
      `${path}bbox=${'1'.repeat(101)}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('bbox');
  });

  it('treats a blank bbox as none, as an untouched form sends it', async () => {
    const blank = await getOk(app, `${path}bbox=&limit=100`, contract);
    expect(blank).toEqual(await getOk(app, `${path}limit=100`, contract));
  });
});

describe('GET /api/events with bbox orders events that start together by distance from location', () => {
  it('nearer first from either side, and pages through the tie', async () => {
    // sw and nw start together, 6.7 km apart north to south.
    const fromSouth = `/api/events?location=${encodeURIComponent('37.9, -122.02')}&${bbox(fourCells)}`;
    const fromNorth = `/api/events?location=${encodeURIComponent('38.1, -122.02')}&${bbox(fourCells)}`;
    expect(ids((await getPage(fromSouth)).events)).toEqual([
      'test:sw',
      'test:nw',
      'test:se',
      'test:ne',
    ]);
    expect(ids((await getPage(fromNorth)).events)).toEqual([
      'test:nw',
      'test:sw',
      'test:se',
      'test:ne',
    ]);
    expect(await everyPage(fromNorth, 1)).toEqual(['test:nw', 'test:sw', 'test:se', 'test:ne']);
  });
});

describe('GET /api/events/search with bbox and the other filters', () => {
  const search = async (query: string) =>
    ids((await getPage(`/api/events/search?${bbox(fourCells)}&${query}`)).events);

  it('finds the words inside the box, in relevance tiers, then by date', async () => {
    // The three puppet titles; the one just outside the box is not among them.
    expect(await search('query=puppet')).toEqual(['test:nw', 'test:sw', 'test:se']);
    expect(await search('query=farm')).toEqual(['test:ne']);
    // A word only outside the box: nothing inside it, and not near spellings from outside.
    expect(await search('query=walk')).toEqual([]);
  });

  it('finds near spellings inside the box only', async () => {
    expect(sorted(await search('query=pupet'))).toEqual(sorted(['test:sw', 'test:nw', 'test:se']));
  });

  it('combines the box with words, category, price and date', async () => {
    expect(await search('query=puppet&category=arts')).toEqual(['test:sw', 'test:se']);
    expect(await search('query=puppet&category=music')).toEqual(['test:nw']);
    expect(await search('price=free')).toEqual(['test:sw']);
    const swDay = isoDate(
      calendarDateAt(new Date(now.getTime() + 30 * hour), 'America/Los_Angeles'),
    );
    expect(await search(`query=puppet&category=arts&date=${swDay}&tz=America/Los_Angeles`)).toEqual(
      ['test:sw'],
    );
    // Without words, the date-ordered path.
    expect(sorted(await search(`date=${swDay}&tz=America/Los_Angeles`))).toEqual(
      sorted(['test:sw', 'test:nw']),
    );
  });

  it('takes deals and random from the box', async () => {
    expect(sorted(await search('category=deals'))).toEqual(
      sorted(['test:nw', 'test:se', 'test:ne']),
    );
    const first = await getPage(`/api/events/search?${bbox(fourCells)}&category=random&limit=3`);
    const rest = await getPage(
      `/api/events/search?${bbox(fourCells)}&category=random&limit=3&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(sorted([...ids(first.events), ...ids(rest.events)])).toEqual(sorted(inFourCells));
  });

  it('pages words in a box by cursor', async () => {
    expect(await everyPage(`/api/events/search?${bbox(fourCells)}&query=puppet`, 1)).toEqual([
      'test:nw',
      'test:sw',
      'test:se',
    ]);
  });
});
