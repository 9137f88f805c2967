import type { Event } from '../../contract/events.ts';

/**
 * How an event's when and price read on cards (SPEC 9 "Date display": short weekday, short
 * month, numeric day), in the venue's time zone: a 7 PM concert in Denver is on the day Denver
 * sees it, wherever the phone is.
 */
export function cardDateLabel(event: Pick<Event, 'date' | 'time' | 'timeZone'>): string {
  const day = zonedFormat('card', event.timeZone).format(new Date(event.date));
  return event.time ? `${day} · ${event.time}` : day;
}

/**
 * The details screen's date (SPEC 9: "details use long weekday, month, day and year"), e.g.
 * 'Saturday, November 28, 2026', as the venue's calendar shows that day. The time, already in
 * the venue's zone, is the event's own `time` text.
 */
export function longDateLabel(event: Pick<Event, 'date' | 'timeZone'>): string {
  return zonedFormat('long', event.timeZone).format(new Date(event.date));
}

/**
 * The venue's calendar day of an instant as 'YYYY-MM-DD' (en-CA writes dates that way): the
 * all-day calendar entry of a date-only event must be that day, not the UTC one.
 */
export function zonedIsoDay(date: Date, timeZone: string): string {
  return zonedFormat('isoDay', timeZone).format(date);
}

const formatOptions = {
  card: { locale: 'en-US', options: { weekday: 'short', month: 'short', day: 'numeric' } },
  long: {
    locale: 'en-US',
    options: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  },
  isoDay: { locale: 'en-CA', options: { year: 'numeric', month: '2-digit', day: '2-digit' } },
} as const satisfies Record<string, { locale: string; options: Intl.DateTimeFormatOptions }>;

// Building a DateTimeFormat is the costly part and every card asks for one: one per kind and
// zone, kept.
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(kind: keyof typeof formatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = zonedFormats.get(key);
  if (format === undefined) {
    const { locale, options } = formatOptions[kind];
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

/** SPEC 3: a blank or absent price means free; cards show 'FREE'. */
export function cardPriceLabel(price: string | null | undefined): string {
  const text = price?.trim() ?? '';
  return text === '' || text.toLowerCase() === 'free' ? 'FREE' : text;
}

/** The illustration the app ships for a category, for events without a usable image. */
export function categoryImage(category: string): string {
  return `/images/categories/${category}.svg`;
}
