import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { openTestDatabase } from '../test/database.ts';
import { ingest } from './cli.ts';
import { importOutcome } from './pipeline.ts';
import { parseTicketmasterResponse } from './ticketmaster.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'ticketmaster-events.json');
const now = new Date('2026-11-22T12:00:00Z');
const deps = {
  env: {},
  now: () => now,
  resolve: () => Promise.reject(new Error('tests never touch the network')),
  err: () => {},
};

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

async function row(id: string) {
  const [found] = await handle.db.select().from(events).where(eq(events.id, id));
  return found;
}

describe('Ticketmaster Discovery importer', () => {
  it('imports _embedded.events, skips the cancelled one and reports the one without a venue', async () => {
    const report = await ingest(handle.db, 'ticketmaster', fixture, deps);
    expect(report).toMatchObject({ added: 4, updated: 0, skipped: 1 });
    expect(report.invalid).toEqual([
      {
        label: '"Mystery Guest Livestream Watch Party" (id Z7r9jZ1A7bB9x)',
        reason: 'it has no venue (_embedded.venues is missing), so there is no place to show',
      },
    ]);
  });

  it('maps classification, price ranges, venue and time', async () => {
    const concert = await row('ticketmaster:G5vYZb4Kx1AaM');
    expect(concert).toMatchObject({
      title: 'The Marigold Sessions - Northern Lights Tour',
      category: 'music',
      isFamilyFriendly: false,
      priceText: '$39.50 - $129.50',
      priceMinCents: 3950,
      priceMaxCents: 12950,
      venue: 'Chase Center',
      address: '1 Warriors Way, San Francisco, CA 94158',
      location: 'San Francisco, CA',
      latitude: 37.76797,
      longitude: -122.38761,
      timeZone: 'America/Los_Angeles',
      hasTime: true,
      tags: ['Rock', 'Pop', 'Music'],
      // The widest 16:9 image (1136 px) is recorded for the picture worker, which makes the
      // card sizes from it; until it has fetched it, the card shows the category drawing.
      pictureUrl:
        'https://s1.ticketm.net/dam/a/7c1/5f0e6a1c-9f1a-4c0e-9a51-6d1c7e2b77c1_RETINA_LANDSCAPE_16_9.jpg',
      pictureCheckedAt: null,
      imageUrl: '/images/categories/music.svg',
    });
    // legalAgeEnforced false and no age words: all ages.
    expect(concert).toMatchObject({ minAge: null, maxAge: null });
    expect(concert?.ticketUrl).toMatch(/^https:\/\/www\.ticketmaster\.com\//);
    expect(concert?.startsAt.toISOString()).toBe('2026-12-06T03:30:00.000Z');
  });

  it('never marks a legalAgeEnforced event for families; trusts the family classification', async () => {
    expect(await row('ticketmaster:Z7r9jZ1A7vF0k')).toMatchObject({
      category: 'comedy',
      isFamilyFriendly: false,
      priceText: '$35 - $55',
      // legalAgeEnforced with no '18+' in the listing: the US drinking age.
      minAge: 21,
      maxAge: null,
    });
    expect(await row('ticketmaster:vvG1zZ9kPq3Xb')).toMatchObject({
      category: 'arts',
      isFamilyFriendly: true,
      priceText: null,
      location: 'San Jose, CA',
    });
  });

  it('reads localDate and localTime in the venue’s zone when dateTime is missing', async () => {
    const hoops = await row('ticketmaster:Z7r9jZ1A7aQ4e');
    expect(hoops).toMatchObject({
      category: 'sportsgames',
      timeZone: 'America/Chicago',
      priceText: '$15',
    });
    expect(hoops?.startsAt.toISOString()).toBe('2026-12-28T23:00:00.000Z');
  });

  it('skips unchanged events on a second run; a bad record never changes a stored row', async () => {
    expect(await ingest(handle.db, 'ticketmaster', fixture, deps)).toMatchObject({
      added: 0,
      updated: 0,
      skipped: 5,
    });
    const before = await row('ticketmaster:G5vYZb4Kx1AaM');
    const body = JSON.parse(readFileSync(fixture, 'utf8'));
    const [concert, comedy] = body._embedded.events;
    concert.name = 'Renamed without a date';
    concert.dates.start = { dateTBA: true, timeTBA: true };
    comedy.priceRanges[0].max = 60;
    const report = await importOutcome(
      handle.db,
      'ticketmaster',
      parseTicketmasterResponse(body, { now }),
    );
    expect(report).toMatchObject({ added: 0, updated: 1, skipped: 3 });
    expect(report.invalid).toContainEqual({
      label: '"Renamed without a date" (id G5vYZb4Kx1AaM)',
      reason: 'its date is still to be announced (dateTBA)',
    });
    expect(await row('ticketmaster:G5vYZb4Kx1AaM')).toEqual(before);
    expect((await row('ticketmaster:Z7r9jZ1A7vF0k'))?.priceText).toBe('$35 - $60');
  });

  it('names the API error when the response is one', () => {
    expect(() =>
      parseTicketmasterResponse(
        {
          fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } },
        },
        { now },
      ),
    ).toThrow('Ticketmaster answered with an error: Invalid ApiKey');
  });
});
