import {
  type CalendarEvent,
  SAVED_CALENDAR_FILE_NAME,
  type SavedCalendarWords,
  savedEventsCalendar,
} from '../../../contract/icalendar.ts';
import { PRODUCT_NAME } from '../../../contract/product.ts';
import { currentLocale, localeTag } from '../../i18n/i18n.ts';
import { i18n } from './messages.ts';

/*
 * The browser's half of Export to Calendar, loaded only when someone exports: ical-generator
 * and this module are one chunk of their own, outside every first-load path.
 */

const ZONE_DIR = '/node_modules/@touch4it/ical-timezones/zones/';

/**
 * The VTIMEZONE files the server reads with node:fs (@touch4it/ical-timezones), as lazy raw
 * imports: each zone is a tiny chunk fetched only when a saved event is in it, so the download
 * carries the same zone blocks as the feed without shipping all 600 zones.
 */
const zoneFiles = import.meta.glob<string>(
  '/node_modules/@touch4it/ical-timezones/zones/**/*.ics',
  { query: '?raw', import: 'default' },
);

/** The VTIMEZONE block of each zone that has a file; zones without one are left out. */
async function vtimezoneBlocks(zones: Iterable<string>): Promise<Map<string, string>> {
  const blocks = new Map<string, string>();
  await Promise.all(
    [...new Set(zones)].map(async (zone) => {
      const load = zoneFiles[`${ZONE_DIR}${zone}.ics`];
      if (!load) return;
      const file = await load();
      const begin = file.indexOf('BEGIN:VTIMEZONE');
      const end = file.indexOf('END:VTIMEZONE');
      if (begin >= 0 && end > begin)
        blocks.set(zone, file.slice(begin, end + 'END:VTIMEZONE'.length));
    }),
  );
  return blocks;
}

/** The file's own words (the calendar's name, a cancelled event's title) in the language in use. */
function calendarWords(): SavedCalendarWords {
  return {
    calendarName: i18n.t('saved.calendarFile.name', { product: PRODUCT_NAME }),
    cancelledTitle: (title) => i18n.t('saved.calendarFile.cancelled', { title }),
    language: localeTag(currentLocale()).toUpperCase(),
  };
}

/** The saved list as RFC 5545 text, exactly as the feed would write it (minus polling hints). */
export async function savedCalendarText(
  events: readonly CalendarEvent[],
  origin: string,
  now: Date = new Date(),
): Promise<string> {
  const blocks = await vtimezoneBlocks(events.map((event) => event.timeZone));
  return savedEventsCalendar(events, {
    origin,
    now,
    vtimezone: (zone) => blocks.get(zone) ?? null,
    words: calendarWords(),
  });
}

/** Builds the file and hands it to the browser as a download named famjam-saved-events.ics. */
export async function downloadSavedCalendar(
  events: readonly CalendarEvent[],
  origin: string = window.location.origin,
): Promise<void> {
  const text = await savedCalendarText(events, origin);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = SAVED_CALENDAR_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
