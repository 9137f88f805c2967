import { describe, expect, it } from 'vitest';
import { instantFromWallClock, wallClockAt } from '../services/zonedTime.ts';
import { inferCategory, inferFamilyFriendly } from './classify.ts';
import { plainText, safeHttpUrl, toEventRow } from './eventRecord.ts';
import { guessTimeZone, ianaZoneFromLabel, resolvePlace } from './places.ts';
import { formatPriceRange, parsePriceText } from './price.ts';

describe('price text', () => {
  it('reads the amounts cards show into cents', () => {
    expect(parsePriceText('$25')).toEqual({ minCents: 2500, maxCents: 2500 });
    expect(parsePriceText('$15 - $40')).toEqual({ minCents: 1500, maxCents: 4000 });
    expect(parsePriceText('$39.50 - $129.50')).toEqual({ minCents: 3950, maxCents: 12950 });
    expect(parsePriceText('Free')).toEqual({ minCents: 0, maxCents: 0 });
    expect(parsePriceText('')).toEqual({ minCents: 0, maxCents: 0 });
    expect(parsePriceText(null)).toEqual({ minCents: 0, maxCents: 0 });
    expect(parsePriceText('Donation at the door')).toEqual({ minCents: null, maxCents: null });
    expect(parsePriceText('$1,200')).toEqual({ minCents: 120000, maxCents: 120000 });
  });

  it('writes ranges the way cards show them', () => {
    expect(formatPriceRange(25, 25)).toBe('$25');
    expect(formatPriceRange(15, 40)).toBe('$15 - $40');
    expect(formatPriceRange(39.5, 129.5)).toBe('$39.50 - $129.50');
    expect(formatPriceRange(0, 0)).toBe('Free');
    expect(formatPriceRange(0, 20)).toBe('Free - $20');
    expect(formatPriceRange(null, null)).toBeNull();
    expect(formatPriceRange(18, null, 'EUR')).toBe('€18');
  });
});

describe('zoned wall-clock time', () => {
  it('converts local times on both sides of a DST change', () => {
    const winter = instantFromWallClock(
      { year: 2026, month: 12, day: 5, hour: 19, minute: 30, second: 0 },
      'America/Los_Angeles',
    );
    expect(winter.toISOString()).toBe('2026-12-06T03:30:00.000Z');
    const summer = instantFromWallClock(
      { year: 2027, month: 7, day: 4, hour: 21, minute: 0, second: 0 },
      'America/New_York',
    );
    expect(summer.toISOString()).toBe('2027-07-05T01:00:00.000Z');
    expect(wallClockAt(summer, 'America/New_York')).toMatchObject({ day: 4, hour: 21 });
  });

  it('moves a time skipped by spring-forward an hour later', () => {
    const skipped = instantFromWallClock(
      { year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0 },
      'America/Chicago',
    );
    expect(wallClockAt(skipped, 'America/Chicago')).toMatchObject({ hour: 3, minute: 30 });
  });

  it('names zones from IANA, Windows and prefixed labels', () => {
    expect(ianaZoneFromLabel('America/Denver')).toBe('America/Denver');
    expect(ianaZoneFromLabel('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(ianaZoneFromLabel('/mozilla.org/20050126_1/America/New_York')).toBe('America/New_York');
    expect(ianaZoneFromLabel('EST')).toBeNull();
    expect(ianaZoneFromLabel('Mars/Olympus_Mons')).toBeNull();
    expect(guessTimeZone(null, 'Texas')).toBe('America/Chicago');
    expect(guessTimeZone({ latitude: 39.74, longitude: -104.99 }, null)).toBe('America/Denver');
  });
});

describe('places', () => {
  it('uses the record’s coordinates, else its ZIP code, else its city and state', () => {
    expect(resolvePlace({ latitude: '37.8', longitude: '-122.27' }, {})).toEqual({
      latitude: 37.8,
      longitude: -122.27,
      precision: 'exact',
    });
    const byZip = resolvePlace(null, { postalCode: '94612' });
    expect(byZip?.precision).toBe('postal-code');
    expect(byZip?.latitude).toBeCloseTo(37.81, 1);
    const byCity = resolvePlace(null, { city: 'Austin', region: 'TX' });
    expect(byCity?.precision).toBe('city');
    expect(byCity?.longitude).toBeCloseTo(-97.7, 0);
  });

  it('refuses (0, 0), out-of-range values and places it cannot find', () => {
    expect(resolvePlace({ latitude: 0, longitude: 0 }, {})).toBeNull();
    expect(resolvePlace({ latitude: 91, longitude: 10 }, {})).toBeNull();
    expect(resolvePlace(null, { city: 'Somewhere', region: 'ZZ' })).toBeNull();
    expect(resolvePlace(null, { postalCode: '75001', country: 'FR' })).toBeNull();
  });
});

describe('category and family friendliness', () => {
  it('maps words to categories', () => {
    expect(inferCategory({ title: 'Late Show Stand-Up' })).toBe('comedy');
    expect(inferCategory({ title: 'Jazz Quartet in the Park' })).toBe('music');
    expect(inferCategory({ title: 'Sunday 5K Fun Run' })).toBe('sports');
    expect(inferCategory({ title: 'Dumpling Workshop', labels: ['Cooking'] })).toBe('dining');
    expect(inferCategory({ title: 'Planetarium Night' })).toBe('arts');
    expect(inferCategory({ title: 'Community meeting' })).toBe('popup');
  });

  it('marks an event for families only on a signal, and never with an adult one', () => {
    expect(inferFamilyFriendly({ texts: ['Storytime for kids'] })).toBe(true);
    expect(inferFamilyFriendly({ texts: ['Jazz night'] })).toBe(false);
    expect(inferFamilyFriendly({ texts: ['Family beer fest, 21+'] })).toBe(false);
    expect(inferFamilyFriendly({ texts: ['Concert. All ages.'] })).toBe(false);
    expect(inferFamilyFriendly({ texts: ['Workshop'], maximumAge: 12 })).toBe(true);
    expect(inferFamilyFriendly({ texts: ['Kids welcome'], minimumAge: 18 })).toBe(false);
    expect(inferFamilyFriendly({ texts: ['Show'], sourceSaysFamily: true })).toBe(true);
    expect(
      inferFamilyFriendly({
        texts: ['Family show'],
        sourceSaysFamily: true,
        sourceSaysAdultOnly: true,
      }),
    ).toBe(false);
  });
});

describe('event rows', () => {
  const draft = {
    sourceId: 'abc',
    title: '  Jazz <b>Night</b>  ',
    description: '<p>Two sets.</p><p>Tickets &amp; drinks at the door.</p>',
    startsAt: new Date('2026-12-01T03:00:00Z'),
    timeZone: 'America/Los_Angeles',
    hasTime: true,
    priceText: '$20',
    category: 'music' as const,
    isFamilyFriendly: false,
    ticketUrl: 'javascript:alert(1)',
    latitude: 37.78,
    longitude: -122.42,
  };

  it('cleans text, keeps only http links and fills in the image and prices', () => {
    const result = toEventRow('ical', draft);
    expect(result).toMatchObject({
      ok: true,
      row: {
        id: 'ical:abc',
        title: 'Jazz Night',
        description: 'Two sets.\nTickets & drinks at the door.',
        ticketUrl: null,
        imageUrl: '/images/categories/music.svg',
        priceMinCents: 2000,
        priceMaxCents: 2000,
      },
    });
    expect(safeHttpUrl('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(plainText('a'.repeat(50), 10)).toHaveLength(10);
  });

  it('says why a draft is refused', () => {
    expect(toEventRow('ical', { ...draft, title: ' ' })).toEqual({
      ok: false,
      reason: 'it has no title',
    });
    expect(toEventRow('ical', { ...draft, timeZone: 'PST' })).toMatchObject({ ok: false });
    expect(toEventRow('ical', { ...draft, latitude: Number.NaN })).toMatchObject({
      ok: false,
      reason: 'its coordinates are missing or out of range',
    });
    expect(toEventRow('ical', { ...draft, startsAt: new Date('nope') })).toMatchObject({
      ok: false,
    });
  });
});

describe('autumn fall-back', () => {
  it('takes the first of the two 1:30s', () => {
    const twice = instantFromWallClock(
      { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 },
      'America/Chicago',
    );
    expect(twice.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });
});
