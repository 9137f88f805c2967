import { type BoundingBox, formatBoundingBox } from '../../contract/maps.ts';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import type { DatabaseHandle, OpenOptions } from '../db/client.ts';
import {
  events,
  type NewEventRow,
  type NewRestaurantRow,
  restaurants,
} from '../db/schema/index.ts';
import {
  addDays,
  calendarDateAt,
  instantFromWallClock,
  startOfDay,
} from '../services/zonedTime.ts';
import type { FamJamApp } from '../types.ts';
import { openTestDatabase } from './database.ts';
import { testConfig } from './helpers.ts';

/**
 * Test support for the events, restaurants, geo and saved-list tests: a small, fixed world of
 * events around San Francisco (plus Oakland, New York and one far away), and a database to put
 * it in. Not a test file itself (no `.test.ts`).
 */

const hour = 60 * 60 * 1000;

/** Where the fixtures are. */
export const places = {
  goldenGatePark: { latitude: 37.7694, longitude: -122.4862 },
  oraclePark: { latitude: 37.7786, longitude: -122.3893 },
  ferryBuilding: { latitude: 37.7955, longitude: -122.3937 },
  sfmoma: { latitude: 37.7857, longitude: -122.4011 },
  punchLine: { latitude: 37.7946, longitude: -122.3999 },
  lakeMerritt: { latitude: 37.8024, longitude: -122.2581 },
  timesSquare: { latitude: 40.758, longitude: -73.9855 },
  /** San Jose: 68 km from San Francisco, outside the default 40 km. */
  sanJose: { latitude: 37.3382, longitude: -121.8863 },
} as const;

/**
 * Boxes of "Search this area" (`bbox=`) over the fixture world, for the bbox route tests and the
 * index tests.
 */
export const fixtureBoxes = {
  /**
   * Downtown San Francisco: the Ferry Building, Punch Line, Oracle Park and SFMOMA are inside
   * (market, comedy, giants, moma, cafe); Golden Gate Park and Oakland are not.
   */
  downtown: { west: -122.41, south: 37.775, east: -122.385, north: 37.8 },
  /** Around 38°N 122°W (Walnut Creek / Concord), where four 1-degree cells meet. */
  fourCells: { west: -122.05, south: 37.95, east: -121.95, north: 38.05 },
  /** As large as a box may be (10 degrees a side, 121 cells): the Bay Area and San Jose, not New York. */
  largest: { west: -127, south: 33, east: -117, north: 43 },
  /** Manhattan, across the continent from San Francisco: Broadway only. */
  newYork: { west: -74.1, south: 40.6, east: -73.8, north: 40.9 },
} as const satisfies Record<string, BoundingBox>;

/** `bbox=` for a box, written as the app writes it. */
export const bboxParam = (box: BoundingBox): string => `bbox=${formatBoundingBox(box)}`;

export type FixtureInput = Omit<
  NewEventRow,
  'id' | 'source' | 'sourceId' | 'priceMinCents' | 'priceMaxCents' | 'timeZone' | 'startsAt'
> & {
  key: string;
  /** Hours from `now`. */
  startsInHours: number;
  timeZone?: string;
};

/** Cents of the dollar amounts in a price text; 0 for blank or 'Free', null for 'Donation'. */
function cents(priceText: string | null | undefined): { min: number | null; max: number | null } {
  const text = priceText?.trim() ?? '';
  if (text === '' || /^free$/i.test(text)) return { min: 0, max: 0 };
  const amounts = [...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]) * 100);
  if (amounts.length === 0) return { min: null, max: null };
  return { min: Math.min(...amounts), max: Math.max(...amounts) };
}

/** One event row as the fixtures write it: id `test:<key>`, its cents read from the price text. */
export function fixtureEvent(now: Date, input: FixtureInput): NewEventRow {
  const { key, startsInHours, timeZone = 'America/Los_Angeles', ...rest } = input;
  const price = cents(rest.priceText);
  const instant = new Date(now.getTime() + startsInHours * hour);
  return {
    ...rest,
    id: `test:${key}`,
    source: 'test',
    sourceId: key,
    // Date-only listings are stored at local midnight of their day (see the schema).
    startsAt:
      rest.hasTime === false ? startOfDay(calendarDateAt(instant, timeZone), timeZone) : instant,
    timeZone,
    priceMinCents: price.min,
    priceMaxCents: price.max,
  };
}

/**
 * The fixed world, relative to `now` so "upcoming" and the date words always have something.
 * Ids are `test:<key>`.
 */
export function fixtureEvents(now: Date): NewEventRow[] {
  return [
    fixtureEvent(now, {
      key: 'jazz',
      title: 'Jazz Concert in the Park',
      description: 'An evening of live jazz on the lawn. Bring a blanket.',
      venue: 'Golden Gate Park Bandshell',
      location: 'San Francisco, CA',
      address: '50 Hagiwara Tea Garden Dr, San Francisco, CA 94118',
      startsInHours: 26,
      priceText: '$25',
      imageUrl: '/images/events/music.svg',
      category: 'music',
      tags: ['jazz', 'outdoor'],
      isFamilyFriendly: true,
      ticketUrl: 'https://tickets.example.com/jazz',
      ...places.goldenGatePark,
    }),
    fixtureEvent(now, {
      key: 'comedy',
      minAge: 21,
      maxAge: null,
      title: 'Stand-up Night',
      description: 'Five local comics, one microphone.',
      venue: 'Punch Line',
      location: 'San Francisco, CA',
      address: '444 Battery St, San Francisco, CA 94111',
      startsInHours: 30,
      priceText: '$15 - $30',
      imageUrl: '/images/events/comedy.svg',
      category: 'comedy',
      tags: ['standup', '21+'],
      isFamilyFriendly: false,
      ...places.punchLine,
    }),
    fixtureEvent(now, {
      key: 'giants',
      title: 'Giants vs Dodgers',
      description: 'Rivalry weekend at the ballpark.',
      venue: 'Oracle Park',
      location: 'San Francisco, CA',
      address: '24 Willie Mays Plaza, San Francisco, CA 94107',
      startsInHours: 50,
      priceText: '$45',
      imageUrl: '/images/events/sportsgames.svg',
      category: 'sportsgames',
      tags: ['baseball', 'mlb'],
      isFamilyFriendly: true,
      ticketUrl: 'https://tickets.example.com/giants',
      ...places.oraclePark,
    }),
    fixtureEvent(now, {
      key: 'market',
      title: 'Farmers Market Brunch',
      description: 'Local growers, pastries and coffee by the bay.',
      venue: 'Ferry Building',
      location: 'San Francisco, CA',
      address: '1 Ferry Building, San Francisco, CA 94111',
      startsInHours: 4,
      priceText: null,
      imageUrl: '/images/events/dining.svg',
      category: 'dining',
      tags: ['food', 'market'],
      isFamilyFriendly: true,
      ...places.ferryBuilding,
    }),
    fixtureEvent(now, {
      key: 'moma',
      minAge: 13,
      maxAge: 17,
      title: 'Modern Art Exhibition',
      description: 'Sculpture and painting from the permanent collection; a museum classic.',
      venue: 'SFMOMA',
      location: 'San Francisco, CA',
      address: '151 3rd St, San Francisco, CA 94103',
      startsInHours: 75,
      priceText: '$30',
      imageUrl: '/images/events/arts.svg',
      category: 'arts',
      tags: ['museum', 'exhibition'],
      isFamilyFriendly: true,
      ...places.sfmoma,
    }),
    fixtureEvent(now, {
      key: 'cafe',
      minAge: 18,
      maxAge: null,
      title: 'Café Tasting Crawl',
      description: 'Espresso flights at six cafés.',
      venue: 'Ferry Building',
      location: 'San Francisco, CA',
      address: '1 Ferry Building, San Francisco, CA 94111',
      startsInHours: 100,
      priceText: '$65',
      imageUrl: '/images/events/dining.svg',
      category: 'dining',
      tags: ['coffee'],
      isFamilyFriendly: false,
      ...places.ferryBuilding,
    }),
    fixtureEvent(now, {
      key: 'symphony',
      minAge: 10,
      maxAge: null,
      title: 'Symphony Under the Stars',
      description: 'The orchestra plays film scores; pay what you can.',
      venue: 'Golden Gate Park Bandshell',
      location: 'San Francisco, CA',
      address: '50 Hagiwara Tea Garden Dr, San Francisco, CA 94118',
      startsInHours: 26,
      priceText: 'Donation',
      imageUrl: '/images/events/music.svg',
      category: 'music',
      tags: ['classical', 'outdoor'],
      isFamilyFriendly: true,
      ...places.goldenGatePark,
    }),
    fixtureEvent(now, {
      key: 'yoga',
      minAge: 3,
      maxAge: 8,
      title: 'Kids Yoga by the Lake',
      description: 'Stretch, breathe and play. Ages 4 to 10.',
      venue: 'Lake Merritt Amphitheater',
      location: 'Oakland, CA',
      address: '568 Bellevue Ave, Oakland, CA 94610',
      startsInHours: 8,
      priceText: 'Free',
      imageUrl: '/images/events/sports.svg',
      category: 'sports',
      tags: ['kids', 'yoga'],
      isFamilyFriendly: true,
      ...places.lakeMerritt,
    }),
    fixtureEvent(now, {
      key: 'nightmarket',
      minAge: null,
      maxAge: 12,
      title: 'Night Market Pop-Up',
      description: 'Street food and makers, all day.',
      venue: 'Lake Merritt Pergola',
      location: 'Oakland, CA',
      address: '599 El Embarcadero, Oakland, CA 94610',
      // A date-only listing: local midnight in three days' time.
      startsInHours: 72,
      hasTime: false,
      priceText: '$5',
      imageUrl: '/images/events/popup.svg',
      category: 'popup',
      tags: ['market', 'food'],
      isFamilyFriendly: true,
      ...places.lakeMerritt,
    }),
    fixtureEvent(now, {
      key: 'broadway',
      title: 'Broadway Musical Matinee',
      description: 'The long-running hit, Sunday matinee.',
      venue: 'Majestic Theatre',
      location: 'New York, NY',
      address: '245 W 44th St, New York, NY 10036',
      startsInHours: 28,
      priceText: '$89 - $199',
      imageUrl: '/images/events/music.svg',
      category: 'music',
      tags: ['theater'],
      isFamilyFriendly: true,
      timeZone: 'America/New_York',
      ...places.timesSquare,
    }),
    fixtureEvent(now, {
      key: 'sanjose',
      title: 'Jazz on the Plaza',
      description: 'Summer jazz series.',
      venue: 'Plaza de César Chávez',
      location: 'San Jose, CA',
      address: 'Market St, San Jose, CA 95113',
      startsInHours: 27,
      priceText: 'Free',
      imageUrl: '/images/events/music.svg',
      category: 'music',
      tags: ['jazz'],
      isFamilyFriendly: true,
      ...places.sanJose,
    }),
    fixtureEvent(now, {
      key: 'past',
      title: 'Yesterday Jazz Brunch',
      description: 'Already over.',
      venue: 'Ferry Building',
      location: 'San Francisco, CA',
      address: '1 Ferry Building, San Francisco, CA 94111',
      startsInHours: -20,
      priceText: '$10',
      imageUrl: '/images/events/dining.svg',
      category: 'dining',
      tags: ['jazz'],
      isFamilyFriendly: true,
      ...places.ferryBuilding,
    }),
  ] satisfies NewEventRow[];
}

function fixtureRestaurants(): NewRestaurantRow[] {
  const base = { source: 'test', imageUrl: '/images/restaurants/default.svg' };
  return [
    {
      ...base,
      id: 'test:zuni',
      sourceId: 'zuni',
      name: 'Zuni Café',
      cuisine: 'Californian',
      rating: '4.5',
      priceLevel: 3,
      address: '1658 Market St, San Francisco, CA 94102',
      location: 'San Francisco, CA',
      latitude: 37.7736,
      longitude: -122.4216,
      features: ['Outdoor seating', 'Kid friendly', 'Bar'],
      reservationUrl: 'https://reserve.example.com/zuni',
    },
    {
      ...base,
      id: 'test:tartine',
      sourceId: 'tartine',
      name: 'Tartine Bakery',
      cuisine: 'Bakery',
      rating: '4.7',
      priceLevel: 2,
      address: '600 Guerrero St, San Francisco, CA 94110',
      location: 'San Francisco, CA',
      latitude: 37.7614,
      longitude: -122.4241,
      features: ['Takeout'],
      reservationUrl: null,
    },
    {
      ...base,
      id: 'test:homeroom',
      sourceId: 'homeroom',
      name: 'Homeroom',
      cuisine: 'Mac and cheese',
      rating: '4.3',
      priceLevel: null,
      address: '400 40th St, Oakland, CA 94609',
      location: 'Oakland, CA',
      latitude: 37.8297,
      longitude: -122.2603,
      features: ['Kid friendly'],
      reservationUrl: null,
    },
    {
      ...base,
      id: 'test:katz',
      sourceId: 'katz',
      name: "Katz's Delicatessen",
      cuisine: 'Deli',
      rating: '4.6',
      priceLevel: 2,
      address: '205 E Houston St, New York, NY 10002',
      location: 'New York, NY',
      latitude: 40.7223,
      longitude: -73.9874,
      features: [],
      reservationUrl: null,
    },
  ];
}

/** Boise: far from every other fixture, in a zone of its own (Mountain time). */
export const calendarTown = { latitude: 43.615, longitude: -116.2023, timeZone: 'America/Boise' };

/**
 * One event a day in Boise at 23:00 local time, from today for `days` days: a calendar on
 * which every date word has a known, non-empty answer whatever day the tests run. Ids are
 * `test:day-<n>`, n days from today in Boise.
 */
export function calendarEvents(now: Date, days: number): NewEventRow[] {
  const today = calendarDateAt(now, calendarTown.timeZone);
  return Array.from({ length: days }, (_, offset) => {
    const day = addDays(today, offset);
    // 23:00 on the day's own wall clock: midnight + 23 h is the next day's midnight when the
    // clocks go forward that day.
    const startsAt = instantFromWallClock(
      { ...day, hour: 23, minute: 0, second: 0 },
      calendarTown.timeZone,
    );
    return fixtureEvent(now, {
      key: `day-${offset}`,
      title: `Evening Storytime, day ${offset}`,
      description: 'Stories by the river before bed.',
      venue: 'Boise Public Library',
      location: 'Boise, ID',
      address: '715 S Capitol Blvd, Boise, ID 83702',
      startsInHours: (startsAt.getTime() - now.getTime()) / hour,
      timeZone: calendarTown.timeZone,
      priceText: 'Free',
      imageUrl: '/images/events/arts.svg',
      category: 'arts',
      tags: ['stories'],
      isFamilyFriendly: true,
      latitude: calendarTown.latitude,
      longitude: calendarTown.longitude,
    });
  });
}

export async function insertFixtures(handle: DatabaseHandle, now: Date): Promise<void> {
  await handle.db.insert(events).values(fixtureEvents(now));
  await handle.db.insert(restaurants).values(fixtureRestaurants());
}

/**
 * The whole app on a fresh database (PGlite, or DATABASE_URL's server) holding the fixtures.
 * Closing the app closes and, on a server, drops the database.
 */
export async function buildFixtureApp(
  overrides: Partial<ServerConfig> = {},
  databaseOptions: OpenOptions = {},
): Promise<{ app: FamJamApp; handle: DatabaseHandle }> {
  const handle = await openTestDatabase(databaseOptions);
  await insertFixtures(handle, new Date());
  const app = await buildApp({ config: testConfig(overrides), db: handle.db });
  app.addHook('onClose', async () => {
    await handle.close();
  });
  return { app, handle };
}
