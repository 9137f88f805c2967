import { format, isValid, parseISO, startOfDay } from 'date-fns';

/**
 * Home's date filter (SPEC 2 "Home", SPEC 4 "Date filter"): four chips of words the API computes
 * in the browser's zone, or one day picked on the calendar.
 *
 * Decision where the spec is silent: nothing is chosen at first, so home opens on everything
 * upcoming, and tapping the selected chip again clears it (as the search filters do), which is
 * the way back to "everything".
 */
export const homeDateWords = ['today', 'tomorrow', 'weekend', 'next_week'] as const;
export type HomeDateWord = (typeof homeDateWords)[number];

export const homeDateChipLabels: Record<HomeDateWord, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  weekend: 'This Weekend',
  next_week: 'Next Week',
};

export type HomeDateFilter =
  | { kind: 'none' }
  | { kind: 'word'; word: HomeDateWord }
  | { kind: 'calendar'; day: string };

export const noDateFilter: HomeDateFilter = { kind: 'none' };

/** The `date` parameter of /api/events/search and /api/events/categories, when there is one. */
export function apiDateParam(filter: HomeDateFilter): string | undefined {
  if (filter.kind === 'word') return filter.word;
  if (filter.kind === 'calendar') return filter.day;
  return undefined;
}

/** The calendar chip's text: 'Calendar', or the picked day as 'MMM d' (SPEC 9). */
export function calendarChipLabel(filter: HomeDateFilter): string {
  return filter.kind === 'calendar' ? format(parseISO(filter.day), 'MMM d') : 'Calendar';
}

/** 'YYYY-MM-DD' of a local calendar day. */
export function isoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/**
 * A picked day from a link or the URL: a real calendar day, not before today in this browser
 * (SPEC 5 "Calendar: dates before now are disabled"); anything else is dropped.
 */
export function validPickedDay(value: unknown, now: Date = new Date()): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = parseISO(value);
  if (!isValid(day) || isoDay(day) !== value) return undefined;
  return day < startOfDay(now) ? undefined : value;
}

/** The browser's IANA zone, sent as `tz` so "today" is the family's today, not the server's. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
