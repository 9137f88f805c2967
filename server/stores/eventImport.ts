import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { events, type NewRestaurantRow, restaurants } from '../db/schema/events.ts';
import {
  type FollowUpColumn,
  type ImportedEventRow,
  importedColumns,
  updatedColumns,
} from './eventFields.ts';

/*
 * The import's writes: events (and the seed's restaurants) upserted by (source, source_id) in
 * batches. Which event columns are inserted, updated on a re-import or computed by it follows
 * from the field table (server/stores/eventFields.ts); the checks that make a row come before,
 * in server/ingest/.
 */

export interface UpsertCounts {
  added: number;
  updated: number;
  /** Rows already stored exactly as given: left untouched, their updatedAt kept. */
  skipped: number;
}

/** A database handle or an open transaction: both can insert. */
type Writer = Pick<Database, 'insert'>;

export type RestaurantRow = Omit<NewRestaurantRow, 'createdAt' | 'updatedAt'> & { id: string };

// PostgreSQL limits a statement to 65,535 parameters; 24 columns × 500 rows stays well under.
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

/** The row as inserted: the imported columns of the field table, whatever else the object holds. */
function insertedValues(row: ImportedEventRow): ImportedEventRow {
  const values: Partial<Record<keyof ImportedEventRow, unknown>> = {};
  for (const column of importedColumns) values[column] = row[column];
  return values as ImportedEventRow;
}

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
 * What an update sets besides the source's fields, one entry per 'followUp' column of the field
 * table: a moved start is remembered (the saved family is told, the calendar feed moves it), a
 * changed picture URL is queued for the picture worker again, a picture the source dropped is
 * no longer shown, and updatedAt says when the row last changed.
 */
const eventFollowUps = {
  rescheduledAt: sql`CASE WHEN ${startMoved} THEN now() ELSE ${stored(events.rescheduledAt)} END`,
  previousStartsAt: sql`CASE WHEN ${startMoved} THEN ${stored(events.startsAt)} ELSE ${stored(events.previousStartsAt)} END`,
  pictureCheckedAt: sql`CASE WHEN ${pictureChanged} THEN NULL ELSE ${stored(events.pictureCheckedAt)} END`,
  pictureError: sql`CASE WHEN ${pictureChanged} THEN NULL ELSE ${stored(events.pictureError)} END`,
  imageId: sql`CASE WHEN excluded.picture_url IS NULL AND ${stored(events.pictureUrl)} IS NOT NULL THEN NULL ELSE ${stored(events.imageId)} END`,
  updatedAt: sql`now()`,
} satisfies { [Column in FollowUpColumn]: SQL };

/**
 * Inserts or updates by (source, source_id). Rows must be unique by that key within one call
 * (PostgreSQL refuses to update one row twice in a statement); `dedupeBySourceId` in
 * server/ingest/pipeline.ts does that.
 * Call inside a transaction to make a whole import atomic.
 */
export async function upsertEvents(
  db: Writer,
  rows: readonly ImportedEventRow[],
  /** Where the ids of the rows inserted (not updated) go: the import's new events. */
  addedIds?: string[],
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { added: 0, updated: 0, skipped: 0 };
  const update = changedColumnsUpdate(events, updatedColumns);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const returned = await db
      .insert(events)
      .values(batch.map(insertedValues))
      .onConflictDoUpdate({
        target: [events.source, events.sourceId],
        set: { ...update.set, ...eventFollowUps },
        setWhere: update.setWhere,
      })
      .returning({ id: events.id, inserted: insertedFlag });
    tally(returned, batch.length, counts);
    for (const row of returned) if (row.inserted) addedIds?.push(row.id);
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

/**
 * Upserts one import's rows in a single transaction: all of them are written or none (the
 * pipeline then retries them one by one to find the row the database refuses).
 */
export async function upsertEventsAtomically(
  db: Pick<Database, 'transaction'>,
  rows: readonly ImportedEventRow[],
  addedIds?: string[],
): Promise<UpsertCounts> {
  const added: string[] = [];
  const counts = await db.transaction((tx) => upsertEvents(tx, rows, added));
  // Only once committed: a refused batch added nothing.
  addedIds?.push(...added);
  return counts;
}
