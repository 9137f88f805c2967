import { i18n } from './messages.ts';

/*
 * The words an event's card (and the shake's result, and any list showing an event) puts around
 * the event's own content, in the language in use. The content itself (title, venue, the
 * price text the source wrote, tags) stays as the source wrote it. The age badge
 * (src/domain/ageRange.ts's `ageRangeLabel`) and the price (`cardPriceLabel` in
 * src/domain/eventDisplay.ts) are the domain's, which the details screen and the map share.
 */

/** The badge of an event the family-safe filter keeps. */
export function familySafeLabel(): string {
  return i18n.t('events.card.familySafe');
}
