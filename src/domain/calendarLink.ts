import type { Event } from '../../contract/events.ts';
import { zonedIsoDay } from './eventDates.ts';

/** SPEC 9 "Calendar entry length": 2 hours from the event's start. */
export const CALENDAR_ENTRY_HOURS = 2;

const GOOGLE_CALENDAR_TEMPLATE = 'https://calendar.google.com/calendar/render';

export type CalendarLinkEvent = Pick<
  Event,
  'title' | 'description' | 'venue' | 'date' | 'time' | 'timeZone'
>;

/**
 * A Google Calendar "create event" link (SPEC 7 "External links"): title, start, end = start
 * + 2 h, details = the description, location = the venue.
 *
 * Times go as UTC instants ('…Z'), so the entry lands at the right moment whatever zone the
 * phone or the calendar is in; `ctz` names the venue's zone so Google shows it there.
 * A date-only event (no `time`: the API then gives local midnight) becomes an all-day entry on
 * the venue's calendar day: a made-up midnight-to-2-AM slot would be wrong.
 */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const start = new Date(event.date);
  const dates =
    event.time === ''
      ? `${compactDay(zonedIsoDay(start, event.timeZone))}/${compactDay(nextDay(zonedIsoDay(start, event.timeZone)))}`
      : `${utcStamp(start)}/${utcStamp(new Date(start.getTime() + CALENDAR_ENTRY_HOURS * 3_600_000))}`;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates,
    details: event.description,
    location: event.venue,
    ctz: event.timeZone,
  });
  return `${GOOGLE_CALENDAR_TEMPLATE}?${params.toString()}`;
}

/** '2026-11-28T19:00:00.000Z' → '20261128T190000Z' (the template's UTC form). */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** '2026-11-28' → '20261128' (the template's all-day form). */
function compactDay(isoDay: string): string {
  return isoDay.replaceAll('-', '');
}

/** The day after an ISO day; all-day ends are exclusive. Date.UTC rolls months and years over. */
function nextDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}
