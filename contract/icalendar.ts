import { ICalCalendar, ICalEventStatus, type ICalTZDateStub } from 'ical-generator';
import { calendarEntrySpan } from './calendarEntry.ts';
import type { Event } from './events.ts';
import { PRODUCT_NAME } from './product.ts';
import { readWallClock, type WallClock, wallClockFormatter } from './wallClock.ts';

/*
 * The saved list as an iCalendar file (RFC 5545). One builder for the browser's one-off
 * download and the server's subscribed feed, so both write the same UIDs and a calendar that
 * has seen one recognises events from the other. No TypeBox values here: the browser loads
 * this module (lazily) and must not pull schema code with it.
 */

/** The calendar's name in the user's app. Never the user's name or email (the feed is shareable). */
export const SAVED_CALENDAR_NAME = `${PRODUCT_NAME} saved events`;

/**
 * The calendar's own words, in the reader's language: the caller words them (the server from its
 * catalogue, the app from its own), as this module loads no catalogue. Event content (titles,
 * descriptions, places) stays as its source wrote it.
 */
export interface SavedCalendarWords {
  /** The calendar's name in the reader's calendar app (X-WR-CALNAME). */
  calendarName: string;
  /** A cancelled event's title: 'Cancelled: Jazz Night'. */
  cancelledTitle: (title: string) => string;
  /** The language of these words, as PRODID's language names it ('EN', 'ES'). */
  language: string;
}

/** The words in English, FamJam's source language: what a caller that gives none gets. */
export const englishCalendarWords: SavedCalendarWords = {
  calendarName: SAVED_CALENDAR_NAME,
  cancelledTitle: (title) => `Cancelled: ${title}`,
  language: 'EN',
};

/** The downloaded file's name, and the name the feed suggests when saved. */
export const SAVED_CALENDAR_FILE_NAME = `${PRODUCT_NAME.toLowerCase()}-saved-events.ics`;

/** What the builder reads of an event: the contract's Event fits as it is. */
export type CalendarEvent = Pick<
  Event,
  'id' | 'title' | 'description' | 'venue' | 'address' | 'date' | 'time' | 'timeZone'
> & {
  /**
   * When the event last changed (ISO date-time). Written as LAST-MODIFIED and folded into
   * SEQUENCE, so a calendar that already has the event takes the new version. The contract's
   * Event carries none (the browser's download then writes SEQUENCE 0); the feed reads it
   * from the database.
   */
  updatedAt?: string;
  /** Cancelled by its source: written as STATUS:CANCELLED, and the title says so. */
  cancelled?: boolean;
};

/**
 * The VTIMEZONE block for an IANA zone, or null when there is none. The server hands in
 * @touch4it/ical-timezones (it reads its files with node:fs); the browser hands in the same
 * files loaded on demand. Both write the same blocks.
 */
export type VtimezoneLookup = (timeZone: string) => string | null;

export interface SavedEventsCalendarOptions {
  /** Where the event pages are: `{origin}/event/{id}` becomes each event's URL. */
  origin: string;
  vtimezone: VtimezoneLookup;
  /** DTSTAMP: when this copy was written. */
  now?: Date;
  /**
   * For a subscribed feed: how often calendar apps should poll (REFRESH-INTERVAL and
   * X-PUBLISHED-TTL). A downloaded file leaves it out.
   */
  refreshIntervalSeconds?: number;
  /** The calendar's own words in the reader's language; English without them. */
  words?: SavedCalendarWords;
}

const utf8 = new TextEncoder();

/**
 * `{eventId}@famjam`: the same for an event in every export and in the feed, so importing
 * again or subscribing updates the entry instead of adding a second one. Ids are readable
 * (`seed:sf-0001`, `ical:…`) but may carry characters a content line cannot (an imported
 * UID with a line break); those are percent-encoded, which keeps the UID one-to-one.
 */
export function calendarUid(eventId: string): string {
  const safe = eventId.replace(/[^A-Za-z0-9._:@~+-]/gu, (character) =>
    Array.from(
      utf8.encode(character),
      (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join(''),
  );
  return `${safe}@${PRODUCT_NAME.toLowerCase()}`;
}

/** The event's own page on this site (what an Invite Friends link opens). */
export function eventPageUrl(origin: string, eventId: string): string {
  return `${origin.replace(/\/+$/, '')}/event/${encodeURIComponent(eventId)}`;
}

/** "Venue, address", without repeating the venue when the address already starts with it. */
export function calendarLocation(event: Pick<Event, 'venue' | 'address'>): string {
  const venue = event.venue.trim();
  const address = event.address.trim();
  if (venue === '') return address;
  if (address === '' || address.toLowerCase().startsWith(venue.toLowerCase())) {
    return address === '' ? venue : address;
  }
  return `${venue}, ${address}`;
}

/**
 * An instant that reads as the wall clock of a zone. ical-generator writes a plain Date's
 * local fields, i.e. the zone of whatever computer runs the code (a browser in Berlin would
 * move a San Francisco concert to Berlin time). It takes date-fns' TZDate instead, by its
 * shape: this is that shape, backed by Intl, without adding a date library to the bundle.
 */
class ZonedDate extends Date implements ICalTZDateStub {
  readonly internal: Date;
  readonly #formatter: Intl.DateTimeFormat;

  constructor(
    epochMs: number,
    readonly timeZone: string,
    formatter: Intl.DateTimeFormat,
  ) {
    super(epochMs);
    this.internal = new Date(epochMs);
    this.#formatter = formatter;
  }

  withTimeZone(timeZone?: string | null): ZonedDate {
    const zone = timeZone ?? this.timeZone;
    const formatter = wallClockFormatter(zone) ?? this.#formatter;
    return new ZonedDate(this.getTime(), zone, formatter);
  }

  tzComponents(): WallClock {
    return readWallClock(this.getTime(), this.#formatter);
  }

  override getFullYear(): number {
    return this.tzComponents().year;
  }
  override getMonth(): number {
    return this.tzComponents().month - 1;
  }
  override getDate(): number {
    return this.tzComponents().day;
  }
  override getHours(): number {
    return this.tzComponents().hour;
  }
  override getMinutes(): number {
    return this.tzComponents().minute;
  }
  override getSeconds(): number {
    return this.tzComponents().second;
  }
}

/** Seconds from this day on: SEQUENCE must grow with each change and fit a 32-bit integer. */
const SEQUENCE_EPOCH_MS = Date.UTC(2020, 0, 1);

function sequenceOf(updatedAt: Date | null): number {
  if (updatedAt === null) return 0;
  return Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH_MS) / 1000));
}

function validDate(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * RFC 5545 text of `events`, one VEVENT each, in the order given.
 *
 * - Timed events start at their instant, written in the event's own zone (DTSTART;TZID=…) with
 *   that zone's VTIMEZONE, and end 2 hours later (docs/product.md#spec-9).
 * - Date-only events (time '') are all-day on the venue's calendar day (DTSTART;VALUE=DATE,
 *   DTEND the next day): a 2-hour slot from midnight would be wrong.
 * - An event whose zone has no VTIMEZONE (or that this runtime does not know) is written in UTC:
 *   the right instant, shown in the reader's own zone, rather than a TZID no block defines.
 */
export function savedEventsCalendar(
  events: readonly CalendarEvent[],
  options: SavedEventsCalendarOptions,
): string {
  const vtimezones = new Map<string, string | null>();
  const vtimezoneOf = (timeZone: string): string | null => {
    if (!vtimezones.has(timeZone)) {
      vtimezones.set(timeZone, timeZone === '' ? null : options.vtimezone(timeZone));
    }
    return vtimezones.get(timeZone) ?? null;
  };

  const words = options.words ?? englishCalendarWords;
  const calendar = new ICalCalendar({
    prodId: { company: PRODUCT_NAME, product: 'Saved events', language: words.language },
    name: words.calendarName,
    // No calendar-wide zone (name null): DTSTAMP and LAST-MODIFIED then stay in UTC as RFC 5545
    // wants, and each event's own zone gets its VTIMEZONE from the generator.
    timezone: { name: null, generator: vtimezoneOf },
    ttl: options.refreshIntervalSeconds ?? null,
  });
  const stamp = options.now ?? new Date();

  for (const event of events) {
    const start = new Date(event.date);
    if (Number.isNaN(start.getTime())) continue;
    const formatter = wallClockFormatter(event.timeZone);
    const updatedAt = validDate(event.updatedAt);
    const common = {
      id: calendarUid(event.id),
      sequence: sequenceOf(updatedAt),
      stamp,
      lastModified: updatedAt,
      // STATUS:CANCELLED is what Apple's and Microsoft's calendars act on; Google's shows the
      // entry unchanged, so the title says it too.
      status: event.cancelled ? ICalEventStatus.CANCELLED : null,
      summary: event.cancelled ? words.cancelledTitle(event.title) : event.title,
      // An empty DESCRIPTION is a property with no value, which libical reports as an error.
      description: event.description.trim() === '' ? null : event.description,
      location: calendarLocation(event) || null,
      url: eventPageUrl(options.origin, event.id),
    };

    const span = calendarEntrySpan(event);
    if (span.allDay) {
      // ical-generator reads a date-only value's UTC fields when the event has no zone: the
      // span's UTC midnights carry the venue's day.
      calendar.createEvent({ ...common, allDay: true, start: span.start, end: span.end });
    } else if (formatter && vtimezoneOf(event.timeZone) !== null) {
      calendar.createEvent({
        ...common,
        timezone: event.timeZone,
        start: new ZonedDate(span.start.getTime(), event.timeZone, formatter),
        end: new ZonedDate(span.end.getTime(), event.timeZone, formatter),
      });
    } else {
      calendar.createEvent({ ...common, start: span.start, end: span.end });
    }
  }

  return calendarPropertiesFirst(calendar.toString());
}

/** Calendar properties ical-generator writes after the VTIMEZONE blocks (it adds the TTL late). */
const lateCalendarProperty = /^(REFRESH-INTERVAL[;:]|X-PUBLISHED-TTL:)/;

/**
 * RFC 5545 as parsers read it: every calendar property before the first component, and a CRLF
 * after the last line, END:VCALENDAR included (ical-generator writes neither: the TTL lines
 * come after the VTIMEZONE blocks, and the text stops at END:VCALENDAR).
 */
function calendarPropertiesFirst(text: string): string {
  const lines = text.split('\r\n').filter((line) => line !== '');
  const late = lines.filter((line) => lateCalendarProperty.test(line));
  const rest = lines.filter((line) => !lateCalendarProperty.test(line));
  const firstComponent = rest.findIndex((line, index) => index > 0 && line.startsWith('BEGIN:'));
  const insertAt = firstComponent === -1 ? rest.length - 1 : firstComponent;
  rest.splice(insertAt, 0, ...late);
  return `${rest.join('\r\n')}\r\n`;
}
