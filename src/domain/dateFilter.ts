/**
 * Home's date filter (docs/product.md#spec-2-home, docs/product.md#spec-4-date-filter): four chips of words the API computes
 * in the browser's zone (their names are home's: src/features/home/DateChips.tsx), or one day picked on the calendar.
 *
 * Decision where the spec is silent: nothing is chosen at first, so home opens on everything
 * upcoming, and tapping the selected chip again clears it (as the search filters do), which is
 * the way back to "everything".
 */
export const homeDateWords = ['today', 'tomorrow', 'weekend', 'next_week'] as const;
export type HomeDateWord = (typeof homeDateWords)[number];

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

/** 'YYYY-MM-DD' of a local calendar day. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A picked day from a link or the URL: a real calendar day, not before today in this browser
 * (docs/product.md#spec-5-calendar); anything else is dropped.
 */
export function validPickedDay(value: unknown, now: Date = new Date()): string | undefined {
  // Plain string and Date arithmetic: this runs in every route's search validation, which is in
  // the first-load bundle, so it stays clear of date-fns' parsers and formatters.
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  // A day that does not exist (Feb 30) rolls over and no longer reads the same.
  if (isoDay(new Date(year, month - 1, day)) !== value) return undefined;
  // ISO days compare as text; before today is the past.
  return value < isoDay(now) ? undefined : value;
}

/** The browser's IANA zone, sent as `tz` so "today" is the family's today, not the server's. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Days after today that still count as "soon" for a shake with no date chosen. */
export const SHAKE_SOON_DAYS = 3;

/**
 * What the shake picks from. The hero asks 'What should we do today?', so with no date chip
 * chosen the pick comes from today and the next SHAKE_SOON_DAYS days when the list has any
 * there, and from the whole list only when it has none; a chosen chip already narrowed the list.
 */
export function shakePool<E extends { date: string }>(
  events: readonly E[],
  filter: Pick<HomeDateFilter, 'kind'>,
  now: Date = new Date(),
): readonly E[] {
  if (filter.kind !== 'none') return events;
  const soonEnds = new Date(now.getFullYear(), now.getMonth(), now.getDate() + SHAKE_SOON_DAYS + 1);
  const soon = events.filter((event) => Date.parse(event.date) < soonEnds.getTime());
  return soon.length > 0 ? soon : events;
}
