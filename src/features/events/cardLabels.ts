import type { Event } from '../../../contract/events.ts';
import { cardPriceLabel } from '../../domain/eventDisplay.ts';
import { i18n } from './messages.ts';

/*
 * The words an event's card (and the shake's result, and any list showing an event) puts around
 * the event's own content, in the language in use. The content itself (title, venue, the
 * price text the source wrote, tags) stays as the source wrote it.
 */

/** 'FREE' for a blank or free price (docs/product.md#spec-3), else the price as listed. */
export function eventPriceLabel(price: string | null | undefined): string {
  const label = cardPriceLabel(price);
  return label === 'FREE' ? i18n.t('events.card.free') : label;
}

/** The badge of an event the family-safe filter keeps. */
export function familySafeLabel(): string {
  return i18n.t('events.card.familySafe');
}

/** From this age a minimum reads as an adult entry limit ('21+'), not a child's age. */
const ADULT_AGE = 18;

/**
 * The age badge, as src/domain/ageRange.ts decides it: 'Ages 3–8', 'Ages 0–4' for a maximum
 * alone, 'Ages 13+' for a child's minimum alone, '21+' for an adult limit (no words, as the
 * sources' own '21+' tags), 'Age 5' for one year. Null when the event says nothing about ages.
 */
export function eventAgesLabel(event: Pick<Event, 'minAge' | 'maxAge'>): string | null {
  const { minAge, maxAge } = event;
  if (minAge === null && maxAge === null) return null;
  if (maxAge === null) {
    return minAge !== null && minAge >= ADULT_AGE
      ? `${minAge}+`
      : i18n.t('events.card.agesFrom', { min: minAge });
  }
  const from = minAge ?? 0;
  return from === maxAge
    ? i18n.t('events.card.age', { age: from })
    : i18n.t('events.card.agesRange', { from, to: maxAge });
}
