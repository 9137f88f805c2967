import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import {
  PICTURE_MAX_BYTES,
  PICTURE_MAX_PIXELS,
  PICTURE_WIDTHS,
  type PictureFormat,
  pictureFormats,
} from '../../contract/pictures.ts';
import type { Database } from '../db/client.ts';
import { images, imageVariants } from '../db/schema/images.ts';

/*
 * Every picture FamJam shows is drawn here from decoded pixels (issue 20 section 3): nothing of
 * the file a feed or a family sent is served, so EXIF (a camera's GPS position), comments, ICC
 * tricks and polyglot payloads never reach a browser. What does not decode, or claims more
 * pixels than a picture needs, is refused with a reason in words for the operator or the family.
 */

/** Why a picture was not stored, in words a person can act on. */
export class PictureRejectedError extends Error {
  override name = 'PictureRejectedError';
}

/**
 * The tallest a variant may be, as a multiple of its width: a long poster is cut down to a
 * height a card or the details page can use instead of a 1200 x 6000 image nobody scrolls.
 */
const maxAspect = 2;

/** JPEG at 80 (mozjpeg) and WebP at 78 look alike on photos; WebP is about a third smaller. */
const jpegQuality = 80;
const webpQuality = 78;

interface Variant {
  width: number;
  format: PictureFormat;
  height: number;
  bytes: Buffer;
}

function tooManyPixels(): PictureRejectedError {
  return new PictureRejectedError(
    `The picture has more than ${PICTURE_MAX_PIXELS / 1_000_000} million pixels, the most FamJam takes.`,
  );
}

/** libvips refuses a header over limitInputPixels before decoding anything. */
function exceedsPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** The decoded picture, upright and in sRGB, at the largest width served, as raw pixels. */
async function decodeUpright(bytes: Buffer) {
  // failOn 'warning': a truncated or corrupt file is refused rather than stored half grey.
  // limitInputPixels: libvips reads the header first and stops there, so a small file that
  // claims 2^31 x 2^31 pixels (a decompression bomb) costs nothing.
  const input = sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'warning' });
  let metadata: Metadata;
  try {
    metadata = await input.metadata();
  } catch (error) {
    if (exceedsPixelLimit(error)) throw tooManyPixels();
    throw new PictureRejectedError(
      'The file is not a picture FamJam can read (JPEG, PNG, WebP, AVIF, GIF or TIFF).',
    );
  }
  const { width, height } = metadata;
  if (!width || !height) {
    throw new PictureRejectedError('The file is not a picture FamJam can read.');
  }
  if (width * height > PICTURE_MAX_PIXELS) throw tooManyPixels();
  const largest = Math.max(...PICTURE_WIDTHS);
  try {
    const { data, info } = await input
      // Turned upright by its EXIF orientation before the EXIF is dropped with everything else.
      .rotate()
      .resize({
        width: largest,
        height: largest * maxAspect,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    // The size as seen: a portrait photo stored sideways with an EXIF turn is portrait here.
    const upright = metadata.autoOrient ?? { width, height };
    return { data, info, width: upright.width, height: upright.height };
  } catch (error) {
    if (exceedsPixelLimit(error)) throw tooManyPixels();
    throw new PictureRejectedError(
      'The picture could not be read: the file may be damaged or cut short.',
    );
  }
}

/**
 * The picture decoded, checked, stripped of metadata (nothing is copied from the file), turned
 * upright, resized to each of PICTURE_WIDTHS (never enlarged) and encoded as WebP and JPEG, then
 * stored in `images` and `image_variants`. Its id is the sha256 of its upright pixels at the
 * largest width, so the same picture from two feeds, or fetched twice, is stored once.
 * Throws PictureRejectedError when the bytes are not a picture FamJam takes.
 */
export async function storePicture(
  db: Database,
  bytes: Buffer,
  { origin, alt }: { origin: string; alt: string },
): Promise<{ id: string }> {
  if (bytes.length === 0) throw new PictureRejectedError('The file is empty.');
  if (bytes.length > PICTURE_MAX_BYTES) {
    throw new PictureRejectedError(
      `The picture is larger than ${PICTURE_MAX_BYTES / (1024 * 1024)} MiB.`,
    );
  }
  const decoded = await decodeUpright(bytes);
  const { data, info } = decoded;
  // Raw pixels, not an encoder's output: the id stays the same when libjpeg or libwebp change.
  const id = createHash('sha256')
    .update(`${info.width}x${info.height}x${info.channels}\n`)
    .update(data)
    .digest('hex');

  const [existing] = await db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  if (existing) return { id };

  const raw = { width: info.width, height: info.height, channels: info.channels };
  const variants: Variant[] = [];
  for (const width of PICTURE_WIDTHS) {
    const resized = () =>
      sharp(data, { raw }).resize({
        width,
        height: width * maxAspect,
        fit: 'inside',
        withoutEnlargement: true,
      });
    for (const format of pictureFormats) {
      const pipeline =
        format === 'webp'
          ? resized().webp({ quality: webpQuality, effort: 4 })
          : // JPEG has no transparency: a transparent PNG's background becomes white, as on a page.
            resized()
              .flatten({ background: '#ffffff' })
              .jpeg({ quality: jpegQuality, mozjpeg: true, progressive: true });
      const { data: encoded, info: encodedInfo } = await pipeline.toBuffer({
        resolveWithObject: true,
      });
      // Keyed by the width asked for, so a client that knows only the id can name every URL;
      // a small picture's variants are the picture itself at its own size.
      variants.push({ width, format, height: encodedInfo.height, bytes: encoded });
    }
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(images)
      .values({ id, origin, alt, width: decoded.width, height: decoded.height })
      .onConflictDoNothing();
    await tx
      .insert(imageVariants)
      .values(variants.map((variant) => ({ imageId: id, ...variant })))
      .onConflictDoNothing();
  });
  return { id };
}
