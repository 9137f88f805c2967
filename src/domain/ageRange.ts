import type { Event } from '../../contract/events.ts';
import { i18n } from '../i18n/appCatalog.ts';

/** From this age a minimum reads as an adult entry limit ('21+'), not a child's age. */
const ADULT_AGE = 18;

/**
 * The age badge of a card, the details screen and a suggestion, in the language in use: 'Ages
 * 3–8' (an en dash, as print does ranges), 'Ages 0–4' for 'under 5' (a maximum alone starts from
 * birth), 'Ages 13+' for a child's minimum alone, '21+' or '18+' for an adult limit (no words, as
 * the sources' own '21+' tags), 'Age 5' for one year. Null when the event says nothing about
 * ages: it is for everyone, and a badge saying so on most cards would be noise.
 */
export function ageRangeLabel(event: Pick<Event, 'minAge' | 'maxAge'>): string | null {
  const { minAge, maxAge } = event;
  if (minAge === null && maxAge === null) return null;
  if (maxAge === null) {
    return minAge !== null && minAge >= ADULT_AGE
      ? `${minAge}+`
      : i18n.t('app.ages.from', { min: minAge });
  }
  const from = minAge ?? 0;
  return from === maxAge
    ? i18n.t('app.ages.one', { age: from })
    : i18n.t('app.ages.range', { from, to: maxAge });
}
