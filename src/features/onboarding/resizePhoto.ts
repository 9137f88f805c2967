import { PROFILE_PHOTO_MAX_EDGE_PX, profilePhotoTypes } from '../../../contract/user.ts';
import { i18n } from './messages.ts';

// Read as the photo is refused, in the language in use then.
const photoWrongType = () => i18n.t('onboarding.photo.wrongType');
const photoUnreadable = () => i18n.t('onboarding.photo.unreadable');

/** A photo the browser refused before anything was uploaded; its message is for the person. */
export class PhotoError extends Error {
  override name = 'PhotoError';
}

/**
 * The size a `width` x `height` picture is drawn at so that its longer side is at most `maxEdge`:
 * scaled down with its proportions kept, never scaled up, never below 1 px.
 */
export function fitWithin(
  width: number,
  height: number,
  maxEdge: number = PROFILE_PHOTO_MAX_EDGE_PX,
): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function isProfilePhotoType(type: string): boolean {
  return profilePhotoTypes.some((allowed) => allowed === type);
}

/** Encodes the canvas: WebP where the browser writes it (smaller), JPEG otherwise (Safari). */
async function encode(canvas: OffscreenCanvas | HTMLCanvasElement): Promise<Blob> {
  const toBlob = (type: string) =>
    canvas instanceof HTMLCanvasElement
      ? new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85))
      : canvas.convertToBlob({ type, quality: 0.85 });
  const webp = await toBlob('image/webp');
  // A browser that cannot write WebP silently writes PNG instead: several times larger.
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await toBlob('image/jpeg');
  if (!jpeg) throw new PhotoError(photoUnreadable());
  return jpeg;
}

/**
 * The picked file, decoded and redrawn at most PROFILE_PHOTO_MAX_EDGE_PX on its longer side, as a
 * WebP or JPEG blob. Redrawing also drops the file's metadata (a phone photo's GPS position).
 * Rejects with a PhotoError whose message says what to do: wrong type, or not a readable image.
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  if (!isProfilePhotoType(file.type)) throw new PhotoError(photoWrongType());
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError(photoUnreadable());
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(width, height)
        : Object.assign(document.createElement('canvas'), { width, height });
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoError(photoUnreadable());
    // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await encode(canvas);
  } finally {
    bitmap.close();
  }
}
