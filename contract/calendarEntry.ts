import type { Event } from './events.ts';
import { readWallClock, wallClockFormatter } from './wallClock.ts';

/*
 * When an event's calendar entry runs: one rule for the downloaded .ics file, the subscribed
 * feed (contract/icalendar.ts) and the Google Calendar link (src/domain/calendarLink.ts), so
 * "add to calendar" gives the same entry whichever way a family takes. No TypeBox values here:
 * the browser loads this module.
 */

/** docs/product.md#spec-9-calendar-entry-length: 2 hours from the event's start. */
export const CALENDAR_ENTRY_LENGTH_MS = 2 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CalendarEntrySpan {
  /**
   * A date-only event (time ''): `start` and `end` are UTC midnights that carry the venue's
   * calendar day and the next one (all-day ends are exclusive). Date values have no zone, and
   * a 2-hour slot from a made-up midnight would be wrong.
   */
  allDay: boolean;
  start: Date;
  end: Date;
}

/**
 * The entry of an event: a timed event from its instant to 2 hours later; a date-only one all
 * day on the venue's calendar day (in UTC when this runtime does not know the venue's zone).
 */
export function calendarEntrySpan(
  event: Pick<Event, 'date' | 'time' | 'timeZone'>,
): CalendarEntrySpan {
  const start = new Date(event.date);
  if (event.time !== '') {
    return {
      allDay: false,
      start,
      end: new Date(start.getTime() + CALENDAR_ENTRY_LENGTH_MS),
    };
  }
  const formatter = wallClockFormatter(event.timeZone);
  const day = formatter ? readWallClock(start.getTime(), formatter) : null;
  const first = day
    ? Date.UTC(day.year, day.month - 1, day.day)
    : Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  return { allDay: true, start: new Date(first), end: new Date(first + DAY_MS) };
}
