import { type SQL, sql } from 'drizzle-orm';
import { isStoredCategoryId } from '../../contract/categories.ts';
import type { Event } from '../../contract/events.ts';
import { type EventRow, events } from '../db/schema/index.ts';
import { type Area, roundedMeters } from './distance.ts';

/*
 * Every column of `events`, named once, with what an Event response (contract/events.ts) and
 * the import (server/stores/eventImport.ts) do with it. The table must name every column (the
 * typecheck refuses a schema column it lacks), so a new column cannot be forgotten here:
 *
 * - `read`: the column is shown, and this is how a hand-written query's row value is read (with
 *   the same care drizzle takes). The row type (SelectedEvent), drizzle's SELECT list
 *   (eventSelection) and the column list of the hand-written queries (eventColumnsSql) follow
 *   from it, and the typecheck then asks for the field in selectedEventOf and toEvent.
 * - `import`: what the import does with it. 'key' is written on insert and is what a re-import
 *   finds the row by; 'updated' is written on insert and again whenever a re-import brings a
 *   different value. The import's row type (ImportedEventRow), the columns it inserts and the
 *   ones it updates follow from these, so toEventRow is asked for a new column by the typecheck
 *   and a re-import updates it without another list to remember. Anything else says `because`:
 *   'insertOnly' is written on insert and kept on re-import, 'followUp' is computed by the
 *   re-import itself from the stored and incoming rows (eventFollowUps), 'notImported' is never
 *   written by the import. eventFields.test.ts fails when a shown column is not imported, or an
 *   imported one is not updated, without a reason.
 *
 * selectedEventOf and toEvent spell their objects out instead of building them from the table
 * in a loop: built field by field (Object.fromEntries, a spread of the result), an Event cost
 * about 30 µs instead of 2 and came out in a shape the response serialiser reads slowly, which
 * made a listing or search page about a millisecond of CPU dearer and halved the API's
 * throughput (docs/benchmarks.md).
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

/** What the import does with a column; every choice but writing it each time says why. */
export type ImportRole =
  | { readonly import: 'key' | 'updated' }
  | { readonly import: 'insertOnly' | 'followUp' | 'notImported'; readonly because: string };

type ColumnSpec<Value> = ImportRole & { readonly read?: (value: unknown) => Value };

const key = { import: 'key' } as const;
const updated = { import: 'updated' } as const;
const generated = {
  import: 'notImported',
  because: 'the database generates it from other columns',
} as const;
const pictureWorkers = {
  import: 'followUp',
  because:
    "the picture worker's (server/services/pictures/fetchWorker.ts); a re-import that changes pictureUrl clears it, so the new picture is fetched",
} as const;
const startMoves = {
  import: 'followUp',
  because:
    'a re-import that moves the start by more than a minute remembers when and from what, so the saved family is told',
} as const;

/** Each column of `events`, by its name in the schema. */
export const eventColumns = {
  id: { read: text, ...key },
  source: key,
  sourceId: key,
  title: { read: text, ...updated },
  description: { read: text, ...updated },
  venue: { read: text, ...updated },
  location: { read: text, ...updated },
  address: { read: text, ...updated },
  startsAt: { read: instant, ...updated },
  timeZone: { read: text, ...updated },
  hasTime: { read: flag, ...updated },
  priceText: { read: textOrNull, ...updated },
  priceMinCents: updated,
  priceMaxCents: updated,
  imageUrl: { read: text, ...updated },
  imageId: {
    read: textOrNull,
    import: 'followUp',
    because:
      'the picture worker sets it once it has stored pictureUrl (server/services/pictures/fetchWorker.ts); a re-import clears it when the source drops its picture',
  },
  pictureUrl: updated,
  pictureCheckedAt: pictureWorkers,
  pictureError: pictureWorkers,
  cancelledAt: {
    read: instantOrNull,
    import: 'notImported',
    because:
      'a polled source sets it when its feed says the event is cancelled or stops listing it, and clears it when the feed lists it again (server/services/sources/importRun.ts)',
  },
  rescheduledAt: startMoves,
  previousStartsAt: startMoves,
  category: { read: category, ...updated },
  tags: { read: words, ...updated },
  isFamilyFriendly: { read: flag, ...updated },
  ticketUrl: { read: textOrNull, ...updated },
  minAge: { read: age, ...updated },
  maxAge: { read: age, ...updated },
  latitude: { read: number, ...updated },
  longitude: { read: number, ...updated },
  createdAt: { import: 'notImported', because: "the database's default on insert" },
  updatedAt: {
    import: 'followUp',
    because: 'the database default on insert; now() when a re-import changed something',
  },
  geoCell: generated,
  isDeal: generated,
  searchVector: generated,
  titleVector: generated,
} as const satisfies { [Column in keyof EventRow]: ColumnSpec<EventRow[Column]> };

type EventColumns = typeof eventColumns;
type EventColumn = keyof EventColumns;
type ColumnsWith<Spec> = {
  [Column in EventColumn]: EventColumns[Column] extends Spec ? Column : never;
}[EventColumn];

/** The columns an Event is made from. */
type EventField = ColumnsWith<{ read: unknown }>;
/** The columns the import writes on insert. */
export type ImportedColumn = ColumnsWith<{ import: 'key' | 'updated' | 'insertOnly' }>;
/** The columns a re-import overwrites with the source's value when it differs. */
export type UpdatedColumn = ColumnsWith<{ import: 'updated' }>;
/** The columns a re-import computes itself (server/stores/eventImport.ts, eventFollowUps). */
export type FollowUpColumn = ColumnsWith<{ import: 'followUp' }>;

/** What the import writes for one event: every imported column, nothing else. */
export type ImportedEventRow = { [Column in ImportedColumn]: EventRow[Column] };

const columnNames = Object.keys(eventColumns) as EventColumn[];

const writtenOnInsert: ReadonlySet<ImportRole['import']> = new Set([
  'key',
  'updated',
  'insertOnly',
]);

export const importedColumns = columnNames.filter((column): column is ImportedColumn =>
  writtenOnInsert.has(eventColumns[column].import),
);

export const updatedColumns = columnNames.filter(
  (column): column is UpdatedColumn => eventColumns[column].import === 'updated',
);

const fieldNames = columnNames.filter(
  (column): column is EventField => 'read' in eventColumns[column],
);

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
 * column read by its reader in eventColumns. The keys are the columns' SQL names (a test checks
 * them against the schema).
 */
export function selectedEventOf(row: Record<string, unknown>): SelectedEvent {
  const columns = eventColumns;
  return {
    id: columns.id.read(row.id),
    title: columns.title.read(row.title),
    description: columns.description.read(row.description),
    venue: columns.venue.read(row.venue),
    location: columns.location.read(row.location),
    address: columns.address.read(row.address),
    startsAt: columns.startsAt.read(row.starts_at),
    timeZone: columns.timeZone.read(row.time_zone),
    hasTime: columns.hasTime.read(row.has_time),
    priceText: columns.priceText.read(row.price_text),
    imageUrl: columns.imageUrl.read(row.image_url),
    imageId: columns.imageId.read(row.image_id),
    cancelledAt: columns.cancelledAt.read(row.cancelled_at),
    category: columns.category.read(row.category),
    tags: columns.tags.read(row.tags),
    isFamilyFriendly: columns.isFamilyFriendly.read(row.is_family_friendly),
    minAge: columns.minAge.read(row.min_age),
    maxAge: columns.maxAge.read(row.max_age),
    ticketUrl: columns.ticketUrl.read(row.ticket_url),
    latitude: columns.latitude.read(row.latitude),
    longitude: columns.longitude.read(row.longitude),
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
