import type { Event } from '../../contract/events.ts';
import { i18n } from '../i18n/appCatalog.ts';
import { shortDayLabel } from './calendarDay.ts';

/**
 * How an event's when and price read on cards (docs/product.md#spec-9-date-display: short weekday, short
 * month, numeric day), in the venue's time zone: a 7 PM concert in Denver is on the day Denver
 * sees it, wherever the phone is.
 */
export function cardDateLabel(event: DatedEvent): string {
  const day = shortDayLabel(venueDay(event));
  return event.time ? `${day} · ${event.time}` : day;
}

/** An event's start as a date label reads it; `day` may be missing from one an older app kept. */
export type EventDay = Pick<Event, 'date' | 'timeZone'> & Partial<Pick<Event, 'day'>>;
type DatedEvent = EventDay & Pick<Event, 'time'>;

/**
 * The venue's calendar day, 'YYYY-MM-DD'. The API sends it (`Event.day`), so the first screens
 * never build an Intl formatter (see calendarDay.ts); only an event kept in the offline cache
 * or a saved snapshot by a version of the app before `day` existed is worked out here.
 */
export function venueDay(event: EventDay): string {
  if (event.day) return event.day;
  const isoDayOptions = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  return zonedDateFormat('en-CA', isoDayOptions, event.timeZone).format(new Date(event.date));
}

// Building a DateTimeFormat is the costly part: one per locale, options and zone, kept.
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl.DateTimeFormat showing dates as the venue's calendar does. */
export function zonedDateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = zonedFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // An imported event may carry a zone this browser's Intl does not know; showing the day
      // in UTC beats throwing a RangeError at render.
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    zonedFormats.set(key, format);
  }
  return format;
}

/** docs/product.md#spec-3: a blank or absent price (or the word 'free') means free. */
export function isFreePrice(price: string | null | undefined): boolean {
  const text = price?.trim() ?? '';
  return text === '' || text.toLowerCase() === 'free';
}

/**
 * The price on a card, the map's card, the shake's pick and the details screen: 'FREE' in the
 * language in use for a free one (docs/product.md#spec-3), else the price as the source wrote it.
 */
export function cardPriceLabel(price: string | null | undefined): string {
  return isFreePrice(price) ? i18n.t('app.price.free') : (price?.trim() ?? '');
}

/** The illustration the app ships for a category, for events without a usable image. */
export function categoryImage(category: string): string {
  return `/images/categories/${category}.svg`;
}

/**
 * Still going ahead. Search and Saved show cancelled events, marked; what Home offers of its own
 * accord (the pick, the deals, the shake) leaves them out. Events cached offline by an older
 * build have no `cancelled`: going ahead, as then.
 */
export function isGoingAhead(event: Pick<Event, 'cancelled'>): boolean {
  return event.cancelled !== true;
}
