import { type SQL, sql } from 'drizzle-orm';
import { isStoredCategoryId } from '../../contract/categories.ts';
import type { Event } from '../../contract/events.ts';
import { type EventRow, events } from '../db/schema/index.ts';
import { type Area, roundedMeters } from '../services/distance.ts';

/*
 * The columns of `events` an Event response (contract/events.ts) is made from, named once.
 * Showing a new field is a line in `eventFields` (plus the schema, the contract, a migration
 * and the screen): the row type (SelectedEvent), drizzle's SELECT list (eventSelection) and the
 * column list of the hand-written queries (eventColumnsSql) follow from it, and the typecheck
 * then asks for the field in selectedEventOf and toEvent. Those two spell their objects out
 * instead of building them from the table in a loop: built field by field
 * (Object.fromEntries, a spread of the result), an Event cost about 30 µs instead of 2 and came
 * out in a shape the response serialiser reads slowly, which made a listing or search page
 * about a millisecond of CPU dearer and halved the API's throughput (docs/benchmarks.md).
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const flag = (value: unknown): boolean => value === true;
const number = (value: unknown): number => Number(value);
const age = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const instant = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const instantOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : instant(value);
const words = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function category(value: unknown): EventRow['category'] {
  // The table's CHECK constraint makes this unreachable; failing loudly beats a wrong card.
  if (!isStoredCategoryId(value)) throw new Error(`Unexpected stored category ${String(value)}`);
  return value;
}

/**
 * Each shown column, by its name in the schema, with how a hand-written query's row value is
 * read (with the same care drizzle takes). The reader's type must be the column's.
 */
const eventFields = {
  id: text,
  title: text,
  description: text,
  venue: text,
  location: text,
  address: text,
  startsAt: instant,
  timeZone: text,
  hasTime: flag,
  priceText: textOrNull,
  imageUrl: text,
  imageId: textOrNull,
  cancelledAt: instantOrNull,
  category,
  tags: words,
  isFamilyFriendly: flag,
  minAge: age,
  maxAge: age,
  ticketUrl: textOrNull,
  latitude: number,
  longitude: number,
} satisfies { [Field in keyof EventRow]?: (value: unknown) => EventRow[Field] };

type EventField = keyof typeof eventFields;

const fieldNames = Object.keys(eventFields) as EventField[];

/** A row an Event is made from: the shown columns, and the distance when there is an area. */
export type SelectedEvent = Pick<EventRow, EventField> & { distanceMeters: number | null };

/** Whole metres from the area's centre: an exact value to order and page by. */
export function distanceMeters(area: Area): SQL<number> {
  return roundedMeters(area, sql`${events.latitude}`, sql`${events.longitude}`);
}

const shownColumns = Object.fromEntries(fieldNames.map((field) => [field, events[field]])) as {
  [Field in EventField]: (typeof events)[Field];
};

/** drizzle's SELECT list for a SelectedEvent: every shown column, plus the distance. */
export function eventSelection(area: Area | null) {
  return {
    ...shownColumns,
    distanceMeters: area ? distanceMeters(area).mapWith(Number) : sql<null>`null`,
  };
}

/**
 * The shown columns for hand-written queries over `events`, which add their own
 * `distance_meters`; selectedEventOf reads their rows.
 */
export const eventColumnsSql: SQL = sql.join(
  fieldNames.map((field) => sql`${events[field]}`),
  sql`, `,
);

/**
 * A row of a hand-written query (eventColumnsSql and `distance_meters`) as a SelectedEvent, each
 * column read by its reader in eventFields. The keys are the columns' SQL names (a test checks
 * them against the schema).
 */
export function selectedEventOf(row: Record<string, unknown>): SelectedEvent {
  const read = eventFields;
  return {
    id: read.id(row.id),
    title: read.title(row.title),
    description: read.description(row.description),
    venue: read.venue(row.venue),
    location: read.location(row.location),
    address: read.address(row.address),
    startsAt: read.startsAt(row.starts_at),
    timeZone: read.timeZone(row.time_zone),
    hasTime: read.hasTime(row.has_time),
    priceText: read.priceText(row.price_text),
    imageUrl: read.imageUrl(row.image_url),
    imageId: read.imageId(row.image_id),
    cancelledAt: read.cancelledAt(row.cancelled_at),
    category: read.category(row.category),
    tags: read.tags(row.tags),
    isFamilyFriendly: read.isFamilyFriendly(row.is_family_friendly),
    minAge: read.minAge(row.min_age),
    maxAge: read.maxAge(row.max_age),
    ticketUrl: read.ticketUrl(row.ticket_url),
    latitude: read.latitude(row.latitude),
    longitude: read.longitude(row.longitude),
    distanceMeters: row.distance_meters === null ? null : Number(row.distance_meters),
  };
}

/** Per zone, one formatter for the time and one for the calendar day (building one is the cost). */
const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter for `timeZone`; UTC for a zone this runtime does not know. */
function zonedFormatter(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // UTC is wrong by hours, but never blank.
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    cache.set(timeZone, formatter);
  }
  return formatter;
}

/** '7:00 PM' at the venue. ICU puts a narrow no-break space before PM; cards want a space. */
export function displayTime(startsAt: Date, timeZone: string): string {
  return zonedFormatter(timeFormatters, 'en-US', { hour: 'numeric', minute: '2-digit' }, timeZone)
    .format(startsAt)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * The venue's calendar day, 'YYYY-MM-DD' (Canadian English writes dates the ISO way). Sent with
 * every event so that the app can print dates without the browser's Intl: a phone's first Intl
 * formatter loads ICU's data, up to 180 ms of main thread at startup (docs/benchmarks.md).
 */
export function venueDay(startsAt: Date, timeZone: string): string {
  return zonedFormatter(
    dayFormatters,
    'en-CA',
    { year: 'numeric', month: '2-digit', day: '2-digit' },
    timeZone,
  ).format(startsAt);
}

/**
 * The row as the API shows it. Most fields are sent as stored; startsAt, hasTime, priceText,
 * ticketUrl, cancelledAt and the distance are shown otherwise.
 */
export function toEvent(row: SelectedEvent): Event {
  const price = row.priceText?.trim();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    venue: row.venue,
    location: row.location,
    address: row.address,
    timeZone: row.timeZone,
    imageUrl: row.imageUrl,
    imageId: row.imageId,
    category: row.category,
    tags: row.tags,
    isFamilyFriendly: row.isFamilyFriendly,
    minAge: row.minAge,
    maxAge: row.maxAge,
    latitude: row.latitude,
    longitude: row.longitude,
    date: row.startsAt.toISOString(),
    day: venueDay(row.startsAt, row.timeZone),
    time: row.hasTime ? displayTime(row.startsAt, row.timeZone) : '',
    // docs/product.md#spec-3: blank or absent means Free; saying so spares every client that rule.
    price: price ? price : 'Free',
    ticketUrl: row.ticketUrl?.trim() ? row.ticketUrl : null,
    cancelled: row.cancelledAt !== null,
    distanceKm: row.distanceMeters === null ? null : Math.round(row.distanceMeters / 10) / 100,
  };
}
