import { describe, expect, it } from 'vitest';
import { CALENDAR_ENTRY_LENGTH_MS, calendarEntrySpan } from './calendarEntry.ts';

describe('calendarEntrySpan', () => {
  it('runs a timed event from its instant for 2 hours (docs/product.md#spec-9)', () => {
    expect(CALENDAR_ENTRY_LENGTH_MS).toBe(2 * 60 * 60 * 1000);
    expect(
      calendarEntrySpan({
        date: '2026-12-31T23:00:00.000Z',
        time: '11:00 PM',
        timeZone: 'UTC',
      }),
    ).toEqual({
      allDay: false,
      start: new Date('2026-12-31T23:00:00.000Z'),
      end: new Date('2027-01-01T01:00:00.000Z'),
    });
  });

  it('makes a date-only event all day on the calendar day in the venue’s zone', () => {
    const date = '2026-11-29T03:00:00.000Z';
    expect(calendarEntrySpan({ date, time: '', timeZone: 'America/Los_Angeles' })).toEqual({
      allDay: true,
      start: new Date('2026-11-28T00:00:00.000Z'),
      end: new Date('2026-11-29T00:00:00.000Z'),
    });
    expect(calendarEntrySpan({ date, time: '', timeZone: 'UTC' })).toEqual({
      allDay: true,
      start: new Date('2026-11-29T00:00:00.000Z'),
      end: new Date('2026-11-30T00:00:00.000Z'),
    });
  });

  it('takes the UTC day for a zone this runtime does not know', () => {
    expect(
      calendarEntrySpan({ date: '2026-12-31T23:30:00.000Z', time: '', timeZone: 'Mars/Olympus' }),
    ).toEqual({
      allDay: true,
      start: new Date('2026-12-31T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
  });
});
