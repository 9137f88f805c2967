import type { Event } from '../../contract/events.ts';
import { zonedDateFormat } from './eventDisplay.ts';

// The details screen's and the calendar link's dates: apart from eventDisplay.ts, whose card
// formats every first visit loads.

const longDateOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
} as const;
const isoDayOptions = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/**
 * The details screen's date (SPEC 9: "details use long weekday, month, day and year"), e.g.
 * 'Saturday, November 28, 2026', as the venue's calendar shows that day. The time, already in
 * the venue's zone, is the event's own `time` text.
 */
export function longDateLabel(event: Pick<Event, 'date' | 'timeZone'>): string {
  return zonedDateFormat('en-US', longDateOptions, event.timeZone).format(new Date(event.date));
}

/**
 * The venue's calendar day of an instant as 'YYYY-MM-DD' (en-CA writes dates that way): the
 * all-day calendar entry of a date-only event must be that day, not the UTC one.
 */
export function zonedIsoDay(date: Date, timeZone: string): string {
  return zonedDateFormat('en-CA', isoDayOptions, timeZone).format(date);
}
