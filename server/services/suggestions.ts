import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_WAITING_SUGGESTIONS,
  SUGGESTION_MAX_DAYS_AHEAD,
  suggestionProblem,
  suggestionStatusText,
  TOO_MANY_WAITING_MESSAGE,
} from '../../contract/suggestionRules.ts';
import type { SuggestEventBody, Suggestion } from '../../contract/suggestions.ts';
import type { Database } from '../db/client.ts';
import { events, type SuggestionRow, suggestions, users } from '../db/schema/index.ts';
import { inferFamilyFriendly } from '../ingest/classify.ts';
import { toEventRow } from '../ingest/eventRecord.ts';
import { InvalidInputError } from './errors.ts';
import { InvalidCoordinatesError, resolveLocation, UnknownPlaceError } from './geocoding.ts';
import { NoUserRecordError } from './saved.ts';
import {
  calendarDateAt,
  daysBetween,
  instantFromWallClock,
  parseClockTime,
  parseIsoDate,
} from './zonedTime.ts';

/*
 * Events families suggest, and their review (docs/suggestions.md). The family's functions take
 * the Firebase uid the token proved and reach suggestions only through that user's record; the
 * operator's functions (list, publish, decline) are called only behind the operator guard.
 */

/** The `source` of an event published from a suggestion; its id is `suggestion:<uuid>`. */
export const SUGGESTION_SOURCE = 'suggestion';

/** The person already has MAX_WAITING_SUGGESTIONS waiting. */
export class TooManyWaitingError extends Error {
  override name = 'TooManyWaitingError';
  constructor() {
    super(TOO_MANY_WAITING_MESSAGE);
  }
}

/** No suggestion with this id (for this caller, on the family's routes). */
export class SuggestionNotFoundError extends Error {
  override name = 'SuggestionNotFoundError';
}

/** The suggestion was reviewed already: it is no longer waiting. */
export class SuggestionReviewedError extends Error {
  override name = 'SuggestionReviewedError';
}

export function toSuggestion(row: SuggestionRow): Suggestion {
  return {
    id: row.id,
    status: row.status,
    statusText: suggestionStatusText(row),
    reason: row.reason,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    timeZone: row.timeZone,
    hasTime: row.hasTime,
    venue: row.venue,
    address: row.address,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    priceText: row.priceText,
    category: row.category,
    minAge: row.minAge,
    maxAge: row.maxAge,
    ticketUrl: row.ticketUrl,
    imageId: row.imageId,
    eventId: row.eventId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where, and when as an instant: the place decides the time zone the wall clock is read in. */
function placeAndTime(body: SuggestEventBody, now: Date) {
  let place: ReturnType<typeof resolveLocation>;
  try {
    place = resolveLocation(body.place);
  } catch (error) {
    if (error instanceof UnknownPlaceError) {
      throw new InvalidInputError(
        `body/place: We couldn't find "${body.place.trim()}" on the map. Try the city and state (e.g. "Oakland, CA") or a ZIP code.`,
        { code: 'unknown_location' },
      );
    }
    if (error instanceof InvalidCoordinatesError) {
      throw new InvalidInputError(`body/place: ${error.message}`, { code: 'unknown_location' });
    }
    throw error;
  }
  const date = parseIsoDate(body.date);
  if (!date) throw new InvalidInputError('body/date: That is not a date on the calendar.');
  const clock = body.time === undefined ? null : parseClockTime(body.time);
  if (body.time !== undefined && !clock) {
    throw new InvalidInputError('body/time: That is not a time of day (use HH:MM, 24-hour).');
  }
  // Compared in the place's own calendar: 'today' there may be tomorrow or yesterday in UTC.
  const today = calendarDateAt(now, place.timeZone);
  const daysAhead = daysBetween(today, date);
  if (daysAhead < 0) {
    throw new InvalidInputError('body/date: That day has passed. Suggest an upcoming event.');
  }
  if (daysAhead > SUGGESTION_MAX_DAYS_AHEAD) {
    throw new InvalidInputError(
      'body/date: That is more than two years away. Check the year, or suggest it nearer the time.',
    );
  }
  const startsAt = instantFromWallClock(
    { ...date, hour: clock?.hour ?? 0, minute: clock?.minute ?? 0, second: 0 },
    place.timeZone,
  );
  if (clock && startsAt.getTime() < now.getTime()) {
    throw new InvalidInputError('body/time: That time has passed. Suggest an upcoming event.');
  }
  return { place, startsAt, hasTime: clock !== null };
}

const blankToNull = (text: string | undefined): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Stores a suggestion for review. At most MAX_WAITING_SUGGESTIONS may wait per person: the
 * count and the insert run in one transaction holding the person's users row, so two posts at
 * once cannot both slip under the limit.
 */
export async function createSuggestion(
  db: Database,
  uid: string,
  body: SuggestEventBody,
  now: Date = new Date(),
): Promise<Suggestion> {
  const problem = suggestionProblem(body);
  if (problem) throw new InvalidInputError(`body/${problem.field}: ${problem.problem}`);
  const { place, startsAt, hasTime } = placeAndTime(body, now);
  const ticketUrl = blankToNull(body.ticketUrl);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebaseUid, uid))
      .for('update');
    if (!user) throw new NoUserRecordError();
    const [waiting] = await tx
      .select({ total: count() })
      .from(suggestions)
      .where(and(eq(suggestions.userId, user.id), eq(suggestions.status, 'waiting')));
    if ((waiting?.total ?? 0) >= MAX_WAITING_SUGGESTIONS) throw new TooManyWaitingError();
    const [row] = await tx
      .insert(suggestions)
      .values({
        userId: user.id,
        title: body.title.trim(),
        description: body.description?.trim() ?? '',
        startsAt,
        timeZone: place.timeZone,
        hasTime,
        venue: body.venue.trim(),
        address: body.address?.trim() ?? '',
        location: place.label,
        latitude: place.latitude,
        longitude: place.longitude,
        priceText: blankToNull(body.price),
        category: body.category,
        minAge: body.minAge ?? null,
        maxAge: body.maxAge ?? null,
        ticketUrl: ticketUrl === null ? null : new URL(ticketUrl).toString(),
      })
      .returning();
    if (!row) throw new Error('insert returned no suggestion');
    return toSuggestion(row);
  });
}

/** The caller's own suggestions, newest first; NoUserRecordError before onboarding. */
export async function listOwnSuggestions(db: Database, uid: string): Promise<Suggestion[]> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.firebaseUid, uid))
    .limit(1);
  if (!user) throw new NoUserRecordError();
  const rows = await db
    .select()
    .from(suggestions)
    .where(eq(suggestions.userId, user.id))
    .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
    .limit(100);
  return rows.map(toSuggestion);
}

/**
 * The caller's own suggestion, still waiting: a picture may be added only then. Another
 * person's id is "not found", exactly like an id that does not exist.
 */
export async function ownWaitingSuggestion(
  db: Database,
  uid: string,
  id: string,
): Promise<SuggestionRow> {
  const [row] = await db
    .select({ suggestion: suggestions })
    .from(suggestions)
    .innerJoin(users, eq(users.id, suggestions.userId))
    .where(and(eq(suggestions.id, id), eq(users.firebaseUid, uid)))
    .limit(1);
  if (!row) throw new SuggestionNotFoundError();
  if (row.suggestion.status !== 'waiting') throw new SuggestionReviewedError();
  return row.suggestion;
}

/** Sets the suggestion's picture (an images row the picture store wrote). */
export async function setSuggestionImage(
  db: Database,
  id: string,
  imageId: string,
): Promise<Suggestion> {
  const [row] = await db
    .update(suggestions)
    .set({ imageId, updatedAt: sql`now()` })
    .where(eq(suggestions.id, id))
    .returning();
  if (!row) throw new SuggestionNotFoundError();
  return toSuggestion(row);
}

/** The review queue, oldest first: whoever waited longest is reviewed first. */
export async function listWaitingSuggestions(db: Database): Promise<Suggestion[]> {
  const rows = await db
    .select()
    .from(suggestions)
    .where(eq(suggestions.status, 'waiting'))
    .orderBy(asc(suggestions.createdAt), asc(suggestions.id))
    .limit(200);
  return rows.map(toSuggestion);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The waiting suggestion, locked for the rest of the transaction (two operators, one review). */
async function lockWaiting(tx: Transaction, id: string): Promise<SuggestionRow> {
  const [row] = await tx.select().from(suggestions).where(eq(suggestions.id, id)).for('update');
  if (!row) throw new SuggestionNotFoundError();
  if (row.status !== 'waiting') throw new SuggestionReviewedError();
  return row;
}

/**
 * Publishes a waiting suggestion: one `events` row (id `suggestion:<uuid>`, source 'suggestion')
 * made from it through the importers' own checks (toEventRow), with its picture when it has one
 * and the category drawing as `imageUrl` otherwise, as imported events have. Listing and search
 * read `events`, so it appears there at once.
 */
export async function publishSuggestion(db: Database, id: string): Promise<Suggestion> {
  return db.transaction(async (tx) => {
    const row = await lockWaiting(tx, id);
    const draft = toEventRow(SUGGESTION_SOURCE, {
      sourceId: row.id,
      title: row.title,
      description: row.description,
      venue: row.venue,
      address: row.address,
      location: row.location,
      startsAt: row.startsAt,
      timeZone: row.timeZone,
      hasTime: row.hasTime,
      priceText: row.priceText,
      category: row.category,
      tags: [],
      isFamilyFriendly: inferFamilyFriendly({
        texts: [row.title, row.description],
        minimumAge: row.minAge,
        maximumAge: row.maxAge,
      }),
      minAge: row.minAge,
      maxAge: row.maxAge,
      ticketUrl: row.ticketUrl,
      imageUrl: null,
      latitude: row.latitude,
      longitude: row.longitude,
    });
    // The suggestion was checked on arrival with stricter rules; this is a guard, not a path.
    if (!draft.ok)
      throw new InvalidInputError(`This suggestion cannot be published: ${draft.reason}.`);
    await tx.insert(events).values({ ...draft.row, imageId: row.imageId });
    const [published] = await tx
      .update(suggestions)
      .set({
        status: 'published',
        eventId: draft.row.id,
        reason: null,
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(suggestions.id, id))
      .returning();
    if (!published) throw new SuggestionNotFoundError();
    return toSuggestion(published);
  });
}

/** Declines a waiting suggestion with the reason its author will read. */
export async function declineSuggestion(
  db: Database,
  id: string,
  reason: string,
): Promise<Suggestion> {
  return db.transaction(async (tx) => {
    await lockWaiting(tx, id);
    const [declined] = await tx
      .update(suggestions)
      .set({
        status: 'declined',
        reason: reason.trim(),
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(suggestions.id, id))
      .returning();
    if (!declined) throw new SuggestionNotFoundError();
    return toSuggestion(declined);
  });
}
