import { describe, expect, it } from 'vitest';
import { plainText } from './eventRecord.ts';
import { parseICalendar } from './ical.ts';
import { parseJsonLdPage } from './jsonld.ts';
import { guessTimeZone, ianaZoneFromLabel, resolvePlace, usStateCode } from './places.ts';

/**
 * Imported files name zones, states, types and entities in free text. A name that happens to be
 * a member of Object.prototype must be as unknown as any other unknown name, not the member.
 */
const prototypeNames = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
];
const now = new Date('2026-11-22T12:00:00Z');

describe('names from Object.prototype in imported data', () => {
  it.each(prototypeNames)('TZID %s is no zone', (name) => {
    expect(ianaZoneFromLabel(name)).toBeNull();
  });

  it.each(prototypeNames)('region %s is no US state', (name) => {
    expect(usStateCode(name)).toBeNull();
    // A region that is no state falls back to the longitude split (Oakland is Pacific).
    expect(guessTimeZone({ latitude: 37.8, longitude: -122.27 }, name)).toBe('America/Los_Angeles');
    expect(resolvePlace(null, { city: 'Oakland', region: name })).toBeNull();
  });

  it.each(prototypeNames)('the entity &%s; stays as written', (name) => {
    expect(plainText(`Tom &${name}; Jerry`, 100)).toBe(`Tom &${name}; Jerry`);
  });

  it.each(prototypeNames)('a JSON-LD event of @type %s imports with a real category', (name) => {
    const event = {
      '@context': 'https://schema.org',
      '@type': ['Event', name],
      name: 'Family Telescope Night',
      startDate: '2026-12-04T18:00:00-08:00',
      location: {
        '@type': 'Place',
        name: 'Chabot Space Center',
        geo: { latitude: 37.8186, longitude: -122.1811 },
      },
    };
    const html = `<script type="application/ld+json">${JSON.stringify(event)}</script>`;
    const outcome = parseJsonLdPage(html, { now });
    expect(outcome.invalid).toEqual([]);
    expect(outcome.drafts).toHaveLength(1);
    const draft = outcome.drafts[0]?.draft;
    expect(typeof draft?.category).toBe('string');
    expect((draft?.tags ?? []).every((tag) => typeof tag === 'string')).toBe(true);
  });

  it.each(prototypeNames)(
    'an iCalendar event with TZID=%s is read as floating local time',
    (name) => {
      const text = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//FamJam//test//EN',
        'BEGIN:VEVENT',
        'UID:tz-proto@calendar.example',
        'SUMMARY:Story Time',
        `DTSTART;TZID=${name}:20261205T103000`,
        `DTEND;TZID=${name}:20261205T113000`,
        'LOCATION:Main Library\\, 125 14th St\\, Oakland\\, CA 94612',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
      const outcome = parseICalendar(text, { now });
      expect(outcome.invalid).toEqual([]);
      expect(outcome.drafts).toHaveLength(1);
      // No real zone: the place's own zone (Oakland is Pacific) reads the wall-clock time.
      expect(outcome.drafts[0]?.draft.timeZone).toBe('America/Los_Angeles');
      expect(outcome.drafts[0]?.draft.startsAt.toISOString()).toBe('2026-12-05T18:30:00.000Z');
    },
  );
});
