import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { categoryIds } from '../../../contract/categories.ts';
import type { Event } from '../../../contract/events.ts';
import { PICTURE_WIDTHS, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../../contract/pictures.ts';
import { PRODUCT_NAME } from '../../../contract/product.ts';
import type { Database } from '../../db/client.ts';
import { variantBytes } from '../../stores/pictures.ts';
import { NotFoundError } from '../errors.ts';
import { findEvent } from '../events.ts';

/*
 * The link preview of an event (issue 20 section 3): messaging apps and social sites show
 * og:image large only when it is a raster picture of about 1200 x 630, and most draw no SVG.
 * An event with a fetched picture previews as that picture, cover-cropped; one without gets a
 * card drawn here: the category's drawing with the title, the day and the venue over it.
 */

/**
 * Bumped whenever the drawing changes, so every preview's ETag (and the copy a crawler or a
 * CDN kept) changes with it.
 */
const drawingVersion = '2';

/**
 * DejaVu Sans ships with Debian's fontconfig defaults (fonts-dejavu-core) and covers Latin,
 * Greek and Cyrillic; Liberation Sans and the generic family are fallbacks librsvg resolves
 * through fontconfig on other systems.
 */
const fontFamily = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const categoryArtDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'public',
  'images',
  'categories',
);

/** Text safe inside an SVG element or a double-quoted attribute. */
function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * Emoji and other pictographs: DejaVu has none, so librsvg would draw a box with a code in it.
 * Control characters are not XML.
 */
function drawable(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Words broken into at most `maxLines` lines of about `maxChars` characters (SVG text does not
 * wrap by itself); the last line ends with an ellipsis when the text is longer.
 */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  const words = text.split(' ').filter((word) => word !== '');
  for (let index = 0; index < words.length; index += 1) {
    let word = words[index] ?? '';
    if (Array.from(word).length > maxChars)
      word = `${Array.from(word)
        .slice(0, maxChars - 1)
        .join('')}…`;
    const candidate = current === '' ? word : `${current} ${word}`;
    if (Array.from(candidate).length <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      const last = Array.from(lines[maxLines - 1] ?? '');
      lines[maxLines - 1] = `${last
        .slice(0, maxChars - 1)
        .join('')
        .trimEnd()}…`;
      return lines;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** 'Sat, Jun 14 · 7:00 PM' in the venue's zone, as the cards write it. */
export function previewDateLabel(event: Pick<Event, 'date' | 'time' | 'timeZone'>): string {
  const options = { weekday: 'short', month: 'short', day: 'numeric' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: event.timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
  const day = format.format(new Date(event.date));
  return event.time ? `${day} · ${event.time}` : day;
}

/** og:image:alt: what the preview shows, for people who cannot see it. */
export function previewAlt(event: Event): string {
  if (event.imageId) return event.title;
  const where = event.venue.trim() === '' ? '' : ` at ${event.venue.trim()}`;
  const cancelled = event.cancelled === true ? 'Cancelled: ' : '';
  return `${cancelled}${event.title}, ${previewDateLabel(event)}${where}`;
}

/**
 * A strong validator of the preview: every input it is drawn from (or the picture's id, which
 * is its content's hash), with the drawing's version. Cheap: nothing is drawn to compute it.
 */
export function previewEtag(event: Event): string {
  const inputs = event.imageId
    ? ['picture', event.imageId]
    : [
        'card',
        drawingVersion,
        event.title,
        event.date,
        event.time,
        event.timeZone,
        event.venue,
        event.category,
        String(event.cancelled === true),
      ];
  const hash = createHash('sha256').update(inputs.join('\u0000')).digest('base64url');
  return `"${hash.slice(0, 32)}"`;
}

async function categoryArt(category: string): Promise<Buffer> {
  // Only a known category names a file: nothing from the row reaches the path as it is.
  const name = (categoryIds as readonly string[]).includes(category) ? category : 'random';
  return readFile(join(categoryArtDir, `${name}.svg`));
}

/** The card for an event without a picture: its category's drawing, the words over it. */
async function drawnCard(event: Event): Promise<Buffer> {
  const art = await sharp(await categoryArt(event.category), { density: 300 })
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover' })
    .png()
    .toBuffer();
  const margin = 64;
  const panelTop = 300;
  const titleLines = wrapLines(drawable(event.title), 30, 2);
  const cancelled = event.cancelled === true;
  const dateLine = drawable(previewDateLabel(event));
  const venueLine =
    wrapLines(drawable([event.venue, event.location].filter(Boolean).join(', ')), 52, 1)[0] ?? '';
  const titleSize = 58;
  const titleTop = panelTop + margin + titleSize - 8;
  const titleTexts = titleLines
    .map(
      (line, index) =>
        `<text x="${margin}" y="${titleTop + index * (titleSize + 10)}" font-size="${titleSize}" font-weight="700" fill="#1F1A2E">${escapeXml(line)}</text>`,
    )
    .join('');
  const afterTitle = titleTop + (titleLines.length - 1) * (titleSize + 10) + 58;
  const badge = cancelled
    ? `<rect x="${margin}" y="${afterTitle - 34}" width="230" height="46" rx="23" fill="#B3261E"/><text x="${margin + 115}" y="${afterTitle - 2}" font-size="28" font-weight="700" fill="#FFFFFF" text-anchor="middle">CANCELLED</text>`
    : '';
  const dateX = cancelled ? margin + 250 : margin;
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" font-family="${escapeXml(fontFamily)}">
  <rect x="0" y="${panelTop}" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT - panelTop}" fill="#FFFFFF"/>
  <rect x="${margin}" y="${margin - 8}" width="190" height="56" rx="28" fill="#FFFFFF" fill-opacity="0.94"/>
  <text x="${margin + 95}" y="${margin + 30}" font-size="30" font-weight="700" fill="#6B3FA8" text-anchor="middle">${escapeXml(PRODUCT_NAME)}</text>
  ${titleTexts}
  ${badge}
  <text x="${dateX}" y="${afterTitle}" font-size="34" fill="#3B3550">${escapeXml(dateLine)}</text>
  <text x="${margin}" y="${afterTitle + 52}" font-size="30" fill="#5A5470">${escapeXml(venueLine)}</text>
</svg>`;
  return sharp(art)
    .composite([{ input: Buffer.from(overlay) }])
    .flatten({ background: '#FFFFFF' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** The event's stored picture, largest width, cover-cropped to the preview's size. */
async function croppedPicture(db: Database, imageId: string): Promise<Buffer | null> {
  const largest = Math.max(...PICTURE_WIDTHS);
  const bytes = await variantBytes(db, imageId, largest, 'jpeg');
  if (!bytes) return null;
  return sharp(bytes)
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The event's 1200 x 630 JPEG link preview. */
export async function renderPreview(db: Database, event: Event): Promise<Buffer> {
  if (event.imageId) {
    const picture = await croppedPicture(db, event.imageId);
    if (picture) return picture;
  }
  return drawnCard(event);
}

/**
 * The event a preview is asked for (GET /pictures/preview/{eventId}.jpg). Throws NotFoundError
 * when there is none.
 */
export async function previewedEvent(db: Database, eventId: string): Promise<Event> {
  // PostgreSQL text cannot hold a NUL: such an id names no event (asking would be an error).
  const possible = eventId.length > 0 && eventId.length <= 300 && !eventId.includes('\0');
  const event = possible ? await findEvent(db, eventId) : null;
  if (!event) throw new NotFoundError('There is no event with that id.');
  return event;
}

/** At most `capacity` entries; the one used longest ago goes first. */
class RecentlyUsed<Value> {
  private readonly entries = new Map<string, Value>();
  constructor(private readonly capacity: number) {}
  get(key: string): Value | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used goes last; the first is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }
  set(key: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/**
 * Draws previews, keeping the `capacity` drawn last by their ETag (previewEtag): a link shared
 * in a busy chat is drawn once, not once per crawler. One per server (the route makes it).
 */
export function cachedPreviews(db: Database, capacity: number) {
  const drawn = new RecentlyUsed<Buffer>(capacity);
  return async (event: Event, etag: string): Promise<Buffer> => {
    let bytes = drawn.get(etag);
    if (!bytes) {
      bytes = await renderPreview(db, event);
      drawn.set(etag, bytes);
    }
    return bytes;
  };
}
