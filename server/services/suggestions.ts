import {
  MAX_WAITING_SUGGESTIONS,
  SUGGESTION_MAX_DAYS_AHEAD,
  suggestionProblem,
  suggestionStatusText,
} from '../../contract/suggestionRules.ts';
import type { SuggestEventBody, Suggestion } from '../../contract/suggestions.ts';
import type { Database } from '../db/client.ts';
import type { SuggestionRow } from '../db/schema/index.ts';
import { inferFamilyFriendly } from '../ingest/classify.ts';
import { toEventRow } from '../ingest/eventRecord.ts';
import {
  insertSuggestionUnderLimit,
  ownSuggestion,
  reviewSuggestion,
  type SuggestionReview,
  setSuggestionImage,
  suggestionsOfUser,
  waitingSuggestions,
} from '../stores/suggestions.ts';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.ts';
import { InvalidCoordinatesError, resolveLocation, UnknownPlaceError } from './geocoding.ts';
import { matchWatchedSearchesAfterImport } from './watchedSearches.ts';
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
 * Refusals are the kinds of ./errors.ts, worded for the person who reads them; an input's
 * refusal names the request property in `field`. The SQL is server/stores/suggestions.ts's.
 */

/** The `source` of an event published from a suggestion; its id is `suggestion:<uuid>`. */
export const SUGGESTION_SOURCE = 'suggestion';

/** How many suggestions the family's list and the operator's queue show at most. */
const OWN_LIST_LIMIT = 100;
const REVIEW_QUEUE_LIMIT = 200;

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
      const name = body.place.trim();
      throw new InvalidInputError(
        (i18n) => i18n.t('server.error.suggestion.unknownPlace', { place: name }),
        { code: 'unknown_location', field: 'place' },
      );
    }
    if (error instanceof InvalidCoordinatesError) {
      throw new InvalidInputError(error.sentence, { code: 'unknown_location', field: 'place' });
    }
    throw error;
  }
  const date = parseIsoDate(body.date);
  if (!date) {
    throw new InvalidInputError((i18n) => i18n.t('server.error.suggestion.notADate'), {
      field: 'date',
    });
  }
  const clock = body.time === undefined ? null : parseClockTime(body.time);
  if (body.time !== undefined && !clock) {
    throw new InvalidInputError((i18n) => i18n.t('server.error.suggestion.notATime'), {
      field: 'time',
    });
  }
  // Compared in the place's own calendar: 'today' there may be tomorrow or yesterday in UTC.
  const today = calendarDateAt(now, place.timeZone);
  const daysAhead = daysBetween(today, date);
  if (daysAhead < 0) {
    throw new InvalidInputError((i18n) => i18n.t('server.error.suggestion.dayPassed'), {
      field: 'date',
    });
  }
  if (daysAhead > SUGGESTION_MAX_DAYS_AHEAD) {
    throw new InvalidInputError((i18n) => i18n.t('server.error.suggestion.tooFarAhead'), {
      field: 'date',
    });
  }
  const startsAt = instantFromWallClock(
    { ...date, hour: clock?.hour ?? 0, minute: clock?.minute ?? 0, second: 0 },
    place.timeZone,
  );
  if (clock && startsAt.getTime() < now.getTime()) {
    throw new InvalidInputError((i18n) => i18n.t('server.error.suggestion.timePassed'), {
      field: 'time',
    });
  }
  return { place, startsAt, hasTime: clock !== null };
}

const blankToNull = (text: string | undefined): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Stores a suggestion for review. At most MAX_WAITING_SUGGESTIONS may wait per person (the
 * store counts and inserts atomically); a person needs a FamJam profile first.
 */
export async function createSuggestion(
  db: Database,
  uid: string,
  body: SuggestEventBody,
  now: Date = new Date(),
): Promise<Suggestion> {
  const problem = suggestionProblem(body);
  if (problem) throw new InvalidInputError(problem.problem, { field: problem.field });
  const { place, startsAt, hasTime } = placeAndTime(body, now);
  const ticketUrl = blankToNull(body.ticketUrl);
  const outcome = await insertSuggestionUnderLimit(
    db,
    uid,
    {
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
    },
    MAX_WAITING_SUGGESTIONS,
  );
  if ('stored' in outcome) return toSuggestion(outcome.stored);
  if (outcome.refused === 'too_many_waiting') {
    throw new ConflictError(
      (i18n) => i18n.t('server.error.suggestion.tooManyWaiting', { max: MAX_WAITING_SUGGESTIONS }),
      { code: 'too_many_waiting' },
    );
  }
  throw new ConflictError((i18n) => i18n.t('server.error.suggestion.suggestBeforeProfile'));
}

/** The caller's own suggestions, newest first; NotFoundError before onboarding. */
export async function listOwnSuggestions(db: Database, uid: string): Promise<Suggestion[]> {
  const rows = await suggestionsOfUser(db, uid, OWN_LIST_LIMIT);
  if (rows === null) {
    throw new NotFoundError((i18n) => i18n.t('server.error.suggestion.noProfile'));
  }
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
  const row = await ownSuggestion(db, uid, id);
  if (!row) throw new NotFoundError((i18n) => i18n.t('server.error.suggestion.notYours'));
  if (row.status !== 'waiting') {
    throw new ConflictError((i18n) => i18n.t('server.error.suggestion.pictureAfterReview'), {
      code: 'already_reviewed',
    });
  }
  return row;
}

/** Sets the suggestion's picture (an images row the picture store wrote). */
export async function setSuggestionPicture(
  db: Database,
  id: string,
  imageId: string,
): Promise<Suggestion> {
  const row = await setSuggestionImage(db, id, imageId);
  if (!row) throw new NotFoundError((i18n) => i18n.t('server.error.suggestion.notYours'));
  return toSuggestion(row);
}

/** The review queue, oldest first: whoever waited longest is reviewed first. */
export async function listWaitingSuggestions(db: Database): Promise<Suggestion[]> {
  return (await waitingSuggestions(db, REVIEW_QUEUE_LIMIT)).map(toSuggestion);
}

/**
 * Reviews the suggestion with this id as `verdict` decides, once: only a waiting suggestion
 * is reviewed, so of two operators at once the second is told it was done already.
 */
async function review(
  db: Database,
  id: string,
  verdict: (waiting: SuggestionRow) => SuggestionReview,
): Promise<Suggestion> {
  const reviewed = await reviewSuggestion(db, id, (suggestion) => {
    if (suggestion.status !== 'waiting') {
      throw new ConflictError('This suggestion was already reviewed (published or declined).', {
        code: 'already_reviewed',
      });
    }
    return verdict(suggestion);
  });
  if (!reviewed) throw new NotFoundError('There is no suggestion with this id.');
  return toSuggestion(reviewed);
}

/**
 * Publishes a waiting suggestion: one `events` row (id `suggestion:<uuid>`, source 'suggestion')
 * made from it through the importers' own checks (toEventRow), with its picture when it has one
 * and the category drawing as `imageUrl` otherwise, as imported events have. Listing and search
 * read `events`, so it appears there at once.
 */
export async function publishSuggestion(
  db: Database,
  id: string,
  log?: { warn(details: object, message: string): void },
): Promise<Suggestion> {
  const published = await review(db, id, (row) => {
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
    if (!draft.ok) {
      throw new InvalidInputError(`This suggestion cannot be published: ${draft.reason}.`);
    }
    return { status: 'published', event: { ...draft.row, imageId: row.imageId } };
  });
  // A new event like an import's: the families watching a search it matches are told.
  // Its failure does not fail the publishing, which is done: the log says so (the code only).
  if (published.eventId) {
    const matching = await matchWatchedSearchesAfterImport(db, [published.eventId], new Date());
    if (matching.status === 'failed') {
      log?.warn({ watchedMatchingFailed: matching.code }, 'watched searches not checked');
    }
  }
  return published;
}

/** Declines a waiting suggestion with the reason its author will read. */
export async function declineSuggestion(
  db: Database,
  id: string,
  reason: string,
): Promise<Suggestion> {
  return review(db, id, () => ({ status: 'declined', reason: reason.trim() }));
}
