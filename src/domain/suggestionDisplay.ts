import type { Suggestion } from '../../contract/suggestions.ts';
import { i18n } from '../i18n/appCatalog.ts';
import { currentLocale, localeTag } from '../i18n/i18n.ts';
import { ageRangeLabel } from './ageRange.ts';
import { zonedDateFormat } from './eventDisplay.ts';

/*
 * How a suggested event reads wherever it shows (docs/suggestions.md): the 'Suggest an event'
 * screen's thank-you, Profile's list and the operator's review cards.
 */

/** The badge tone of a status, one of the design system's Badge tones. */
export type SuggestionTone = 'neutral' | 'success' | 'danger';

const statusTones: Record<Suggestion['status'], SuggestionTone> = {
  waiting: 'neutral',
  published: 'success',
  declined: 'danger',
};

/**
 * Where a suggestion stands, in the language in use: in English the exact words of issue 20
 * ('Waiting for review', 'Published' or 'Not published: {reason}', as the server's
 * `suggestionStatusText` words it for API callers), and the tone its badge takes. The reason is
 * the operator's own text, shown as written.
 */
export function suggestionStatus(suggestion: Pick<Suggestion, 'status' | 'reason'>): {
  label: string;
  tone: SuggestionTone;
} {
  return { label: statusLabel(suggestion), tone: statusTones[suggestion.status] };
}

function statusLabel({ status, reason }: Pick<Suggestion, 'status' | 'reason'>): string {
  if (status === 'waiting') return i18n.t('app.suggestion.waiting');
  if (status === 'published') return i18n.t('app.suggestion.published');
  return i18n.t('app.suggestion.declined', { reason: reason ?? '' }).trimEnd();
}

const dayOptions = { weekday: 'short', month: 'short', day: 'numeric' } as const;
const dayAndTimeOptions = { ...dayOptions, hour: 'numeric', minute: '2-digit' } as const;

/**
 * 'Sat, Dec 5, 10:30 AM' (or 'Sat, Dec 5' all day), as the venue's calendar shows it, in the
 * language in use ('sáb, 5 dic, 10:30').
 */
export function suggestionWhen(
  suggestion: Pick<Suggestion, 'startsAt' | 'timeZone' | 'hasTime'>,
): string {
  const options = suggestion.hasTime ? dayAndTimeOptions : dayOptions;
  return zonedDateFormat(localeTag(currentLocale()), options, suggestion.timeZone).format(
    new Date(suggestion.startsAt),
  );
}

/**
 * The ages a suggestion is for, as the event's card will show them once published
 * ('Ages 2–10', 'Ages 13+', '21+'); null when it is for everyone.
 */
export function suggestionAgesText(suggestion: Pick<Suggestion, 'minAge' | 'maxAge'>) {
  return ageRangeLabel(suggestion);
}
