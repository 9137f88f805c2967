import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../db/schema/index.ts';
import {
  eventColumns,
  type ImportRole,
  type SelectedEvent,
  selectedEventOf,
  toEvent,
  venueDay,
} from './eventFields.ts';

/** A row with no field at its reader's fallback, so a column read under a wrong name shows. */
const selected: SelectedEvent = {
  id: 'test:1',
  title: 'Jazz Concert',
  description: 'Swing for everyone.',
  venue: 'Bandshell',
  location: 'San Francisco, CA',
  address: '1 Main St',
  startsAt: new Date('2026-12-05T03:30:00.000Z'),
  timeZone: 'America/Los_Angeles',
  hasTime: true,
  priceText: ' $25 ',
  imageUrl: '/images/events/music.svg',
  imageId: 'picture-1',
  cancelledAt: new Date('2026-12-01T10:00:00.000Z'),
  category: 'music',
  tags: ['music', 'outdoor'],
  isFamilyFriendly: true,
  minAge: 3,
  maxAge: 8,
  ticketUrl: 'https://tickets.example.com/1',
  latitude: 37.77,
  longitude: -122.41,
  distanceMeters: 1234,
};

/** The reason a column gives for not being written (or not rewritten) by every import, if any. */
function reason(role: ImportRole): string {
  return 'because' in role ? role.because.trim() : '';
}

const writtenOnInsert: readonly ImportRole['import'][] = ['key', 'updated', 'insertOnly'];

const columns = Object.entries(eventColumns) as [string, ImportRole & { read?: unknown }][];

describe('the field table', () => {
  it('names every column of events', () => {
    expect(Object.keys(eventColumns).sort()).toEqual(Object.keys(getTableColumns(events)).sort());
  });

  it('has every column an Event is made from imported, or says why not', () => {
    const unexplained = columns
      .filter(([, spec]) => 'read' in spec && !writtenOnInsert.includes(spec.import))
      .filter(([, spec]) => !reason(spec))
      .map(([column]) => column);
    expect(unexplained, 'shown, but never imported and no reason given').toEqual([]);
  });

  it('has every imported column updated on re-import, or says why not', () => {
    const unexplained = columns
      .filter(([, spec]) => spec.import === 'insertOnly' && !reason(spec))
      .map(([column]) => column);
    expect(unexplained, 'imported, kept on re-import and no reason given').toEqual([]);
  });
});

describe('selectedEventOf', () => {
  it('reads each shown column under its SQL name', () => {
    const row: Record<string, unknown> = { distance_meters: 1234 };
    for (const [field, value] of Object.entries(selected)) {
      if (field === 'distanceMeters') continue;
      row[events[field as Exclude<keyof SelectedEvent, 'distanceMeters'>].name] = value;
    }
    expect(selectedEventOf(row)).toStrictEqual(selected);
  });

  it('has no distance where the query selected null', () => {
    const row: Record<string, unknown> = { distance_meters: null };
    for (const [field, value] of Object.entries(selected)) {
      if (field === 'distanceMeters') continue;
      row[events[field as Exclude<keyof SelectedEvent, 'distanceMeters'>].name] = value;
    }
    expect(selectedEventOf(row).distanceMeters).toBeNull();
  });
});

describe('toEvent', () => {
  it('shows the time, price, ticket link, cancellation and distance', () => {
    expect(toEvent(selected)).toStrictEqual({
      id: 'test:1',
      title: 'Jazz Concert',
      description: 'Swing for everyone.',
      venue: 'Bandshell',
      location: 'San Francisco, CA',
      address: '1 Main St',
      date: '2026-12-05T03:30:00.000Z',
      // 03:30 UTC on the 5th is the evening of the 4th in Los Angeles.
      day: '2026-12-04',
      time: '7:30 PM',
      timeZone: 'America/Los_Angeles',
      price: '$25',
      imageUrl: '/images/events/music.svg',
      imageId: 'picture-1',
      cancelled: true,
      category: 'music',
      tags: ['music', 'outdoor'],
      isFamilyFriendly: true,
      minAge: 3,
      maxAge: 8,
      ticketUrl: 'https://tickets.example.com/1',
      latitude: 37.77,
      longitude: -122.41,
      distanceKm: 1.23,
    });
  });

  it('says Free, no time, no ticket link and no distance where the row has none', () => {
    const event = toEvent({
      ...selected,
      hasTime: false,
      priceText: '  ',
      ticketUrl: ' ',
      cancelledAt: null,
      distanceMeters: null,
    });
    expect(event).toMatchObject({
      time: '',
      price: 'Free',
      ticketUrl: null,
      cancelled: false,
      distanceKm: null,
    });
  });
});

describe('venueDay', () => {
  it('is the calendar day at the venue, as YYYY-MM-DD', () => {
    const instant = new Date('2027-01-01T00:30:00.000Z');
    expect(venueDay(instant, 'America/New_York')).toBe('2026-12-31');
    expect(venueDay(instant, 'Asia/Tokyo')).toBe('2027-01-01');
    expect(venueDay(new Date('2026-03-01T07:59:00.000Z'), 'America/Los_Angeles')).toBe(
      '2026-02-28',
    );
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    // 00:30 UTC on New Year's Day is still the 31st in the Americas.
    expect(venueDay(new Date('2027-01-01T00:30:00.000Z'), 'Mars/Olympus')).toBe('2027-01-01');
  });
});
