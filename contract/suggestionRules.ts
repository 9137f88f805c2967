/**
 * The rules of a suggested event (docs/suggestions.md), for the form that shows them while the
 * person types and the server that enforces them on arrival. Plain code without TypeBox, so the
 * client imports these values without the schema library (as contract/pollRules.ts does).
 */

/** How many suggestions one person may have waiting for review at once. */
export const MAX_WAITING_SUGGESTIONS = 3;

export const SUGGESTION_TITLE_MAX = 200;
export const SUGGESTION_DESCRIPTION_MAX = 2000;
export const SUGGESTION_VENUE_MAX = 200;
export const SUGGESTION_ADDRESS_MAX = 300;
export const SUGGESTION_PLACE_MAX = 200;
export const SUGGESTION_PRICE_MAX = 80;
export const SUGGESTION_TICKET_URL_MAX = 2000;
export const SUGGESTION_AGE_MAX = 120;
/** An operator's reason for declining, shown to the family as 'Not published: {reason}'. */
export const DECLINE_REASON_MAX = 200;
/** How far ahead a suggested event may be: further out is almost always a typo in the year. */
export const SUGGESTION_MAX_DAYS_AHEAD = 2 * 366;

export type SuggestionStatus = 'waiting' | 'published' | 'declined';

/** What the person who suggested an event is told about it, word for word (issue 20). */
export function suggestionStatusText(suggestion: {
  status: SuggestionStatus;
  reason: string | null;
}): string {
  if (suggestion.status === 'waiting') return 'Waiting for review';
  if (suggestion.status === 'published') return 'Published';
  return `Not published: ${suggestion.reason ?? ''}`.trimEnd();
}

/** The refusal when a person already has the most suggestions waiting. */
export const TOO_MANY_WAITING_MESSAGE = `You already have ${MAX_WAITING_SUGGESTIONS} suggestions waiting for review. Please wait until one of them is reviewed before suggesting another.`;

/**
 * A ticket link that may go on a button: http or https only (a javascript: or data: link must
 * never reach one). Null when the text is not such a URL.
 */
export function httpUrlOrNull(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > SUGGESTION_TICKET_URL_MAX) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The fields the ages and link rules look at. */
interface AgesAndLink {
  minAge?: number | null | undefined;
  maxAge?: number | null | undefined;
  ticketUrl?: string | null | undefined;
}

/**
 * The first problem the schema cannot see (ages the wrong way round, a link that is not http or
 * https), naming the field for an API caller and worded for the person typing; null when none.
 */
export function suggestionProblem(draft: AgesAndLink): { field: string; problem: string } | null {
  const { minAge, maxAge, ticketUrl } = draft;
  if (typeof minAge === 'number' && typeof maxAge === 'number' && minAge > maxAge) {
    return {
      field: 'maxAge',
      problem: 'The oldest age must be at least the youngest age.',
    };
  }
  if (typeof ticketUrl === 'string' && ticketUrl.trim() !== '' && !httpUrlOrNull(ticketUrl)) {
    return {
      field: 'ticketUrl',
      problem: 'The ticket link must be a web address starting with http:// or https://.',
    };
  }
  return null;
}
