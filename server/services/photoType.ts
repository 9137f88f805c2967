import type { ProfilePhotoType } from '../../contract/user.ts';

const jpegMagic = Buffer.from([0xff, 0xd8, 0xff]);
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const riff = Buffer.from('RIFF', 'latin1');
const webp = Buffer.from('WEBP', 'latin1');

/**
 * The image type the bytes themselves announce (their file signature), or null for anything
 * else. The upload's Content-Type is the client's claim and is never trusted: the stored type
 * is what GET /api/me/photo serves, so a text or HTML file labelled image/png must not get in.
 */
export function photoTypeOf(bytes: Uint8Array): ProfilePhotoType | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.subarray(0, 3).equals(jpegMagic)) return 'image/jpeg';
  if (view.subarray(0, 8).equals(pngMagic)) return 'image/png';
  // RIFF, a 4-byte chunk size, then the form type WEBP.
  if (view.subarray(0, 4).equals(riff) && view.subarray(8, 12).equals(webp)) return 'image/webp';
  return null;
}
