import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { describe, expect, it } from 'vitest';
import { debianPython } from '../scripts/lib/systemPackages.ts';
import { type CalendarEvent, savedEventsCalendar } from './icalendar.ts';

/*
 * Our calendar files read by parsers nobody here wrote: libical 3 (the C library behind
 * Evolution, Thunderbird's old core and most Linux calendar software) and python3-icalendar,
 * through scripts/lib/ical-parsers.py. ical.js reads them in icalendar.test.ts. `npm test`
 * installs both from Debian's packages when they are missing (scripts/lib/systemPackages.ts).
 */

const checker = fileURLToPath(new URL('../scripts/lib/ical-parsers.py', import.meta.url));

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  location: string;
  hasDescription: boolean;
}
interface ParserViews {
  libical: { errors: string[]; events: number };
  icalendar: { errors: string[]; events: ParsedEvent[] };
}

function readWithRealParsers(text: string): ParserViews {
  const run = spawnSync(debianPython(), [checker], {
    input: text,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.error || run.status !== 0) {
    throw new Error(
      `${debianPython()} ${checker} failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr}\n` +
        'It needs Debian packages libical3 and python3-icalendar: npm test installs them, or ' +
        'apt-get install libical3 python3-icalendar.',
    );
  }
  return JSON.parse(run.stdout) as ParserViews;
}

const concert: CalendarEvent = {
  id: 'seed:sf-0001',
  title: 'Jazz Concert in the Park',
  description: 'An evening of live jazz on the lawn.',
  venue: 'Golden Gate Park Bandshell',
  address: '50 Hagiwara Tea Garden Dr, San Francisco, CA 94118',
  date: '2026-12-05T03:00:00.000Z',
  time: '7:00 PM',
  timeZone: 'America/Los_Angeles',
};

/** One of each shape the writer has a branch for. */
const events: CalendarEvent[] = [
  concert,
  { ...concert, id: 'seed:sf-0002', title: 'Story Time', description: '' },
  {
    ...concert,
    id: 'seed:sf-0003',
    title: 'Kids, Jazz; and \\ "Fun" — Café Día de los Niños 🎺 '.repeat(3).trim(),
    description: 'Line one\nLine two; with, punctuation',
    venue: 'Hall; East, Wing',
  },
  {
    ...concert,
    id: 'ticketmaster:Z7/abc+1',
    title: 'Tokyo Taiko Drums',
    date: '2027-03-06T10:00:00.000Z',
    timeZone: 'Asia/Tokyo',
  },
  { ...concert, id: 'seed:sf-0005', title: 'Lantern Festival', time: '', timeZone: 'Asia/Tokyo' },
  { ...concert, id: 'seed:sf-0006', title: 'Far Away Fair', timeZone: 'Mars/Olympus_Mons' },
];

const expectedStarts = [
  '2026-12-05T03:00:00Z',
  '2026-12-05T03:00:00Z',
  '2026-12-05T03:00:00Z',
  '2027-03-06T10:00:00Z',
  // All-day on the venue's day: 03:00 UTC is noon in Tokyo.
  '2026-12-05',
  '2026-12-05T03:00:00Z',
];

const writers = {
  'the downloaded .ics file': () =>
    savedEventsCalendar(events, {
      origin: 'https://famjam.example',
      vtimezone: getVtimezoneComponent,
    }),
  'the subscribed feed': () =>
    savedEventsCalendar(events, {
      origin: 'https://famjam.example',
      vtimezone: getVtimezoneComponent,
      refreshIntervalSeconds: 3600,
    }),
};

describe.each(Object.entries(writers))('%s, read by libical and python3-icalendar', (_, write) => {
  it('has no error in either parser and the same events, in order', () => {
    const { libical, icalendar } = readWithRealParsers(write());
    expect(libical.errors).toEqual([]);
    expect(libical.events).toBe(events.length);
    expect(icalendar.errors).toEqual([]);
    expect(icalendar.events.map((event) => event.summary)).toEqual(
      events.map((event) => event.title),
    );
    expect(icalendar.events.map((event) => event.start)).toEqual(expectedStarts);
    expect(new Set(icalendar.events.map((event) => event.uid)).size).toBe(events.length);
    expect(icalendar.events[2]?.location).toBe(
      'Hall; East, Wing, 50 Hagiwara Tea Garden Dr, San Francisco, CA 94118',
    );
    // An event without a description has no DESCRIPTION at all (libical flags an empty one).
    expect(icalendar.events.map((event) => event.hasDescription)).toEqual([
      true,
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});
