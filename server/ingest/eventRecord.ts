import { isStoredCategoryId, type StoredCategoryId } from '../../contract/categories.ts';
import { lookupTable } from '../lookupTable.ts';
import { canonicalTimeZone } from '../services/zonedTime.ts';
import type { ImportedEventRow } from '../stores/eventFields.ts';
import { normaliseAgeRange } from './ages.ts';
import { usableCoordinates } from './places.ts';
import { parsePriceText } from './price.ts';

/**
 * What every importer (and the seed) produces before anything touches the database: one event,
 * already mapped to FamJam's fields. `toEventRow` checks it completely, so a record is either
 * written whole or reported as invalid with a reason, never half-written.
 */
export interface EventDraft {
  /** Stable across re-imports of the same source: the upsert key with the source name. */
  sourceId: string;
  title: string;
  description?: string | null;
  venue?: string | null;
  address?: string | null;
  /** City label, e.g. 'San Francisco, CA'. */
  location?: string | null;
  startsAt: Date;
  timeZone: string;
  hasTime: boolean;
  /** Blank or null means Free (docs/product.md#spec-3). */
  priceText?: string | null;
  category: StoredCategoryId;
  tags?: readonly string[];
  isFamilyFriendly: boolean;
  /** Who it is for (server/ingest/ages.ts); absent or null = that end is open (all ages). */
  minAge?: number | null;
  maxAge?: number | null;
  ticketUrl?: string | null;
  imageUrl?: string | null;
  latitude: number;
  longitude: number;
}

/** One record the importer left out, and why, in words an operator can act on. */
export interface InvalidRecord {
  /** Names the record in the source: its title and id where it has them. */
  label: string;
  reason: string;
}

/** The row the import writes: its columns are the field table's imported ones (server/stores/eventFields.ts). */
export type EventRow = ImportedEventRow;

const limits = {
  title: 200,
  description: 5000,
  venue: 200,
  address: 300,
  location: 120,
  priceText: 80,
  sourceId: 500,
  tag: 40,
  tags: 8,
  url: 2000,
} as const;

/** The image a card shows when the source has none: FamJam's own illustration. */
export function categoryImageUrl(category: StoredCategoryId): string {
  return `/images/categories/${category}.svg`;
}

const namedEntities = lookupTable({
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
});

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) {
      const code = Number.parseInt(entity.slice(2), 16);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    if (entity.startsWith('#')) {
      const code = Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return namedEntities.get(entity.toLowerCase()) ?? whole;
  });
}

/**
 * Plain text for the app: sources put HTML in descriptions (JSON-LD, Ticketmaster 'info'), and
 * the app renders text, so markup is removed (paragraph breaks kept) and entities decoded.
 */
export function plainText(value: string | null | undefined, maxLength: number): string {
  if (!value) return '';
  const withBreaks = value
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  const cleaned = decodeEntities(withBreaks)
    // Control characters other than newlines and tabs come from broken encodings.
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (cleaned.length <= maxLength) return cleaned;
  const cut = cleaned.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** An http(s) URL or null: a javascript: or data: link must never reach a ticket button. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > limits.url) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The card's image (FamJam's own drawing) and the source's picture, which is only recorded:
 * the picture worker (server/services/pictures/fetchWorker.ts) fetches, checks and re-encodes it, and cards show that
 * copy once it exists. A picture is never shown straight from the source's server.
 */
function imagesFor(draft: EventDraft): { imageUrl: string; pictureUrl: string | null } {
  const own = draft.imageUrl?.trim();
  if (own?.startsWith('/images/')) return { imageUrl: own, pictureUrl: null };
  return { imageUrl: categoryImageUrl(draft.category), pictureUrl: safeHttpUrl(own) };
}

type RowResult = { ok: true; row: EventRow } | { ok: false; reason: string };

/** Checks a draft completely and turns it into the row to upsert; never throws. */
export function toEventRow(source: string, draft: EventDraft): RowResult {
  const fail = (reason: string): RowResult => ({ ok: false, reason });
  const sourceId = draft.sourceId.trim();
  if (!sourceId) return fail('it has no identifier to update it by later');
  if (sourceId.length > limits.sourceId) {
    return fail(`its identifier is longer than ${limits.sourceId} characters`);
  }
  const title = plainText(draft.title, limits.title).replace(/\s*\n\s*/g, ' ');
  if (!title) return fail('it has no title');
  if (!(draft.startsAt instanceof Date) || Number.isNaN(draft.startsAt.getTime())) {
    return fail('its start time is not a valid date');
  }
  const year = draft.startsAt.getUTCFullYear();
  if (year < 2000 || year > 2100) return fail(`its start year ${year} is out of range`);
  const timeZone = canonicalTimeZone(draft.timeZone);
  if (!timeZone) return fail(`its time zone "${draft.timeZone}" is not an IANA time zone`);
  const place = usableCoordinates(draft.latitude, draft.longitude);
  if (!place) return fail('its coordinates are missing or out of range');
  if (!isStoredCategoryId(draft.category)) {
    return fail(`its category "${draft.category}" is not one FamJam stores`);
  }
  const priceText = plainText(draft.priceText, limits.priceText).replace(/\s*\n\s*/g, ' ');
  const price = parsePriceText(priceText);
  const tags = [
    ...new Map(
      (draft.tags ?? [])
        .map((tag) => plainText(tag, limits.tag).replace(/\s*\n\s*/g, ' '))
        .filter((tag) => tag !== '')
        .map((tag) => [tag.toLowerCase(), tag] as const),
    ).values(),
  ].slice(0, limits.tags);
  const ages = normaliseAgeRange(draft);
  return {
    ok: true,
    row: {
      id: `${source}:${sourceId}`,
      source,
      sourceId,
      title,
      description: plainText(draft.description, limits.description),
      venue: plainText(draft.venue, limits.venue).replace(/\s*\n\s*/g, ' '),
      location: plainText(draft.location, limits.location).replace(/\s*\n\s*/g, ' '),
      address: plainText(draft.address, limits.address).replace(/\s*\n\s*/g, ', '),
      startsAt: draft.startsAt,
      timeZone,
      hasTime: draft.hasTime,
      priceText: priceText === '' ? null : priceText,
      priceMinCents: price.minCents,
      priceMaxCents: price.maxCents,
      ...imagesFor(draft),
      category: draft.category,
      tags,
      isFamilyFriendly: draft.isFamilyFriendly,
      minAge: ages.minAge,
      maxAge: ages.maxAge,
      ticketUrl: safeHttpUrl(draft.ticketUrl),
      latitude: place.latitude,
      longitude: place.longitude,
    },
  };
}
