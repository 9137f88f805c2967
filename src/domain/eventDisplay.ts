import type { Event } from '../../contract/events.ts';

/**
 * How an event's when and price read on cards (SPEC 9 "Date display": short weekday, short
 * month, numeric day), in the venue's time zone: a 7 PM concert in Denver is on the day Denver
 * sees it, wherever the phone is.
 */
export function cardDateLabel(event: Pick<Event, 'date' | 'time' | 'timeZone'>): string {
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: validTimeZone(event.timeZone),
  }).format(new Date(event.date));
  return event.time ? `${day} · ${event.time}` : day;
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

// An imported event may carry a zone this browser's Intl does not know; showing the day in UTC
// beats throwing a RangeError at render.
function validTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
