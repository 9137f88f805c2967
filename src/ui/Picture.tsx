import { useState } from 'react';
import {
  PICTURE_ASPECT_RATIO,
  type PictureWidth,
  pictureSrcSet,
  pictureUrl,
} from '../../contract/pictures.ts';

export interface PictureProps {
  /** A picture FamJam stored (contract/pictures.ts); null or absent draws `fallback`. */
  imageId: string | null | undefined;
  /**
   * What to draw without a picture, or when it fails to load, in order: the next is tried when
   * one fails (a listed image URL, then the category drawing, which always loads).
   */
  fallbacks: readonly string[];
  /** The slot's width at each breakpoint, as `sizes` says it, so the browser picks a width. */
  sizes: string;
  /** '' for a picture the text beside it already says (a card's title is right there). */
  alt: string;
  /**
   * Loaded at once and ahead of other images: the first card on a screen and the details
   * page's picture are what the largest paint waits for. Everything else waits until scrolled
   * near.
   */
  eager: boolean;
  className?: string;
  /** The `src` of browsers that read no srcset: a card's width is enough. */
  defaultWidth?: PictureWidth;
}

// Attributes only: the box (aspect-ratio in CSS) is what reserves the space; these let the
// browser do the same before the stylesheet has arrived.
const intrinsicWidth = 800;
const intrinsicHeight = Math.round(intrinsicWidth / PICTURE_ASPECT_RATIO);

/**
 * A stored picture as `<picture>`: WebP in every width for the browsers that take it, JPEG
 * for the rest, each with `srcset` and `sizes` so a phone fetches 400 px and a wide screen
 * 1200. Without a picture, or when it fails, the fallback drawing in the same box.
 */
export function Picture({
  imageId,
  fallbacks,
  sizes,
  alt,
  eager,
  className,
  defaultWidth = 800,
}: PictureProps) {
  // What failed to load so far, so a broken picture or URL is not asked for again.
  const [failed, setFailed] = useState<readonly string[]>([]);
  const loading = eager ? 'eager' : 'lazy';
  const fetchPriority = eager ? 'high' : 'auto';
  // Events cached offline by an older build have no imageId at all: the drawing, as before.
  const id =
    typeof imageId === 'string' && imageId !== '' && !failed.includes(imageId) ? imageId : null;
  // What both kinds of picture draw with: the box is reserved, and decoding never blocks.
  const shared = {
    className,
    width: intrinsicWidth,
    height: intrinsicHeight,
    loading,
    fetchPriority,
    decoding: 'async',
  } as const;
  if (id === null) {
    const candidates = fallbacks.filter((src) => src !== '');
    const src = candidates.find((candidate) => !failed.includes(candidate)) ?? candidates.at(-1);
    return (
      <img
        {...shared}
        alt={alt}
        src={src}
        onError={() => {
          if (src !== undefined && !failed.includes(src)) setFailed((before) => [...before, src]);
        }}
      />
    );
  }
  return (
    <picture>
      <source type="image/webp" srcSet={pictureSrcSet(id, 'webp')} sizes={sizes} />
      <img
        {...shared}
        alt={alt}
        src={pictureUrl(id, defaultWidth, 'jpeg')}
        srcSet={pictureSrcSet(id, 'jpeg')}
        sizes={sizes}
        onError={() => setFailed((before) => [...before, id])}
      />
    </picture>
  );
}
