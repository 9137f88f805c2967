import { and, eq } from 'drizzle-orm';
import type { PictureFormat } from '../../contract/pictures.ts';
import type { Database } from '../db/client.ts';
import { images, imageVariants } from '../db/schema/images.ts';

/*
 * The stored pictures' SQL (docs/pictures.md): `images` holds what a picture is (its origin, alt
 * text and upright size), `image_variants` the bytes served at each width and format. What goes
 * in, and why, is decided by server/services/pictures/.
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
