import { calendarEntrySpan } from '../../contract/calendarEntry.ts';
import type { Event } from '../../contract/events.ts';

const GOOGLE_CALENDAR_TEMPLATE = 'https://calendar.google.com/calendar/render';

type CalendarLinkEvent = Pick<
  Event,
  'title' | 'description' | 'venue' | 'date' | 'time' | 'timeZone'
>;

/**
 * A Google Calendar "create event" link (docs/product.md#spec-7-external-links): title, start, end = start
 * + 2 h, details = the description, location = the venue.
 *
 * Times go as UTC instants ('…Z'), so the entry lands at the right moment whatever zone the
 * phone or the calendar is in; `ctz` names the venue's zone so Google shows it there.
 * A date-only event (no `time`: the API then gives local midnight) becomes an all-day entry on
 * the venue's calendar day: a made-up midnight-to-2-AM slot would be wrong.
 */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  // The same entry as the saved list's calendar file and feed (contract/calendarEntry.ts).
  const span = calendarEntrySpan(event);
  const dates = span.allDay
    ? `${compactDay(span.start)}/${compactDay(span.end)}`
    : `${utcStamp(span.start)}/${utcStamp(span.end)}`;
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

/** A UTC midnight → '20261128' (the template's all-day form). */
function compactDay(utcMidnight: Date): string {
  return utcMidnight.toISOString().slice(0, 10).replaceAll('-', '');
}
