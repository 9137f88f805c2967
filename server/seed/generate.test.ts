import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categoryIds, storedCategoryIds } from '../../contract/categories.ts';
import { dateWords } from '../../contract/events.ts';
import { DEFAULT_LOCATION } from '../../contract/product.ts';
import { agesFromWords } from '../ingest/ages.ts';
import { dateWindow } from '../services/search.ts';
import {
  addDays,
  calendarDateAt,
  instantFromWallClock,
  startOfDay,
} from '../services/zonedTime.ts';
import { metros } from './data/metros.ts';
import { seedRestaurants } from './data/restaurants.ts';
import { venues } from './data/venues.ts';
import { generateSeed, seedHorizonDays } from './generate.ts';
import { allDayTemplates, templates } from './templates.ts';

const publicDir = join(import.meta.dirname, '..', '..', 'public');
// A Sunday evening in San Francisco, which is already Monday in UTC.
const today = new Date('2026-11-23T03:30:00Z');
const seed = generateSeed(today);

function metroOf(location: string) {
  const venue = venues.find((candidate) => `${candidate.city}, ${candidate.state}` === location);
  return metros.find((metro) => metro.id === venue?.metro);
}

describe('generateSeed', () => {
  it('lists every kind of event a metro has venues for, on any day it is run', () => {
    // 2026-11-29's draw had no family classical concert near San Francisco (issue 31).
    const pattern = (title: string) =>
      new RegExp(`^${title.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`);
    for (let day = 0; day < 10; day += 1) {
      const runOn = new Date(Date.UTC(2026, 10, 29 + day, 9));
      const events = generateSeed(runOn).events;
      for (const metro of metros) {
        const here = events.filter((event) => metroOf(event.location ?? '') === metro);
        for (const template of [...templates, ...allDayTemplates]) {
          const suits = venues.some(
            (venue) =>
              venue.metro === metro.id &&
              template.at.includes(venue.kind) &&
              (template.family || !venue.forKids),
          );
          if (!suits) continue;
          const titled = pattern(template.title);
          expect(
            here.some((event) => titled.test(event.title)),
            `${template.title} in ${metro.id}, seeded ${runOn.toISOString()}`,
          ).toBe(true);
        }
      }
    }
  });

  it("fills at least six metros with 600+ events, the app's default location first", () => {
    expect(seed.events.length).toBeGreaterThanOrEqual(600);
    expect(metros.length).toBeGreaterThanOrEqual(6);
    expect(metros[0]?.label).toBe(DEFAULT_LOCATION);
    expect(seed.events[0]?.location).toBe(DEFAULT_LOCATION);
    const perMetro = new Map<string, number>();
    for (const event of seed.events) {
      const metro = metroOf(event.location ?? '');
      expect(metro, event.location ?? '').toBeDefined();
      perMetro.set(metro?.id ?? '', (perMetro.get(metro?.id ?? '') ?? 0) + 1);
    }
    expect(perMetro.size).toBe(metros.length);
    for (const count of perMetro.values()) expect(count).toBeGreaterThanOrEqual(80);
  });

  it('covers every stored category in every metro, and the derived deals category', () => {
    expect([...storedCategoryIds, 'deals', 'random'].sort()).toEqual([...categoryIds].sort());
    for (const metro of metros) {
      const metroEvents = seed.events.filter((event) => metroOf(event.location ?? '') === metro);
      expect(new Set(metroEvents.map((event) => event.category))).toEqual(
        new Set(storedCategoryIds),
      );
      // docs/product.md#spec-9: a deal is an event whose price contains '$'.
      expect(metroEvents.filter((event) => event.priceText?.includes('$')).length).toBeGreaterThan(
        6,
      );
    }
  });

  it('is about half family friendly, with free and paid prices in the shapes cards show', () => {
    const family =
      seed.events.filter((event) => event.isFamilyFriendly).length / seed.events.length;
    expect(family).toBeGreaterThanOrEqual(0.4);
    expect(family).toBeLessThanOrEqual(0.6);
    const prices = seed.events.map((event) => event.priceText);
    expect(prices).toContain('Free');
    expect(prices).toContain(null); // blank means Free (docs/product.md#spec-3)
    expect(prices.some((price) => /^\$\d+$/.test(price ?? ''))).toBe(true);
    expect(prices.some((price) => /^\$\d+ - \$\d+$/.test(price ?? ''))).toBe(true);
    for (const price of prices) {
      expect(price ?? null).toSatisfy(
        (value: string | null) => value === null || /^(Free|\$\d+|\$\d+ - \$\d+)$/.test(value),
      );
    }
    const free = seed.events.filter((event) => event.priceMinCents === 0).length;
    expect(free).toBeGreaterThan(60);
    expect(seed.events.length - free).toBeGreaterThan(300);
  });

  it('places events from today to 60 days ahead, in the venue’s own time zone', () => {
    for (const event of seed.events) {
      const metro = metroOf(event.location ?? '');
      if (!metro) throw new Error(`no metro for ${event.location}`);
      expect(event.timeZone).toBe(metro.timeZone);
      const localToday = calendarDateAt(today, metro.timeZone);
      expect(event.startsAt.getTime()).toBeGreaterThanOrEqual(
        startOfDay(localToday, metro.timeZone).getTime(),
      );
      expect(event.startsAt.getTime()).toBeLessThan(
        startOfDay(addDays(localToday, seedHorizonDays + 1), metro.timeZone).getTime(),
      );
    }
  });

  it('always has family and grown-up events today, tomorrow, this weekend and next week', () => {
    // Every weekday of a week, so 'weekend' is checked from Monday through Sunday.
    for (let offset = 0; offset < 7; offset += 1) {
      const day = new Date(today.getTime() + offset * 86_400_000);
      const events = generateSeed(day).events;
      for (const metro of metros) {
        for (const word of dateWords) {
          const window = dateWindow(word, metro.timeZone, day);
          for (const family of [true, false]) {
            const found = events.some(
              (event) =>
                metroOf(event.location ?? '') === metro &&
                event.isFamilyFriendly === family &&
                event.startsAt >= window.from &&
                event.startsAt < window.until,
            );
            expect(found, `${metro.id} ${word} family=${family} on ${day.toISOString()}`).toBe(
              true,
            );
          }
        }
      }
    }
  });

  it('keeps today’s listings ahead of an afternoon visitor, and all-day ones until midnight', () => {
    for (const metro of metros) {
      const localToday = calendarDateAt(today, metro.timeZone);
      const at = (hour: number) =>
        instantFromWallClock({ ...localToday, hour, minute: 0, second: 0 }, metro.timeZone);
      const dayStart = startOfDay(localToday, metro.timeZone);
      const midnight = startOfDay(addDays(localToday, 1), metro.timeZone);
      // The events service's rule: timed events until they start, all-day ones until the day ends.
      const stillToday = (family: boolean, now: Date) =>
        seed.events.filter(
          (event) =>
            metroOf(event.location ?? '') === metro &&
            event.isFamilyFriendly === family &&
            event.startsAt >= dayStart &&
            event.startsAt < midnight &&
            (event.hasTime === false || event.startsAt > now),
        );
      for (const family of [true, false]) {
        expect(
          stillToday(family, at(15)).length,
          `${metro.id} family=${family} at 3 PM`,
        ).toBeGreaterThanOrEqual(3);
        expect(
          stillToday(family, at(23)).length,
          `${metro.id} family=${family} at 11 PM`,
        ).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('is the same for the same day and moves with the day, keeping its ids', () => {
    const again = generateSeed(new Date('2026-11-22T20:00:00Z')); // same Sunday in SF
    const sfOnly = (events: typeof seed.events) =>
      events.filter((event) => event.sourceId.startsWith('sf-'));
    expect(sfOnly(again.events)).toEqual(sfOnly(seed.events));
    const nextDay = generateSeed(new Date('2026-11-24T03:30:00Z'));
    expect(nextDay.events.map((event) => event.id)).toEqual(seed.events.map((event) => event.id));
    expect(nextDay.events[0]?.startsAt).not.toEqual(seed.events[0]?.startsAt);
    expect(new Set(seed.events.map((event) => event.id)).size).toBe(seed.events.length);
  });

  it('gives events the ages their templates are for: little ones, 21+ nights, mostly all ages', () => {
    const counts = { child: 0, adult: 0, all: 0 };
    for (const event of seed.events) {
      const { minAge, maxAge } = event;
      if (event.title.includes('21+')) expect(minAge, event.title).toBe(21);
      // An adult limit the listing states (title, description, tags) is the range's minimum,
      // read the way the importers read a real listing.
      const stated = agesFromWords([event.title, event.description, ...(event.tags ?? [])]);
      if (stated?.minAge !== undefined && stated.minAge !== null && stated.minAge >= 18) {
        expect(minAge, `${event.title}: ${event.description}`).toBe(stated.minAge);
      }
      if (/story ?time/i.test(event.title)) expect(maxAge, event.title).toBeLessThanOrEqual(10);
      if (event.isFamilyFriendly && minAge !== null && minAge !== undefined) {
        expect(minAge, `${event.title} is for families`).toBeLessThan(18);
      }
      if (minAge !== null && minAge !== undefined && maxAge !== null && maxAge !== undefined) {
        expect(minAge).toBeLessThanOrEqual(maxAge);
      }
      if (minAge === null && maxAge === null) counts.all += 1;
      else if ((minAge ?? 0) >= 18) counts.adult += 1;
      else counts.child += 1;
    }
    expect(counts.all).toBeGreaterThan(seed.events.length / 3);
    expect(counts.child).toBeGreaterThan(seed.events.length / 10);
    expect(counts.adult).toBeGreaterThan(seed.events.length / 20);
  });

  it('writes complete, readable listings', () => {
    for (const event of seed.events) {
      expect(event.id).toBe(`famjam-seed:${event.sourceId}`);
      expect(event.title).not.toMatch(/[{}]/);
      expect(event.description).not.toMatch(/[{}]|\s{2}/);
      expect(event.description?.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(event.tags?.length).toBeGreaterThanOrEqual(2);
      expect(event.tags?.length).toBeLessThanOrEqual(5);
      expect(event.imageUrl).toBe(`/images/categories/${event.category}.svg`);
      expect(event.address).toMatch(/, [A-Z]{2} \d{5}$/);
      if (event.ticketUrl) expect(event.ticketUrl).toMatch(/^https:\/\//);
      if (event.title.includes('21+')) expect(event.isFamilyFriendly).toBe(false);
      const venue = venues.find((candidate) => candidate.name === event.venue);
      if (venue?.forKids)
        expect(event.isFamilyFriendly, `${event.title} at ${venue.name}`).toBe(true);
    }
    const withTickets = seed.events.filter((event) => event.ticketUrl).length;
    expect(withTickets).toBeGreaterThan(seed.events.length / 3);
    expect(withTickets).toBeLessThan(seed.events.length);
  });

  it('lists 120+ restaurants across every metro', () => {
    expect(seed.restaurants.length).toBeGreaterThanOrEqual(120);
    for (const metro of metros) {
      expect(
        seedRestaurants.filter((restaurant) => restaurant.metro === metro.id).length,
      ).toBeGreaterThanOrEqual(15);
    }
    for (const restaurant of seed.restaurants) {
      expect(restaurant.rating).toMatch(/^[0-5]\.\d$/);
      expect(restaurant.features?.length).toBeGreaterThanOrEqual(2);
      expect(restaurant.reservationUrl).toMatch(/^https:\/\//);
      expect(restaurant.imageUrl).toBe('/images/categories/restaurant.svg');
    }
    expect(new Set(seed.restaurants.map((restaurant) => restaurant.id)).size).toBe(
      seed.restaurants.length,
    );
  });
});

describe('seed places', () => {
  const zipcodes = createRequire(import.meta.url)('zipcodes') as {
    lookup(zip: string): { latitude: number; longitude: number; state: string } | undefined;
  };
  const km = (aLat: number, aLon: number, bLat: number, bLon: number) => {
    const rad = Math.PI / 180;
    const h =
      Math.sin(((bLat - aLat) * rad) / 2) ** 2 +
      Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(((bLon - aLon) * rad) / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.sqrt(h));
  };

  it('puts every venue and restaurant where its ZIP code is', () => {
    for (const place of [...venues, ...seedRestaurants]) {
      const zip = zipcodes.lookup(place.zip);
      expect(zip?.state, place.name).toBe(place.state);
      expect(
        km(place.latitude, place.longitude, zip?.latitude ?? 0, zip?.longitude ?? 0),
        place.name,
      ).toBeLessThan(10);
    }
  });

  it('has at least 15 venues per metro', () => {
    for (const metro of metros) {
      expect(venues.filter((venue) => venue.metro === metro.id).length).toBeGreaterThanOrEqual(15);
    }
  });
});

describe('category illustrations', () => {
  it('has a small 16:9 SVG with a title for every category and restaurants', () => {
    for (const name of [...categoryIds, 'restaurant']) {
      const file = join(publicDir, 'images', 'categories', `${name}.svg`);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(3 * 1024);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/viewBox="0 0 320 180"/);
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
    }
  });
});
