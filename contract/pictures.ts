/*
 * Fetched pictures as the client and the server both name them (issue 20 section 3). No
 * TypeBox here: the client imports these values, and TypeBox's runtime would ride along into
 * every first load (see contract/embeddedConfig.ts for the same reason).
 */

/**
 * The widths every stored picture is served in, in CSS pixels times density: 400 for a card on
 * a phone at 1x-2x, 800 for the details page or a card at 3x, 1200 for the details page on a
 * large or dense screen (and the link preview's crop). A picture smaller than a width is served
 * at its own size under that width's URL: never enlarged.
 */
export const PICTURE_WIDTHS = [400, 800, 1200] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/**
 * WebP for every browser FamJam supports, JPEG as the fallback `<img>` (and for clients that
 * read only JPEG, such as some link-preview crawlers). AVIF was measured and left out: see
 * docs/pictures.md.
 */
export const pictureFormats = ['webp', 'jpeg'] as const;
export type PictureFormat = (typeof pictureFormats)[number];

export const pictureContentTypes: Record<PictureFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** The largest file the server reads for a picture: a phone photo is 2-6 MiB. */
export const PICTURE_MAX_BYTES = 8 * 1024 * 1024;

/** 40 megapixels, as for profile photos: more than any camera a family carries, no more. */
export const PICTURE_MAX_PIXELS = 40_000_000;

/** The link preview's size: what Facebook, Slack, iMessage and X draw large (1.91:1). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The pictures every event card and the details page frame a picture in (width / height). */
export const PICTURE_ASPECT_RATIO = 16 / 9;

/** `/pictures/{id}/{width}.{format}`: a stored picture at one width, cached forever. */
export function pictureUrl(id: string, width: PictureWidth, format: PictureFormat): string {
  return `/pictures/${encodeURIComponent(id)}/${width}.${format}`;
}

/** The `srcset` of one format: every width with its `w` descriptor. */
export function pictureSrcSet(id: string, format: PictureFormat): string {
  return PICTURE_WIDTHS.map((width) => `${pictureUrl(id, width, format)} ${width}w`).join(', ');
}

/** `/pictures/preview/{eventId}.jpg`: the event's 1200 x 630 link-preview image. */
export function previewImagePath(eventId: string): string {
  return `/pictures/preview/${encodeURIComponent(eventId)}.jpg`;
}
