import { and, eq, sql } from 'drizzle-orm';
import type { PictureFormat } from '../../contract/pictures.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { events } from '../db/schema/events.ts';
import { images, imageVariants } from '../db/schema/images.ts';
import { eventSources, sources } from '../db/schema/sources.ts';

/*
 * The stored pictures' SQL (docs/pictures.md): `images` holds what a picture is (its origin, alt
 * text and upright size), `image_variants` the bytes served at each width and format. What goes
 * in, and why, is decided by server/services/pictures/; the fetch queue is the events' picture_url
 * and picture_checked_at columns.
 */

/** A picture as stored in `images`: its id is the hash of its upright pixels. */
export interface StoredPicture {
  id: string;
  origin: string;
  alt: string;
  width: number;
  height: number;
}

/** One encoded size of a picture, keyed by the width asked for. */
export interface StoredVariant {
  width: number;
  format: PictureFormat;
  height: number;
  bytes: Buffer;
}

export async function pictureExists(db: Database, id: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return existing !== undefined;
}

/**
 * The picture and its variants, in one transaction; a picture already stored (the same pixels
 * stored by another process meanwhile) is left as it is.
 */
export async function insertPicture(
  db: Database,
  picture: StoredPicture,
  variants: readonly StoredVariant[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(images).values(picture).onConflictDoNothing();
    await tx
      .insert(imageVariants)
      .values(variants.map((variant) => ({ imageId: picture.id, ...variant })))
      .onConflictDoNothing();
  });
}

/** The bytes of one variant of a picture, or null when there is no such picture or size. */
export async function variantBytes(
  db: Database,
  imageId: string,
  width: number,
  format: PictureFormat,
): Promise<Buffer | null> {
  const [variant] = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(
      and(
        eq(imageVariants.imageId, imageId),
        eq(imageVariants.width, width),
        eq(imageVariants.format, format),
      ),
    )
    .limit(1);
  return variant?.bytes ?? null;
}

/** An event's picture taken off the fetch queue by this process. */
export interface ClaimedEventPicture {
  eventId: string;
  url: string;
  title: string;
}

/**
 * Takes the oldest event whose picture was never tried, for this process alone, or null when
 * none waits. One statement: the row lock (SKIP LOCKED) lets exactly one of several processes
 * asking at once have it, and setting picture_checked_at takes it off the queue (the partial
 * index events_picture_pending_idx) before the slow fetch starts, with no transaction held
 * open meanwhile (PGlite has one connection: a held transaction would stall every request).
 * A process that dies mid-fetch leaves that event on its category drawing until its source
 * names another picture.
 */
export async function claimPendingEventPicture(db: Database): Promise<ClaimedEventPicture | null> {
  const [row] = await db
    .update(events)
    .set({ pictureCheckedAt: sql`now()`, pictureError: null })
    .where(
      eq(
        events.id,
        sql`(SELECT ${events.id} FROM ${events} WHERE ${events.pictureUrl} IS NOT NULL AND ${events.pictureCheckedAt} IS NULL ORDER BY ${events.createdAt} LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning({ eventId: events.id, url: events.pictureUrl, title: events.title });
  if (!row?.url) return null;
  return { eventId: row.eventId, url: row.url, title: row.title };
}

/** The URLs of the sources listing this event that an operator allowed on a private network. */
export async function privateNetworkSourceUrls(db: Database, eventId: string): Promise<string[]> {
  const allowedSources = await db
    .select({ url: sources.url })
    .from(eventSources)
    .innerJoin(sources, eq(sources.id, eventSources.sourceId))
    .where(and(eq(eventSources.eventId, eventId), eq(sources.allowPrivateNetwork, true)));
  return allowedSources.map((source) => source.url);
}

/** Links the stored picture to its event, or records why there is none (error null: no reason). */
export async function recordPictureOutcome(
  db: Database,
  eventId: string,
  imageId: string | null,
  error: string | null,
): Promise<void> {
  await db
    .update(events)
    .set(imageId ? { imageId, pictureError: null } : { pictureError: error })
    .where(eq(events.id, eventId));
}

/**
 * Deletes stored pictures no event and no suggestion uses, with their sizes (cascade), once
 * they are `graceHours` old. Returns how many went.
 */
export async function deleteUnusedPicturesOlderThan(
  db: Database,
  graceHours: number,
): Promise<number> {
  const deleted = await db.execute(sql`
    DELETE FROM images
    WHERE created_at < now() - make_interval(hours => ${graceHours})
      AND NOT EXISTS (SELECT 1 FROM events WHERE events.image_id = images.id)
      AND NOT EXISTS (SELECT 1 FROM suggestions WHERE suggestions.image_id = images.id)
    RETURNING id`);
  return rowsOf(deleted).length;
}
