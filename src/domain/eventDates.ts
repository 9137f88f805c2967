import type { Event } from '../../contract/events.ts';
import { zonedDateFormat } from './eventDisplay.ts';

// The details screen's date: apart from eventDisplay.ts, whose card formats every first visit
// loads, so this one stays in the details screen's chunk.

const longDateOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
} as const;

/**
 * The details screen's date (docs/product.md#spec-9: "details use long weekday, month, day and year"), e.g.
 * 'Saturday, November 28, 2026', as the venue's calendar shows that day. The time, already in
 * the venue's zone, is the event's own `time` text.
 */
export function longDateLabel(event: Pick<Event, 'date' | 'timeZone'>): string {
  return zonedDateFormat('en-US', longDateOptions, event.timeZone).format(new Date(event.date));
}
