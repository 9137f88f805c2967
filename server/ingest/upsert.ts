import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { events, type NewRestaurantRow, restaurants } from '../db/schema/events.ts';
import type { EventRow } from './eventRecord.ts';

export interface UpsertCounts {
  added: number;
  updated: number;
  /** Rows already stored exactly as given: left untouched, their updatedAt kept. */
  skipped: number;
}

/** A database handle or an open transaction: both can insert. */
type Writer = Pick<Database, 'insert'>;

export type RestaurantRow = Omit<NewRestaurantRow, 'createdAt' | 'updatedAt'> & { id: string };

// PostgreSQL limits a statement to 65,535 parameters; 21 columns × 500 rows stays well under.
const batchSize = 500;

/**
 * SET col = excluded.col for every column the writer supplies, plus a WHERE that only lets the
 * update through when something differs, so re-importing the same data rewrites nothing and
 * `updated_at` keeps meaning "last changed".
 */
function changedColumnsUpdate(table: typeof events | typeof restaurants, keys: readonly string[]) {
  const tableName = getTableName(table);
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const chosen = keys.flatMap((key) => {
    const column = columns[key];
    return column ? [[key, column] as const] : [];
  });
  const set: Record<string, SQL> = {};
  for (const [key, column] of chosen) set[key] = sql`excluded.${sql.identifier(column.name)}`;
  const current = sql.join(
    chosen.map(([, column]) => sql`${sql.identifier(tableName)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const incoming = sql.join(
    chosen.map(([, column]) => sql`excluded.${sql.identifier(column.name)}`),
    sql`, `,
  );
  return { set, setWhere: sql`(${current}) IS DISTINCT FROM (${incoming})` };
}

/** Columns an upsert may change: everything but the key, the timestamps and generated ones. */
const eventKeys = [
  'title',
  'description',
  'venue',
  'location',
  'address',
  'startsAt',
  'timeZone',
  'hasTime',
  'priceText',
  'priceMinCents',
  'priceMaxCents',
  'imageUrl',
  'pictureUrl',
  'category',
  'tags',
  'isFamilyFriendly',
  'minAge',
  'maxAge',
  'ticketUrl',
  'latitude',
  'longitude',
] as const satisfies readonly (keyof EventRow)[];

const restaurantKeys = [
  'name',
  'cuisine',
  'rating',
  'priceLevel',
  'address',
  'location',
  'latitude',
  'longitude',
  'features',
  'imageUrl',
  'reservationUrl',
] as const satisfies readonly (keyof RestaurantRow)[];

function tally(returned: readonly { inserted: boolean }[], sent: number, counts: UpsertCounts) {
  const added = returned.filter((row) => row.inserted).length;
  counts.added += added;
  counts.updated += returned.length - added;
  counts.skipped += sent - returned.length;
}

// xmax is 0 on a freshly inserted row version and set on one that replaced an existing row.
const insertedFlag = sql<boolean>`(xmax = 0)`;

/** More than this between the stored start and the source's is a reschedule, not a rounding. */
const rescheduleThresholdSeconds = 60;

/** The stored value in ON CONFLICT DO UPDATE (`excluded.x` is the incoming one), spelt out in full. */
const stored = (column: PgColumn) =>
  sql`${sql.identifier('events')}.${sql.identifier(column.name)}`;

const startMoved = sql`abs(extract(epoch from (excluded.starts_at - ${stored(events.startsAt)}))) > ${sql.raw(String(rescheduleThresholdSeconds))}`;
const pictureChanged = sql`${stored(events.pictureUrl)} IS DISTINCT FROM excluded.picture_url`;

/**
 * What an update sets besides the source's fields: a moved start is remembered (the saved
 * family is told, the calendar feed moves it), and a changed picture URL is queued for the
 * picture worker again; a picture the source dropped is no longer shown.
 */
const eventFollowUps = {
  rescheduledAt: sql`CASE WHEN ${startMoved} THEN now() ELSE ${stored(events.rescheduledAt)} END`,
  previousStartsAt: sql`CASE WHEN ${startMoved} THEN ${stored(events.startsAt)} ELSE ${stored(events.previousStartsAt)} END`,
  pictureCheckedAt: sql`CASE WHEN ${pictureChanged} THEN NULL ELSE ${stored(events.pictureCheckedAt)} END`,
  pictureError: sql`CASE WHEN ${pictureChanged} THEN NULL ELSE ${stored(events.pictureError)} END`,
  imageId: sql`CASE WHEN excluded.picture_url IS NULL AND ${stored(events.pictureUrl)} IS NOT NULL THEN NULL ELSE ${stored(events.imageId)} END`,
};

/**
 * Inserts or updates by (source, source_id). Rows must be unique by that key within one call
 * (PostgreSQL refuses to update one row twice in a statement); `dedupeBySourceId` does that.
 * Call inside a transaction to make a whole import atomic.
 */
export async function upsertEvents(db: Writer, rows: readonly EventRow[]): Promise<UpsertCounts> {
  const counts: UpsertCounts = { added: 0, updated: 0, skipped: 0 };
  const update = changedColumnsUpdate(events, eventKeys);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const returned = await db
      .insert(events)
      .values(batch.map((row) => ({ ...row })))
      .onConflictDoUpdate({
        target: [events.source, events.sourceId],
        set: { ...update.set, ...eventFollowUps, updatedAt: sql`now()` },
        setWhere: update.setWhere,
      })
      .returning({ id: events.id, inserted: insertedFlag });
    tally(returned, batch.length, counts);
  }
  return counts;
}

export async function upsertRestaurants(
  db: Writer,
  rows: readonly RestaurantRow[],
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { added: 0, updated: 0, skipped: 0 };
  const update = changedColumnsUpdate(restaurants, restaurantKeys);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const returned = await db
      .insert(restaurants)
      .values(batch.map((row) => ({ ...row })))
      .onConflictDoUpdate({
        target: [restaurants.source, restaurants.sourceId],
        set: { ...update.set, updatedAt: sql`now()` },
        setWhere: update.setWhere,
      })
      .returning({ id: restaurants.id, inserted: insertedFlag });
    tally(returned, batch.length, counts);
  }
  return counts;
}

/** Keeps the first row per source id; returns how many repeats were dropped. */
export function dedupeBySourceId<Row extends { sourceId: string }>(
  rows: readonly Row[],
): { unique: Row[]; duplicates: number } {
  const seen = new Set<string>();
  const unique: Row[] = [];
  for (const row of rows) {
    if (seen.has(row.sourceId)) continue;
    seen.add(row.sourceId);
    unique.push(row);
  }
  return { unique, duplicates: rows.length - unique.length };
}
