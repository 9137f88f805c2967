import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CalendarEvent,
  calendarUid,
  type SavedEventsCalendarOptions,
  savedEventsCalendar,
} from './icalendar.ts';

type Component = InstanceType<typeof ICAL.Component>;

const concert: CalendarEvent = {
  id: 'seed:sf-0001',
  title: 'Jazz Concert in the Park',
  description: 'An evening of live jazz on the lawn.',
  venue: 'Golden Gate Park Bandshell',
  address: '50 Hagiwara Tea Garden Dr, San Francisco, CA 94118',
  // 7:00 PM in San Francisco (PST, UTC-8).
  date: '2026-12-05T03:00:00.000Z',
  time: '7:00 PM',
  timeZone: 'America/Los_Angeles',
};

const options: SavedEventsCalendarOptions = {
  origin: 'https://famjam.example',
  vtimezone: getVtimezoneComponent,
  now: new Date('2026-11-24T08:30:00Z'),
};

function parse(text: string): Component {
  return new ICAL.Component(ICAL.parse(text));
}

function vevents(calendar: Component) {
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0] as T;
}

/** A property's raw content lines (unfolded) in the VEVENTs: what a calendar app reads. */
function contentLines(text: string, name: string): string[] {
  const events = text.replace(/\r\n[ \t]/g, '').match(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT/g);
  return (events ?? [])
    .flatMap((event) => event.split('\r\n'))
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

const originalTimeZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

describe('savedEventsCalendar', () => {
  it('writes an RFC 5545 calendar with one VEVENT per event, in list order', () => {
    const second = { ...concert, id: 'seed:sf-0002', title: 'Farmers Market' };
    const text = savedEventsCalendar([second, concert], options);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//FamJam//Saved events//EN');
    // The calendar's name says what it is, never whose it is.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('FamJam saved events');
    expect(vevents(calendar).map((event) => event.summary)).toEqual([
      'Farmers Market',
      'Jazz Concert in the Park',
    ]);
    // A one-off download: no polling interval.
    expect(calendar.getFirstPropertyValue('refresh-interval')).toBeNull();
  });

  it('gives an event the same UID in every export, so a re-import updates it', () => {
    const first = only(vevents(parse(savedEventsCalendar([concert], options))));
    const later = only(
      vevents(
        parse(
          savedEventsCalendar([{ ...concert, title: 'Jazz (moved)' }], {
            ...options,
            now: new Date('2027-01-01T00:00:00Z'),
          }),
        ),
      ),
    );
    expect(first.uid).toBe('seed:sf-0001@famjam');
    expect(later.uid).toBe(first.uid);
    expect(calendarUid('seed:sf-0002')).not.toBe(first.uid);
  });

  it('keeps UIDs one content line and one-to-one for ids with odd characters', () => {
    const odd = ['ical:a\nb@host', 'ical:a%0Ab@host', 'ical:a b'];
    const uids = odd.map(calendarUid);
    expect(uids).toEqual([
      'ical:a%0Ab@host@famjam',
      'ical:a%250Ab@host@famjam',
      'ical:a%20b@famjam',
    ]);
    const text = savedEventsCalendar(
      odd.map((id) => ({ ...concert, id })),
      options,
    );
    expect(vevents(parse(text)).map((event) => event.uid)).toEqual(uids);
  });

  it('starts at the event time in its own zone, with a VTIMEZONE that defines it', () => {
    // A browser elsewhere must not move the concert to its own clock.
    process.env.TZ = 'Europe/Berlin';
    const text = savedEventsCalendar([concert], options);
    expect(contentLines(text, 'DTSTART')).toEqual([
      'DTSTART;TZID=America/Los_Angeles:20261204T190000',
    ]);
    const calendar = parse(text);
    const zones = calendar
      .getAllSubcomponents('vtimezone')
      .map((zone) => zone.getFirstPropertyValue('tzid'));
    expect(zones).toEqual(['America/Los_Angeles']);
    const event = only(vevents(calendar));
    expect(event.startDate.zone?.tzid).toBe('America/Los_Angeles');
    // Converted with the file's own VTIMEZONE rules: the instant the API gave.
    expect(event.startDate.toJSDate().toISOString()).toBe(concert.date);
  });

  it('ends 2 hours after the start (docs/product.md#spec-9)', () => {
    const event = only(vevents(parse(savedEventsCalendar([concert], options))));
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(
      2 * 60 * 60 * 1000,
    );
    expect(event.endDate.zone?.tzid).toBe('America/Los_Angeles');
  });

  it('writes an event in another zone in that zone, each zone defined once', () => {
    const tokyo: CalendarEvent = {
      ...concert,
      id: 'seed:tokyo-1',
      // 7:00 PM in Tokyo (UTC+9).
      date: '2026-12-05T10:00:00.000Z',
      timeZone: 'Asia/Tokyo',
    };
    const text = savedEventsCalendar([concert, tokyo, { ...concert, id: 'seed:sf-0003' }], options);
    expect(contentLines(text, 'DTSTART')).toEqual([
      'DTSTART;TZID=America/Los_Angeles:20261204T190000',
      'DTSTART;TZID=Asia/Tokyo:20261205T190000',
      'DTSTART;TZID=America/Los_Angeles:20261204T190000',
    ]);
    const calendar = parse(text);
    expect(
      calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    ).toEqual(['America/Los_Angeles', 'Asia/Tokyo']);
    const event = vevents(calendar)[1];
    expect(event?.startDate.toJSDate().toISOString()).toBe(tokyo.date);
  });

  it('writes a date-only event as all-day on the venue’s day', () => {
    // Local midnight in Tokyo is the previous day in UTC.
    const festival: CalendarEvent = {
      ...concert,
      date: '2026-12-05T15:00:00.000Z',
      time: '',
      timeZone: 'Asia/Tokyo',
    };
    const text = savedEventsCalendar([festival], options);
    expect(contentLines(text, 'DTSTART')).toEqual(['DTSTART;VALUE=DATE:20261206']);
    expect(contentLines(text, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20261207']);
    expect(only(vevents(parse(text))).startDate.isDate).toBe(true);
  });

  it('writes an event whose zone has no VTIMEZONE in UTC, at the right instant', () => {
    const text = savedEventsCalendar([{ ...concert, timeZone: 'Mars/Olympus_Mons' }], options);
    expect(contentLines(text, 'DTSTART')).toEqual(['DTSTART:20261205T030000Z']);
    expect(contentLines(text, 'DTEND')).toEqual(['DTEND:20261205T050000Z']);
    expect(text).not.toContain('TZID');
  });

  it('puts the venue and the address in LOCATION, without saying the venue twice', () => {
    const locations = vevents(
      parse(
        savedEventsCalendar(
          [
            concert,
            { ...concert, id: 'b', address: 'Golden Gate Park Bandshell, San Francisco' },
            { ...concert, id: 'c', venue: '', address: '1 Ferry Building' },
          ],
          options,
        ),
      ),
    ).map((event) => event.location);
    expect(locations).toEqual([
      'Golden Gate Park Bandshell, 50 Hagiwara Tea Garden Dr, San Francisco, CA 94118',
      'Golden Gate Park Bandshell, San Francisco',
      '1 Ferry Building',
    ]);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    const tricky: CalendarEvent = {
      ...concert,
      title: 'Kids, Jazz; and \\ "Fun"',
      description: 'Line one\nLine two; with, punctuation',
      venue: 'Hall; East',
    };
    const text = savedEventsCalendar([tricky], options);
    expect(contentLines(text, 'SUMMARY')).toEqual(['SUMMARY:Kids\\, Jazz\\; and \\\\ "Fun"']);
    expect(contentLines(text, 'DESCRIPTION')).toEqual([
      'DESCRIPTION:Line one\\nLine two\\; with\\, punctuation',
    ]);
    const event = only(vevents(parse(text)));
    expect(event.summary).toBe(tricky.title);
    expect(event.description).toBe(tricky.description);
    expect(event.location).toBe(`Hall; East, ${concert.address}`);
  });

  it('folds long lines at 75 octets, multi-byte characters included', () => {
    const long: CalendarEvent = {
      ...concert,
      description: `${'Family fun for everyone. '.repeat(12)}Café crème 🎷 ${'ü'.repeat(80)}`,
    };
    const text = savedEventsCalendar([long], options);
    const lines = text.split('\r\n');
    const encoder = new TextEncoder();
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(only(vevents(parse(text))).description).toBe(long.description);
  });

  it('links each event to its page and stamps when the file was written', () => {
    const text = savedEventsCalendar([concert], { ...options, origin: 'https://famjam.example/' });
    const component = only(parse(text).getAllSubcomponents('vevent'));
    expect(component.getFirstPropertyValue('url')).toBe(
      'https://famjam.example/event/seed%3Asf-0001',
    );
    expect(contentLines(text, 'DTSTAMP')).toEqual(['DTSTAMP:20261124T083000Z']);
  });

  it('carries LAST-MODIFIED and a SEQUENCE that grows when the event changes', () => {
    const sequenceOf = (event: CalendarEvent) =>
      only(
        parse(savedEventsCalendar([event], options)).getAllSubcomponents('vevent'),
      ).getFirstPropertyValue('sequence');
    const before = { ...concert, updatedAt: '2026-11-20T10:00:00.000Z' };
    const after = { ...concert, updatedAt: '2026-11-21T09:00:00.000Z' };
    expect(sequenceOf(concert)).toBe(0);
    expect(Number(sequenceOf(after))).toBeGreaterThan(Number(sequenceOf(before)));
    expect(Number(sequenceOf(after))).toBeLessThan(2 ** 31);
    const text = savedEventsCalendar([after], options);
    expect(contentLines(text, 'LAST-MODIFIED')).toEqual(['LAST-MODIFIED:20261121T090000Z']);
  });

  it('marks a cancelled event STATUS:CANCELLED and says so in its title, keeping its UID', () => {
    const text = savedEventsCalendar([{ ...concert, cancelled: true }, concert], options);
    const [cancelled, kept] = vevents(parse(text));
    expect(cancelled?.summary).toBe(`Cancelled: ${concert.title}`);
    expect(cancelled?.uid).toBe(kept?.uid);
    expect(contentLines(text, 'STATUS')).toEqual(['STATUS:CANCELLED']);
  });

  it('asks subscribed calendars to poll at the given interval', () => {
    const calendar = parse(savedEventsCalendar([], { ...options, refreshIntervalSeconds: 3600 }));
    expect(calendar.getFirstProperty('refresh-interval')?.toICALString()).toBe(
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    );
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
  });

  it('puts every calendar property before the first component and ends with a CRLF', () => {
    const text = savedEventsCalendar([concert], { ...options, refreshIntervalSeconds: 3600 });
    const lines = text.split('\r\n');
    const firstComponent = lines.findIndex((line, index) => index > 0 && line.startsWith('BEGIN:'));
    expect(lines[firstComponent]).toBe('BEGIN:VTIMEZONE');
    for (const property of ['REFRESH-INTERVAL', 'X-PUBLISHED-TTL']) {
      const at = lines.findIndex((line) => line.startsWith(property));
      expect(at, property).toBeGreaterThan(0);
      expect(at, `${property} before the components`).toBeLessThan(firstComponent);
    }
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // A downloaded file too.
    expect(savedEventsCalendar([concert], options).endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('leaves DESCRIPTION out for an event without one, instead of an empty property', () => {
    const text = savedEventsCalendar([{ ...concert, description: '  ' }], options);
    expect(contentLines(text, 'DESCRIPTION')).toEqual([]);
    expect(only(vevents(parse(text))).description).toBeNull();
  });
});
