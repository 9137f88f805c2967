import type { Event } from '../../contract/events.ts';

/**
 * How an event's when and price read on cards (docs/product.md#spec-9-date-display: short weekday, short
 * month, numeric day), in the venue's time zone: a 7 PM concert in Denver is on the day Denver
 * sees it, wherever the phone is.
 */
export function cardDateLabel(event: Pick<Event, 'date' | 'time' | 'timeZone'>): string {
  const day = zonedDateFormat('en-US', cardDayOptions, event.timeZone).format(new Date(event.date));
  return event.time ? `${day} · ${event.time}` : day;
}

const cardDayOptions = { weekday: 'short', month: 'short', day: 'numeric' } as const;

// Building a DateTimeFormat is the costly part and every card asks for one: one per locale,
// options and zone, kept.
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

/** docs/product.md#spec-3: a blank or absent price means free; cards show 'FREE'. */
export function cardPriceLabel(price: string | null | undefined): string {
  const text = price?.trim() ?? '';
  return text === '' || text.toLowerCase() === 'free' ? 'FREE' : text;
}

/** The illustration the app ships for a category, for events without a usable image. */
export function categoryImage(category: string): string {
  return `/images/categories/${category}.svg`;
}
