import sharp from 'sharp';
import { PICTURE_DECODE_SECONDS } from './pictures/pictures.ts';

/*
 * Every profile photo is decoded and drawn again before it is stored (issue 17 point 12): what
 * GET /api/me/photo serves is an image made here, never the uploaded bytes. That drops whatever
 * rode along inside a file that still decodes (an HTML payload in a JPEG/HTML polyglot, EXIF
 * with the GPS position of the family's home), refuses files that do not decode (truncated,
 * corrupt) and refuses dimensions a small file can claim but no memory can hold (a PNG that
 * says 2^31 x 2^31 pixels behind a zlib bomb): libvips reads the header first and stops there.
 */

/** 40 megapixels: a 50 MP phone camera's photo is refused, anything a family shares is not. */
export const PROFILE_PHOTO_MAX_PIXELS = 40_000_000;

/**
 * The most decoding and re-encoding one photo may take: every picture's budget. A 40 MP photo
 * takes about a second.
 */
export const PROFILE_PHOTO_DECODE_SECONDS = PICTURE_DECODE_SECONDS;

/** The stored photo's longer side at most; the profile shows it at 96 px, 3x for sharp screens. */
export const PROFILE_PHOTO_STORED_EDGE = 512;

type ReencodedPhoto =
  | { ok: true; bytes: Buffer; type: 'image/webp' }
  | { ok: false; reason: 'undecodable' | 'too_many_pixels' };

/**
 * The photo decoded, turned upright by its EXIF orientation, scaled to fit
 * PROFILE_PHOTO_STORED_EDGE and encoded as WebP (keeps PNG transparency, smaller than JPEG),
 * with no metadata; or why it cannot be.
 */
export async function reencodePhoto(bytes: Buffer): Promise<ReencodedPhoto> {
  // failOn 'warning' (the default, said here on purpose): a truncated JPEG, which libvips
  // would otherwise fill with grey, is refused rather than stored half drawn.
  // sequentialRead: read top to bottom once; the timeout below bounds the decode's CPU time.
  const image = sharp(bytes, {
    limitInputPixels: PROFILE_PHOTO_MAX_PIXELS,
    failOn: 'warning',
    sequentialRead: true,
  });
  try {
    const { width, height } = await image.metadata();
    if (!width || !height) return { ok: false, reason: 'undecodable' };
    if (width * height > PROFILE_PHOTO_MAX_PIXELS) return { ok: false, reason: 'too_many_pixels' };
    const reencoded = await image
      .rotate()
      .resize({
        width: PROFILE_PHOTO_STORED_EDGE,
        height: PROFILE_PHOTO_STORED_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      // A file that takes longer than this to draw is refused as unreadable (issue 31 B.4).
      .timeout({ seconds: PROFILE_PHOTO_DECODE_SECONDS })
      .toBuffer();
    return { ok: true, bytes: reencoded, type: 'image/webp' };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) return { ok: false, reason: 'too_many_pixels' };
    return { ok: false, reason: 'undecodable' };
  }
}
