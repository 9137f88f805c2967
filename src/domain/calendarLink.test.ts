import { describe, expect, it } from 'vitest';
import { CALENDAR_ENTRY_LENGTH_MS } from '../../contract/calendarEntry.ts';
import { googleCalendarUrl } from './calendarLink.ts';

const concert = {
  title: 'Jazz & Juice <Live>',
  description: 'Bring a blanket. Kids dance free!',
  venue: 'Golden Gate Park Bandshell',
  // 7 PM in San Francisco (PST, UTC-8) is 03:00 UTC the next day.
  date: '2026-11-29T03:00:00.000Z',
  time: '7:00 PM',
  timeZone: 'America/Los_Angeles',
};

function paramsOf(url: string): URLSearchParams {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe('https://calendar.google.com/calendar/render');
  return parsed.searchParams;
}

describe('googleCalendarUrl', () => {
  it('creates an entry with the title, details and the venue as location', () => {
    const params = paramsOf(googleCalendarUrl(concert));
    expect(params.get('action')).toBe('TEMPLATE');
    expect(params.get('text')).toBe('Jazz & Juice <Live>');
    expect(params.get('details')).toBe('Bring a blanket. Kids dance free!');
    expect(params.get('location')).toBe('Golden Gate Park Bandshell');
    expect(params.get('ctz')).toBe('America/Los_Angeles');
  });

  it('starts at the event’s instant and ends 2 hours later, in UTC', () => {
    expect(CALENDAR_ENTRY_LENGTH_MS).toBe(2 * 60 * 60 * 1000);
    expect(paramsOf(googleCalendarUrl(concert)).get('dates')).toBe(
      '20261129T030000Z/20261129T050000Z',
    );
  });

  it('is the same instant whatever zone the venue is in; the end may cross midnight', () => {
    const tokyo = { ...concert, date: '2026-12-31T14:30:00.000Z', timeZone: 'Asia/Tokyo' };
    // 23:30 in Tokyo on New Year's Eve; two hours later is 2027 in UTC too.
    expect(paramsOf(googleCalendarUrl(tokyo)).get('dates')).toBe(
      '20261231T143000Z/20261231T163000Z',
    );
    const lateUtc = { ...concert, date: '2026-12-31T23:00:00.000Z', timeZone: 'UTC' };
    expect(paramsOf(googleCalendarUrl(lateUtc)).get('dates')).toBe(
      '20261231T230000Z/20270101T010000Z',
    );
  });

  it('makes a date-only event an all-day entry on the venue’s day, ending the next day', () => {
    // Local midnight of Nov 28 in San Francisco is 08:00 UTC.
    const fair = { ...concert, date: '2026-11-28T08:00:00.000Z', time: '' };
    expect(paramsOf(googleCalendarUrl(fair)).get('dates')).toBe('20261128/20261129');
    const yearEnd = { ...concert, date: '2026-12-31T08:00:00.000Z', time: '' };
    expect(paramsOf(googleCalendarUrl(yearEnd)).get('dates')).toBe('20261231/20270101');
  });
});
