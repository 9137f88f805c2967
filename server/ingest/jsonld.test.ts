import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { openTestDatabase } from '../test/database.ts';
import { ingest } from './cli.ts';
import { parseJsonLdPage } from './jsonld.ts';
import { formatReport, importOutcome } from './pipeline.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'oakland-family-events.html');
const now = new Date('2026-11-22T12:00:00Z');
const deps = {
  env: {},
  now: () => now,
  resolve: () => Promise.reject(new Error('tests never touch the network')),
  err: () => {},
};
const telescopeId = 'jsonld:https://eastbayweekender.example/events/family-telescope-night#event';
const lanternId = 'jsonld:https://eastbayweekender.example/events/lake-merritt-lantern-walk#event';

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

describe('schema.org JSON-LD importer', () => {
  it('finds Events in every ld+json block, @graph and array alike', async () => {
    const report = await ingest(handle.db, 'jsonld', fixture, deps);
    // Added: telescope night, lantern walk (the @graph), concert, comedy, 5K (the array).
    // Skipped: the cancelled pancake breakfast.
    expect(report).toMatchObject({ added: 5, updated: 0, skipped: 1 });
    expect(report.invalid).toEqual([
      { label: 'JSON-LD block #4', reason: expect.stringMatching(/^it is not valid JSON/) },
      {
        label: '"Mystery Pop-Up Market" (https://eastbayweekender.example/events/mystery-pop-up)',
        reason: expect.stringContaining('no usable location'),
      },
      {
        label:
          '"Online Parenting Workshop" (https://eastbayweekender.example/events/online-parenting-workshop)',
        reason: 'it is online only (VirtualLocation), so it has no place to show on the map',
      },
    ]);
  });

  it('resolves a Place referenced by @id and maps a ChildrensEvent', async () => {
    const telescope = await row(telescopeId);
    expect(telescope).toMatchObject({
      title: 'Family Telescope Night',
      description:
        "Peek at Saturn’s rings through Chabot's historic telescopes.\nPlanetarium show included & hot cocoa on the observation deck.",
      venue: 'Chabot Space & Science Center',
      address: '10000 Skyline Blvd, Oakland, CA 94619',
      location: 'Oakland, CA',
      category: 'arts',
      isFamilyFriendly: true,
      minAge: 5, // typicalAgeRange '5-12'
      maxAge: 12,
      priceText: '$18',
      priceMinCents: 1800,
      ticketUrl: 'https://chabotspace.org/events/',
      // Recorded for the picture worker; the card shows the drawing until it has fetched it.
      pictureUrl: 'https://eastbayweekender.example/images/telescope-night.jpg',
      imageUrl: '/images/categories/arts.svg',
      latitude: 37.8188,
      longitude: -122.1807,
      timeZone: 'America/Los_Angeles',
    });
    expect(telescope?.startsAt.toISOString()).toBe('2026-12-13T02:00:00.000Z');
  });

  it('reads local times without an offset in the venue’s zone and places by ZIP code', async () => {
    const lantern = await row(lanternId);
    expect(lantern).toMatchObject({
      category: 'popup',
      isFamilyFriendly: true,
      priceText: 'Free',
      location: 'Oakland, CA',
      imageUrl: '/images/categories/popup.svg',
      pictureUrl: null,
    });
    // 17:00 in Oakland in December is 01:00 UTC the next day.
    expect(lantern?.startsAt.toISOString()).toBe('2026-12-20T01:00:00.000Z');
    expect(lantern?.latitude).toBeCloseTo(37.81, 1);
  });

  it('maps subtypes, offers and age ranges', async () => {
    const rows = await handle.db.select().from(events).where(eq(events.source, 'jsonld'));
    const byTitle = new Map(rows.map((found) => [found.title, found]));
    expect(byTitle.get('The Velvet Comets: Winter Tour')).toMatchObject({
      category: 'music',
      isFamilyFriendly: false, // typicalAgeRange 18+
      minAge: 18,
      maxAge: null,
      priceText: '$45 - $95',
      latitude: 37.8082,
    });
    expect(byTitle.get('Late Show Stand-Up (21+)')).toMatchObject({
      category: 'comedy',
      isFamilyFriendly: false,
      minAge: 21, // from the title: the page gives no typicalAgeRange
      maxAge: null,
      priceText: '$20 - $35',
    });
    expect(byTitle.get('Jingle Bell Fun Run 5K')).toMatchObject({
      category: 'sports', // a SportsEvent you take part in, not one you watch
      isFamilyFriendly: true,
      priceText: '$30',
    });
    expect(byTitle.has('Holiday Pancake Breakfast')).toBe(false);
  });

  it('skips unchanged events on a second run; a broken event leaves its row untouched', async () => {
    expect(await ingest(handle.db, 'jsonld', fixture, deps)).toMatchObject({
      added: 0,
      updated: 0,
      skipped: 6,
    });
    const before = await row(telescopeId);
    const html = readFileSync(fixture, 'utf8')
      .replace('"startDate": "2026-12-12T18:00:00-08:00"', '"startDate": "December 12th"')
      .replace('"name": "Family Telescope Night"', '"name": "Family Telescope Night (rescheduled)"')
      .replace('"lowPrice": 45', '"lowPrice": 40');
    const report = await importOutcome(handle.db, 'jsonld', parseJsonLdPage(html, { now }));
    // Updated: the concert's new price. Skipped: 3 unchanged and the cancelled breakfast.
    expect(report).toMatchObject({ added: 0, updated: 1, skipped: 4 });
    expect(report.invalid.map((record) => record.reason)).toContain(
      'its startDate "December 12th" is not an ISO 8601 date',
    );
    expect(await row(telescopeId)).toEqual(before);
  });

  it('resolves relative links against the page address', () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","@id":"#e1","name":"Tree Lighting","url":"/events/tree-lighting","startDate":"2026-12-04","location":{"@type":"Place","name":"Union Square","address":{"@type":"PostalAddress","addressLocality":"San Francisco","addressRegion":"CA","postalCode":"94108"}}}</script>`;
    const outcome = parseJsonLdPage(html, { now, pageUrl: 'https://sf.example/december/' });
    expect(outcome.drafts[0]?.draft).toMatchObject({
      sourceId: 'https://sf.example/december/#e1',
      ticketUrl: 'https://sf.example/events/tree-lighting',
      hasTime: false,
      timeZone: 'America/Los_Angeles',
    });
  });
});

describe('schema.org events nested under another item', () => {
  const place = {
    '@type': 'Place',
    name: 'Fox Theater',
    address: {
      '@type': 'PostalAddress',
      streetAddress: '1807 Telegraph Ave',
      addressLocality: 'Oakland',
      addressRegion: 'CA',
      postalCode: '94612',
    },
  };
  const titlesOf = (data: unknown) => {
    const html = `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
    return parseJsonLdPage(html, { now, pageUrl: 'https://venue.example/' }).drafts.map(
      (draft) => draft.draft.title,
    );
  };

  it("reads a MusicGroup's and a Place's events, and the event a BroadcastEvent carries", () => {
    expect(
      titlesOf({
        '@context': 'https://schema.org',
        '@type': 'MusicGroup',
        name: 'The Kidz Band',
        event: [
          {
            '@type': 'MusicEvent',
            name: 'Kidz Band Live',
            startDate: '2026-12-12',
            location: place,
          },
        ],
      }),
    ).toEqual(['Kidz Band Live']);
    expect(
      titlesOf({
        '@context': 'https://schema.org',
        '@type': ['Place', 'TouristAttraction'],
        name: 'Fox Theater',
        events: {
          '@type': 'TheaterEvent',
          name: 'Winter Puppet Show',
          startDate: '2026-12-13',
          location: place,
        },
      }),
    ).toEqual(['Winter Puppet Show']);
    expect(
      titlesOf({
        '@context': 'https://schema.org',
        '@type': 'BroadcastEvent',
        name: 'Holiday Concert (live stream)',
        startDate: '2026-12-14T19:00:00-08:00',
        broadcastOfEvent: {
          '@type': 'MusicEvent',
          name: 'Holiday Concert',
          startDate: '2026-12-14T19:00:00-08:00',
          location: place,
        },
      }),
    ).toEqual(['Holiday Concert']);
  });

  it('knows ConferenceEvent and OnDemandEvent as events', () => {
    expect(
      titlesOf([
        {
          '@context': 'https://schema.org',
          '@type': 'ConferenceEvent',
          name: 'Maker Faire Kids Day',
          startDate: '2026-12-15',
          location: place,
        },
        {
          '@context': 'https://schema.org',
          '@type': 'OnDemandEvent',
          name: 'Story Hour',
          startDate: '2026-12-16',
          location: place,
        },
      ]),
    ).toEqual(['Maker Faire Kids Day', 'Story Hour']);
  });
});

describe('schema.org events written as microdata or RDFa', () => {
  const fixtures = join(import.meta.dirname, 'fixtures');

  it('imports microdata events like JSON-LD ones, and says why it skipped one', async () => {
    const report = await ingest(handle.db, 'jsonld', join(fixtures, 'microdata-events.html'), deps);
    expect(formatReport(report).split('\n')).toEqual([
      'added 2, updated 0, skipped 1, invalid 0',
      'skipped 1: 1 already ended',
    ]);
    expect(
      await row('jsonld:https://berkeleykidstheater.example/shows/nutcracker-jr#event'),
    ).toMatchObject({
      title: 'The Nutcracker Jr.',
      venue: 'Berkeley Kids Theater',
      location: 'Berkeley, CA',
      category: 'arts',
      priceText: '$18',
      isFamilyFriendly: true,
      tags: ['Theater', 'Family'],
    });
  });

  it('imports RDFa Lite events, with or without the schema: prefix', async () => {
    const report = await ingest(handle.db, 'jsonld', join(fixtures, 'rdfa-events.html'), deps);
    expect(formatReport(report)).toBe('added 2, updated 0, skipped 0, invalid 0');
    const lego = await row('jsonld:https://alamedalibrary.example/events/lego-lab');
    expect(lego).toMatchObject({ venue: 'Alameda Main Library', priceText: 'Free' });
    expect(lego?.startsAt.toISOString()).toBe('2026-12-05T22:00:00.000Z');
  });

  it('says why on a second run: unchanged, already ended', async () => {
    const report = await ingest(handle.db, 'jsonld', join(fixtures, 'microdata-events.html'), deps);
    expect(formatReport(report).split('\n')).toEqual([
      'added 0, updated 0, skipped 3, invalid 0',
      'skipped 3: 1 already ended, 2 unchanged',
    ]);
  });

  it('says so when a page has no schema.org events in any form it reads', () => {
    const outcome = parseJsonLdPage('<html><body><h1>Events</h1><p>Soon!</p></body></html>', {
      now,
    });
    expect(outcome.notes).toEqual([
      'no schema.org Event found on this page (looked for JSON-LD, microdata and RDFa)',
    ]);
  });

  it('reads a property named after an Object.prototype key as plain data', () => {
    const html = `<div itemscope itemtype="https://schema.org/constructor"><span itemprop="__proto__">x</span></div>
      <div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Tree Lighting</span><span itemprop="constructor">y</span>
      <meta itemprop="startDate" content="2026-12-04"><span itemprop="location">Union Square, San Francisco, CA 94108</span></div>`;
    const outcome = parseJsonLdPage(html, { now });
    expect(outcome.drafts.map((entry) => entry.draft.title)).toEqual(['Tree Lighting']);
    expect(outcome.invalid).toEqual([]);
  });
});
