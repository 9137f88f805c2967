import type { ProfilePhotoType } from '../../contract/user.ts';
import { pictureFormatOf, type TakenPictureFormat } from './pictures/pictureFormat.ts';

/** The formats a profile photo may be: fewer than the picture store takes. */
const profilePhotoTypes: Partial<Record<TakenPictureFormat, ProfilePhotoType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * The image type the bytes themselves announce (their file signature, read as every picture's
 * is: server/services/pictures/pictureFormat.ts), or null for anything else. The upload's
 * Content-Type is the client's claim and is never trusted: the stored type is what
 * GET /api/me/photo serves, so a text or HTML file labelled image/png must not get in.
 */
export function photoTypeOf(bytes: Uint8Array): ProfilePhotoType | null {
  const format = pictureFormatOf(bytes);
  if (format === null || format === 'svg') return null;
  return profilePhotoTypes[format] ?? null;
}
