import { longDayLabel } from './calendarDay.ts';
import { type EventDay, venueDay } from './eventDisplay.ts';

/**
 * The details screen's date (docs/product.md#spec-9: "details use long weekday, month, day and year"), e.g.
 * 'Saturday, November 28, 2026', as the venue's calendar shows that day. The time, already in
 * the venue's zone, is the event's own `time` text.
 */
export function longDateLabel(event: EventDay): string {
  return longDayLabel(venueDay(event));
}
