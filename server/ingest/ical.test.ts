import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { openTestDatabase } from '../test/database.ts';
import { ingest } from './cli.ts';
import { parseICalendar } from './ical.ts';
import { formatReport, importOutcome } from './pipeline.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'bay-area-family-calendar.ics');
const now = new Date('2026-11-22T12:00:00Z');
const deps = {
  env: {},
  now: () => now,
  resolve: () => Promise.reject(new Error('tests never touch the network')),
  err: () => {},
};
const storytimeUid = 'saturday-storytime@yerbabuenagardens.example';

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

describe('iCalendar importer', () => {
  it('imports the fixture and reports the records it left out, with reasons', async () => {
    const report = await ingest(handle.db, 'ical', fixture, deps);
    // 11 storytime Saturdays (Nov 28 … Feb 13; Dec 26 excluded), the fair, the jazz set.
    expect(report).toMatchObject({ added: 13, updated: 0, skipped: 1 });
    expect(report.invalid).toEqual([
      {
        label: `"Parents' Book Club (online)" (UID moved-online-meetup@calendar.example)`,
        reason: expect.stringContaining('no usable location'),
      },
      {
        label: '"Pop-Up Petting Zoo" (UID broken-date@calendar.example)',
        reason: 'its DTSTART is missing or not a valid date',
      },
    ]);
    expect(formatReport(report).split('\n')[0]).toBe('added 13, updated 0, skipped 1, invalid 2');
  });

  it('expands the weekly RRULE over the next 90 days, minus EXDATE, with the override applied', async () => {
    const occurrences = await handle.db
      .select({ sourceId: events.sourceId, startsAt: events.startsAt, title: events.title })
      .from(events)
      .where(and(eq(events.source, 'ical'), like(events.sourceId, `${storytimeUid}:%`)))
      .orderBy(events.startsAt);
    expect(occurrences).toHaveLength(11);
    expect(occurrences[0]?.sourceId).toBe(`${storytimeUid}:2026-11-28T18:30:00Z`);
    // 90 days from Nov 22 ends Feb 20 at noon UTC; the Feb 20 storytime is after that.
    expect(occurrences.at(-1)?.startsAt.toISOString()).toBe('2027-02-13T18:30:00.000Z');
    expect(occurrences.map((o) => o.sourceId)).not.toContain(
      `${storytimeUid}:2026-12-26T18:30:00Z`,
    );
    const moved = occurrences.find((o) => o.sourceId === `${storytimeUid}:2026-12-19T18:30:00Z`);
    expect(moved).toMatchObject({ title: 'Holiday Storytime & Cocoa' });
    expect(moved?.startsAt.toISOString()).toBe('2026-12-19T19:00:00.000Z');
  });

  it('maps category, family flag, price, place and zone from the feed', async () => {
    expect(await row(`ical:${storytimeUid}:2026-11-28T18:30:00Z`)).toMatchObject({
      title: 'Saturday Storytime on the Lawn',
      venue: 'Yerba Buena Gardens',
      address: '750 Howard St, San Francisco, CA 94103',
      location: 'San Francisco, CA',
      category: 'arts',
      isFamilyFriendly: true,
      priceText: 'Free',
      priceMinCents: 0,
      timeZone: 'America/Los_Angeles',
      hasTime: true,
      latitude: 37.7851,
      longitude: -122.4024,
      ticketUrl: 'https://yerbabuenagardens.com/calendar/',
      tags: ['Kids', 'Storytime', 'Outdoors', 'Family'],
      // 'for kids ages 2-7' in the description: an explicit range beats CATEGORIES 'Kids'.
      minAge: 2,
      maxAge: 7,
    });
    // TZID=America/New_York with no VTIMEZONE in the file: 8 PM Eastern.
    const jazz = await row('ical:late-set-jazz-20261203@bluenote.example');
    expect(jazz).toMatchObject({
      category: 'music',
      isFamilyFriendly: false,
      priceText: '$35',
      timeZone: 'America/New_York',
      location: 'New York, NY',
    });
    expect(jazz?.startsAt.toISOString()).toBe('2026-12-04T01:00:00.000Z');
    // All-day, no GEO: placed by its ZIP code, stored at local midnight without a time.
    const fair = await row('ical:winter-craft-fair-2026@museumca.example');
    expect(fair).toMatchObject({ hasTime: false, priceText: '$5 - $12', isFamilyFriendly: true });
    expect(fair?.startsAt.toISOString()).toBe('2026-12-05T08:00:00.000Z');
    expect(fair?.latitude).toBeCloseTo(37.8, 1);
    expect(fair?.longitude).toBeCloseTo(-122.27, 1);
  });

  it('skips everything unchanged on a second run and leaves updatedAt alone', async () => {
    const before = await row('ical:late-set-jazz-20261203@bluenote.example');
    const report = await ingest(handle.db, 'ical', fixture, deps);
    expect(report).toMatchObject({ added: 0, updated: 0, skipped: 14 });
    expect((await row('ical:late-set-jazz-20261203@bluenote.example'))?.updatedAt).toEqual(
      before?.updatedAt,
    );
  });

  it('updates a changed event, and a broken record changes nothing and stops nothing', async () => {
    const text = readFileSync(fixture, 'utf8')
      .replace('SUMMARY:Late Set Jazz Quartet (21+)', 'SUMMARY:Late Set Jazz Quintet (21+)')
      // The fair's start becomes unreadable: it must stay exactly as stored.
      .replace('DTSTART;VALUE=DATE:20261205', 'DTSTART;VALUE=DATE:2026-13-45')
      .replace('SUMMARY:Winter Craft Fair', 'SUMMARY:Winter Craft Fair (moved?)');
    const fairBefore = await row('ical:winter-craft-fair-2026@museumca.example');
    const report = await importOutcome(handle.db, 'ical', parseICalendar(text, { now }));
    expect(report).toMatchObject({ added: 0, updated: 1, skipped: 12 });
    expect(report.invalid.map((record) => record.label)).toContain(
      '"Winter Craft Fair (moved?)" (UID winter-craft-fair-2026@museumca.example)',
    );
    expect((await row('ical:late-set-jazz-20261203@bluenote.example'))?.title).toBe(
      'Late Set Jazz Quintet (21+)',
    );
    expect(await row('ical:winter-craft-fair-2026@museumca.example')).toEqual(fairBefore);
  });

  it('uses the file’s own VTIMEZONE for a TZID that is not an IANA name', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:Club Local Time',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:club@example',
      'DTSTART;TZID=Club Local Time:20261205T210000',
      'SUMMARY:Salsa Night',
      'LOCATION:The Club\\, 1 Main St\\, Austin\\, TX 78701',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const [entry] = parseICalendar(text, { now }).drafts;
    expect(entry?.draft.startsAt.toISOString()).toBe('2026-12-06T02:00:00.000Z');
    expect(entry?.draft.timeZone).toBe('America/Chicago');
    expect(entry?.draft.location).toBe('Austin, TX');
  });

  it('reads a LOCATION written over several lines as venue, then address, without line breaks', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:fox@example',
      'DTSTART:20261205T030000Z',
      'SUMMARY:Winter Puppet Show',
      'LOCATION:Fox Theater\\n1807 Telegraph Ave\\nOakland\\, CA 94612',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const [entry] = parseICalendar(text, { now }).drafts;
    expect(entry?.draft).toMatchObject({
      venue: 'Fox Theater',
      address: '1807 Telegraph Ave, Oakland, CA 94612',
      location: 'Oakland, CA',
    });
  });

  it('takes a picture from an ATTACH whose FMTTYPE is an image, not from other attachments', () => {
    const event = (uid: string, attachments: string[]) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTART:20261205T030000Z',
      'SUMMARY:Winter Puppet Show',
      'LOCATION:Fox Theater\\, Oakland\\, CA 94612',
      ...attachments,
      'END:VEVENT',
    ];
    const text = [
      'BEGIN:VCALENDAR',
      ...event('pictured@example', [
        'ATTACH;FMTTYPE=application/pdf:https://fox.example/programme.pdf',
        'ATTACH;FMTTYPE=image/jpeg:https://fox.example/puppets.jpg',
      ]),
      ...event('programme-only@example', [
        'ATTACH;FMTTYPE=application/pdf:https://fox.example/programme.pdf',
      ]),
      'END:VCALENDAR',
    ].join('\r\n');
    const drafts = parseICalendar(text, { now }).drafts.map((entry) => entry.draft);
    expect(drafts.map((draft) => [draft.sourceId, draft.imageUrl])).toEqual([
      ['pictured@example', 'https://fox.example/puppets.jpg'],
      ['programme-only@example', null],
    ]);
  });

  it('keeps the id of a cancelled event, and of each date of a cancelled series', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:gone@example',
      'DTSTART:20261205T030000Z',
      'SUMMARY:Winter Puppet Show',
      'STATUS:CANCELLED',
      'LOCATION:Fox Theater\\, Oakland\\, CA 94612',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly@example',
      'DTSTART:20261205T180000Z',
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'SUMMARY:Story Time',
      'STATUS:CANCELLED',
      'LOCATION:Main Library\\, Oakland\\, CA 94612',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const outcome = parseICalendar(text, { now });
    expect(outcome.drafts).toEqual([]);
    expect(outcome.skipped.map((record) => [record.reason, record.sourceId])).toEqual([
      ['cancelled', 'gone@example'],
      ['cancelled', 'weekly@example:2026-12-05T18:00:00Z'],
      ['cancelled', 'weekly@example:2026-12-12T18:00:00Z'],
    ]);
  });

  it('refuses a file that is not iCalendar at all', () => {
    expect(() => parseICalendar('<html></html>', { now })).toThrow(/not an iCalendar file/);
  });

  it('reports a VEVENT that is never closed and keeps the ones before it', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:ok@example',
      'DTSTART:20261201T180000Z',
      'SUMMARY:Choir Concert',
      'GEO:47.6;-122.33',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:cut@example',
      'SUMMARY:Cut off',
    ].join('\r\n');
    const outcome = parseICalendar(text, { now });
    expect(outcome.drafts.map((entry) => entry.draft.sourceId)).toEqual(['ok@example']);
    expect(outcome.invalid).toEqual([
      {
        label: '"Cut off" (UID cut@example)',
        reason: 'its VEVENT is never closed (END:VEVENT missing)',
      },
    ]);
    // No TZID, no X-WR-TIMEZONE: the zone comes from where the event is.
    expect(outcome.drafts[0]?.draft.timeZone).toBe('America/Los_Angeles');
  });
});

describe('iCalendar series that began long ago', () => {
  const longRunning = join(import.meta.dirname, 'fixtures', 'long-running-series.ics');
  const text = readFileSync(longRunning, 'utf8');
  const horizonEnd = new Date(now.getTime() + 90 * 86_400_000);

  /** Every date ical.js gives from DTSTART on, however many steps: slow, but plainly right. */
  function datesFromDtstart(uid: string): string[] {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const master = calendar
      .getAllSubcomponents('vevent')
      .find(
        (event) =>
          event.getFirstPropertyValue('uid') === uid && !event.hasProperty('recurrence-id'),
      );
    if (!master) throw new Error(`no ${uid}`);
    const event = new ICAL.Event(master);
    const lengthMs = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime();
    const iterator = event.iterator();
    const found: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      const start = next.toJSDate();
      if (start.getTime() > horizonEnd.getTime()) break;
      if (start.getTime() + lengthMs <= now.getTime()) continue;
      found.push(next.isDate ? next.toString() : start.toISOString().replace('.000Z', 'Z'));
    }
    return found;
  }

  function importedDates(outcome: ReturnType<typeof parseICalendar>, uid: string): string[] {
    return outcome.drafts
      .map((entry) => entry.draft.sourceId)
      .filter((id) => id.startsWith(`${uid}:`))
      .map((id) => id.slice(uid.length + 1));
  }

  it('expands every open-ended series over the window, a daily one from 2012 included', () => {
    const outcome = parseICalendar(text, { now });
    for (const uid of [
      'morning-garden-walk@oaklandlibrary.example',
      'toddler-story-time@oaklandlibrary.example',
      'first-saturday-lego@oaklandlibrary.example',
      'month-end-puppets@oaklandlibrary.example',
      'noon-years-eve@oaklandlibrary.example',
      'fall-ukulele-series@oaklandlibrary.example',
    ]) {
      expect(importedDates(outcome, uid), uid).toEqual(datesFromDtstart(uid));
    }
    const walks = importedDates(outcome, 'morning-garden-walk@oaklandlibrary.example');
    // Nov 22 (9 AM Pacific is after noon UTC) through Feb 19: 90 mornings.
    expect(walks).toHaveLength(90);
    expect(walks[0]).toBe('2026-11-22T17:00:00Z');
    expect(walks.at(-1)).toBe('2027-02-19T17:00:00Z');
    const santa = outcome.drafts.find(
      (entry) =>
        entry.draft.sourceId === 'morning-garden-walk@oaklandlibrary.example:2026-12-06T17:00:00Z',
    );
    expect(santa?.draft).toMatchObject({ title: 'Morning Garden Walk with Santa' });
    expect(santa?.draft.startsAt.toISOString()).toBe('2026-12-06T18:00:00.000Z');
    // COUNT=5 from Nov 1 still counts from the true DTSTART: Nov 22 and 29 are the last two.
    expect(importedDates(outcome, 'fall-ukulele-series@oaklandlibrary.example')).toEqual([
      '2026-11-22T18:00:00Z',
      '2026-11-29T18:00:00Z',
    ]);
  });

  it('accounts for every VEVENT, and says why it skipped a series', async () => {
    const report = await importOutcome(handle.db, 'ical', parseICalendar(text, { now }));
    // 9 VEVENTs: the walk's RECURRENCE-ID override is one of the walk's dates, not a record of
    // its own. Each series is one record per date in the window (90 walks, 6 story times,
    // 3 LEGO clubs, 2 puppet shows, 1 Noon Year's Eve, 2 ukulele classes), or one skipped
    // record when it has none there (the 2018 kickoff, the March seed swap).
    expect(report).toMatchObject({ added: 104, updated: 0, skipped: 2, invalid: [] });
    expect(formatReport(report).split('\n')).toEqual([
      'added 104, updated 0, skipped 2, invalid 0',
      'skipped 2: 1 already ended, 1 no date in the next 90 days',
    ]);
  });

  it('gives every VEVENT of every fixture a record: one, or one per date of a series', () => {
    for (const name of [
      'bay-area-family-calendar.ics',
      'long-running-series.ics',
      'period-rdates.ics',
    ]) {
      const source = readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
      const outcome = parseICalendar(source, { now });
      const labels = [
        ...outcome.drafts.map((entry) => entry.label),
        ...outcome.skipped.map((record) => record.label),
        ...outcome.invalid.map((record) => record.label),
      ];
      for (const block of source.split('BEGIN:VEVENT').slice(1)) {
        const uid = /^UID:(.+?)\r?$/m.exec(block)?.[1] ?? '';
        // An override is one of its series' dates, counted with the series.
        if (/^RECURRENCE-ID[;:]/m.test(block)) continue;
        const records = labels.filter(
          (label) => label.endsWith(`(UID ${uid})`) || label.includes(`(UID ${uid}) on `),
        );
        if (/^(?:RRULE|RDATE)[;:]/m.test(block)) {
          expect(records.length, `${name}: ${uid}`).toBeGreaterThan(0);
        } else {
          expect(records, `${name}: ${uid}`).toHaveLength(1);
        }
      }
    }
  });
});

describe('iCalendar RDATE periods and unreadable events', () => {
  const periods = readFileSync(join(import.meta.dirname, 'fixtures', 'period-rdates.ics'), 'utf8');

  it('takes a PERIOD RDATE as a date with its own end, and reports a broken one alone', () => {
    // Mid-way through the 12 December show (17:00 to 19:00 UTC by its period).
    const outcome = parseICalendar(periods, { now: new Date('2026-12-12T18:30:00Z') });
    expect(outcome.drafts.map((entry) => entry.draft.sourceId)).toEqual([
      'winter-puppet-theater@lakesidepuppets.example:2026-12-12T17:00:00Z',
      'winter-puppet-theater@lakesidepuppets.example:2026-12-19T18:00:00Z',
      'gingerbread-workshop@lakesidepuppets.example',
      'holiday-sing-along@lakesidepuppets.example',
    ]);
    expect(outcome.invalid).toEqual([
      {
        label: '"Shadow Puppet Nights" (UID shadow-puppet-nights@lakesidepuppets.example)',
        reason: 'one of its RDATEs is not a valid date or period',
      },
    ]);
  });
});
