import type { Event, EventPage } from '../../contract/events.ts';
import { type FamilyGroupId, familyGroups } from '../../contract/family.ts';
import type { Database } from '../db/client.ts';
import type { SearchArea } from '../stores/distance.ts';
import { toEvent } from '../stores/eventFields.ts';
import {
  type AgeSpan,
  eventRowById,
  eventRowsByIds,
  type ListPosition,
  listEventRows,
} from '../stores/events.ts';
import { InvalidInputError } from './errors.ts';

/*
 * Listing events: the cursors, what the family groups mean in ages, the pages. The queries
 * (and what "upcoming" and "within the area" are in SQL) live in server/stores/events.ts.
 */

/** A cursor the client sent that we did not issue (or issued for another listing). */
export class InvalidCursorError extends InvalidInputError {
  constructor() {
    super('cursor is not valid here: ask for the first page again without it.', {
      field: 'cursor',
      plainMessage: true,
    });
    this.name = 'InvalidCursorError';
  }
}

/** Opaque page tokens: base64url JSON, so the client never depends on what is inside. */
export function encodeCursor(payload: Record<string, string | number | boolean>): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Falls through to the same error as a well-formed cursor of the wrong kind.
  }
  throw new InvalidCursorError();
}

/**
 * The chosen family groups' child ages as the fewest disjoint spans, in order: ages are whole
 * years, so young kids (0-8) and tweens (9-12) are one span 0-12. With the four groups there
 * are at most two spans (young kids and teens without tweens), so the filter's SQL has at most
 * two terms, and one prepared text per span count.
 */
export function ageSpansOf(groups: readonly FamilyGroupId[]): AgeSpan[] {
  const chosen = familyGroups
    .filter((group) => groups.includes(group.id))
    .map(({ minAge, maxAge }): AgeSpan => ({ minAge, maxAge }))
    .sort((a, b) => a.minAge - b.minAge);
  const spans: AgeSpan[] = [];
  for (const span of chosen) {
    const last = spans.at(-1);
    if (last && span.minAge <= last.maxAge + 1) last.maxAge = Math.max(last.maxAge, span.maxAge);
    else spans.push({ ...span });
  }
  return spans;
}

interface ListEventsOptions {
  /** The circle around the location, or the bbox instead; distances from its centre. */
  area: SearchArea;
  familyMode?: boolean;
  /** ageSpansOf the chosen family groups; none or empty: every age. */
  ages?: readonly AgeSpan[];
  limit: number;
  cursor?: string;
  offset?: number;
  now?: Date;
}

function parseListCursor(cursor: string): ListPosition {
  const payload = decodeCursor(cursor);
  const { k, t, d, i } = payload;
  if (
    k !== 'list' ||
    typeof t !== 'string' ||
    typeof d !== 'number' ||
    typeof i !== 'string' ||
    i.includes('\u0000')
  ) {
    throw new InvalidCursorError();
  }
  const startsAt = new Date(t);
  // Within what the database can hold: a distance is half the globe at most, a start time
  // well inside PostgreSQL's years.
  const year = startsAt.getUTCFullYear();
  if (
    Number.isNaN(startsAt.getTime()) ||
    year < 1970 ||
    year > 9998 ||
    !Number.isInteger(d) ||
    d < 0 ||
    d > 20_100_000
  ) {
    throw new InvalidCursorError();
  }
  return { startsAt, distanceMeters: d, id: i };
}

/**
 * `GET /api/events`: upcoming events in the area, soonest first and nearer first at the same
 * start. Pages by keyset (`cursor`), so page 50 costs what page 1 costs, or by `offset`.
 */
export async function listEvents(db: Database, options: ListEventsOptions): Promise<EventPage> {
  const { area, limit } = options;
  const rows = await listEventRows(db, {
    area,
    familyMode: options.familyMode,
    ages: options.ages ?? [],
    limit,
    offset: options.cursor ? 0 : (options.offset ?? 0),
    after: options.cursor ? parseListCursor(options.cursor) : null,
    now: options.now ?? new Date(),
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({
          k: 'list',
          t: last.startsAt.toISOString(),
          d: last.distanceMeters ?? 0,
          i: last.id,
        })
      : null;
  return { events: page.map(toEvent), nextCursor };
}

/** `GET /api/events/:id`, wherever and whenever the event is (a shared link may be old). */
export async function findEvent(db: Database, id: string): Promise<Event | null> {
  const row = await eventRowById(db, id);
  return row ? toEvent(row) : null;
}

/** `GET /api/events/saved`: the known events among `ids`, in the order asked, each once. */
export async function findEventsByIds(db: Database, ids: readonly string[]): Promise<Event[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await eventRowsByIds(db, unique);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toEvent(row)] : [];
  });
}
