import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/database.ts';
import {
  eventColumns,
  type ImportedEventRow,
  importedColumns,
  updatedColumns,
} from './eventFields.ts';
import { upsertEvents } from './eventImport.ts';

/*
 * The import writes what the field table (eventFields.ts) says, checked against the database:
 * a first import stores every imported column, and a re-import that brings a different value in
 * every column stores each one the table marks 'updated'. A column left out of the upsert by
 * mistake (the trap issue 32 names: a re-import silently stops updating it) fails here.
 */

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

/** The first import of an event. Typed as the import's row, so a new column must be given here. */
const first: ImportedEventRow = {
  id: 'fieldtest:1',
  source: 'fieldtest',
  sourceId: '1',
  title: 'Jazz in the Park',
  description: 'Swing for everyone.',
  venue: 'Bandshell',
  location: 'San Francisco, CA',
  address: '1 Main St',
  startsAt: new Date('2030-06-01T19:00:00.000Z'),
  timeZone: 'America/Los_Angeles',
  hasTime: true,
  priceText: '$10',
  priceMinCents: 1000,
  priceMaxCents: 1000,
  imageUrl: '/images/categories/music.svg',
  pictureUrl: 'https://pictures.example.com/jazz.jpg',
  category: 'music',
  tags: ['outdoor'],
  isFamilyFriendly: true,
  ticketUrl: 'https://tickets.example.com/1',
  minAge: 3,
  maxAge: 12,
  latitude: 37.7694,
  longitude: -122.4862,
};

/** The same event re-imported with a different value in every column but its key. */
const changed: ImportedEventRow = {
  id: 'fieldtest:1',
  source: 'fieldtest',
  sourceId: '1',
  title: 'Jazz in the Park (moved indoors)',
  description: 'Swing for everyone, indoors.',
  venue: 'Community Hall',
  location: 'Oakland, CA',
  address: '2 Side St',
  startsAt: new Date('2030-06-02T20:30:00.000Z'),
  timeZone: 'America/Denver',
  hasTime: false,
  priceText: '$15-$20',
  priceMinCents: 1500,
  priceMaxCents: 2000,
  imageUrl: '/images/categories/arts.svg',
  pictureUrl: 'https://pictures.example.com/hall.jpg',
  category: 'arts',
  tags: ['indoor', 'jazz'],
  isFamilyFriendly: false,
  ticketUrl: 'https://tickets.example.com/2',
  minAge: 5,
  maxAge: 10,
  latitude: 37.8044,
  longitude: -122.2712,
};

async function stored(id: string) {
  const [row] = await handle.db.select().from(events).where(eq(events.id, id));
  if (!row) throw new Error(`${id} was not stored`);
  return row;
}

describe('upsertEvents and the field table', () => {
  it('gives every column the re-import updates a different value in this test', () => {
    const alike = updatedColumns.filter((column) =>
      isDeepStrictEqual(changed[column], first[column]),
    );
    expect(alike, 'give these columns a different value in `changed`').toEqual([]);
  });

  it('stores every imported column on the first import', async () => {
    expect(await upsertEvents(handle.db, [first])).toEqual({ added: 1, updated: 0, skipped: 0 });
    const row = await stored(first.id);
    for (const column of importedColumns) {
      expect(row[column], `${column} on insert`).toEqual(first[column]);
    }
  });

  it('updates every column the table marks updated, and keeps the insert-only ones, on a re-import', async () => {
    expect(await upsertEvents(handle.db, [changed])).toEqual({ added: 0, updated: 1, skipped: 0 });
    const row = await stored(first.id);
    for (const column of importedColumns) {
      const expected = eventColumns[column].import === 'updated' ? changed[column] : first[column];
      expect(row[column], `${column} on re-import`).toEqual(expected);
    }
  });

  it('rewrites nothing when the same row comes again', async () => {
    expect(await upsertEvents(handle.db, [changed])).toEqual({ added: 0, updated: 0, skipped: 1 });
  });
});
