import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  PICTURE_MAX_BYTES,
  PICTURE_MAX_PIXELS,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  pictureFormats,
} from '../../../contract/pictures.ts';
import type { Database } from '../../db/client.ts';
import {
  insertPicture,
  pictureExists,
  type StoredVariant,
  variantBytes,
} from '../../stores/pictures.ts';
import { NotFoundError, type Sentence, ServiceError } from '../errors.ts';
import { pictureFormatOf, pictureFormatsTaken } from './pictureFormat.ts';

/*
 * Every picture FamJam shows is drawn here from decoded pixels (issue 20 section 3): nothing of
 * the file a feed or a family sent is served, so EXIF (a camera's GPS position), comments, ICC
 * tricks and polyglot payloads never reach a browser. What does not decode, or claims more
 * pixels than a picture needs, is refused with a reason in words for the operator or the family.
 */

/** Why a picture was not stored, in words a person can act on. */
export class PictureRejectedError extends ServiceError {
  constructor(
    message: string | Sentence,
    kind: 'unprocessable' | 'unsupported_format' = 'unprocessable',
  ) {
    super(kind, message, kind === 'unprocessable' ? { code: 'picture_rejected' } : {});
    this.name = 'PictureRejectedError';
  }
}

/**
 * The file is not in a format the store takes (an SVG drawing, a PDF, a web page…), seen from
 * its first bytes before anything was decoded: an upload answers 415.
 */
export class UnsupportedPictureError extends PictureRejectedError {
  constructor(message: string | Sentence) {
    super(message, 'unsupported_format');
    this.name = 'UnsupportedPictureError';
  }
}

/**
 * The most one picture may take to decode and resize, in seconds: a 40-megapixel photo takes
 * well under one here. libvips stops the work past it (sharp's timeout), so no file, however
 * made, holds a core for long.
 */
export const PICTURE_DECODE_SECONDS = 15;

/**
 * The tallest a variant may be, as a multiple of its width: a long poster is cut down to a
 * height a card or the details page can use instead of a 1200 x 6000 image nobody scrolls.
 */
const maxAspect = 2;

/** JPEG at 80 (mozjpeg) and WebP at 78 look alike on photos; WebP is about a third smaller. */
const jpegQuality = 80;
const webpQuality = 78;

function tooManyPixels(): PictureRejectedError {
  return new PictureRejectedError((i18n) =>
    i18n.t('server.error.picture.tooManyPixels', { millions: PICTURE_MAX_PIXELS / 1_000_000 }),
  );
}

/** libvips refuses a header over limitInputPixels before decoding anything. */
function exceedsPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** sharp's timeout stopped libvips ('timeout: 12% complete'). */
function timedOut(error: unknown): boolean {
  return error instanceof Error && /^timeout:/i.test(error.message);
}

const notAPicture = () =>
  new UnsupportedPictureError((i18n) =>
    i18n.t('server.error.picture.unreadableFormat', {
      formats: i18n.t('server.error.picture.formats'),
    }),
  );

/** The decoded picture, upright and in sRGB, at the largest width served, as raw pixels. */
async function decodeUpright(bytes: Buffer) {
  // Only the listed raster formats reach libvips, judged by their first bytes: sharp's own
  // metadata() already parses an SVG, and drawing one can take any time at all.
  const format = pictureFormatOf(bytes);
  if (format === 'svg') {
    throw new UnsupportedPictureError((i18n) =>
      i18n.t('server.error.picture.svg', { formats: i18n.t('server.error.picture.formats') }),
    );
  }
  if (format === null) throw notAPicture();
  // failOn 'warning': a truncated or corrupt file is refused rather than stored half grey.
  // limitInputPixels: libvips reads the header first and stops there, so a small file that
  // claims 2^31 x 2^31 pixels (a decompression bomb) costs nothing. sequentialRead: the file
  // is read top to bottom once, not held whole as pixels for random access.
  const input = sharp(bytes, {
    limitInputPixels: PICTURE_MAX_PIXELS,
    failOn: 'warning',
    sequentialRead: true,
  });
  let metadata: Metadata;
  try {
    metadata = await input.metadata();
  } catch (error) {
    if (exceedsPixelLimit(error)) throw tooManyPixels();
    // Its first bytes say a listed format, but its header does not read: 422, not 415.
    throw new PictureRejectedError((i18n) =>
      i18n.t('server.error.picture.unreadableFormat', {
        formats: i18n.t('server.error.picture.formats'),
      }),
    );
  }
  // libvips picks its loader by its own sniffing: it must agree with ours.
  if (metadata.format !== pictureFormatsTaken[format]) throw notAPicture();
  const { width, height } = metadata;
  if (!width || !height) {
    throw new PictureRejectedError((i18n) => i18n.t('server.error.picture.notAPicture'));
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
      .timeout({ seconds: PICTURE_DECODE_SECONDS })
      .toBuffer({ resolveWithObject: true });
    // The size as seen: a portrait photo stored sideways with an EXIF turn is portrait here.
    const upright = metadata.autoOrient ?? { width, height };
    return { data, info, width: upright.width, height: upright.height };
  } catch (error) {
    if (exceedsPixelLimit(error)) throw tooManyPixels();
    if (timedOut(error)) {
      throw new PictureRejectedError((i18n) =>
        i18n.t('server.error.picture.tooSlow', { seconds: PICTURE_DECODE_SECONDS }),
      );
    }
    throw new PictureRejectedError((i18n) => i18n.t('server.error.picture.damaged'));
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
  if (bytes.length === 0)
    throw new PictureRejectedError((i18n) => i18n.t('server.error.picture.empty'));
  if (bytes.length > PICTURE_MAX_BYTES) {
    throw new PictureRejectedError((i18n) =>
      i18n.t('server.error.picture.tooManyBytes', { mebibytes: PICTURE_MAX_BYTES / (1024 * 1024) }),
    );
  }
  const decoded = await decodeUpright(bytes);
  const { data, info } = decoded;
  // Raw pixels, not an encoder's output: the id stays the same when libjpeg or libwebp change.
  const id = createHash('sha256')
    .update(`${info.width}x${info.height}x${info.channels}\n`)
    .update(data)
    .digest('hex');

  if (await pictureExists(db, id)) return { id };

  const raw = { width: info.width, height: info.height, channels: info.channels };
  const variants: StoredVariant[] = [];
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
      // From raw pixels of at most 1200 x 2400: bounded, but under the same budget all the same.
      const { data: encoded, info: encodedInfo } = await pipeline
        .timeout({ seconds: PICTURE_DECODE_SECONDS })
        .toBuffer({ resolveWithObject: true });
      // Keyed by the width asked for, so a client that knows only the id can name every URL;
      // a small picture's variants are the picture itself at its own size.
      variants.push({ width, format, height: encodedInfo.height, bytes: encoded });
    }
  }

  await insertPicture(
    db,
    { id, origin, alt, width: decoded.width, height: decoded.height },
    variants,
  );
  return { id };
}

/**
 * The bytes served at /pictures/{id}/{width}.{format}. Throws NotFoundError when there is no
 * such picture (the URL's pattern already allows only the widths and formats stored).
 */
export async function servedPicture(
  db: Database,
  id: string,
  width: PictureWidth,
  format: PictureFormat,
): Promise<Buffer> {
  const bytes = await variantBytes(db, id, width, format);
  if (!bytes) throw new NotFoundError((i18n) => i18n.t('server.error.picture.notFound'));
  return bytes;
}
