import { i18n } from '../i18n/appCatalog.ts';

/**
 * The names of a calendar day, 'YYYY-MM-DD', in the language in use, written without the
 * browser's Intl.
 *
 * Why by hand: a phone's first Intl formatter loads ICU's locale data, up to 180 ms of main thread
 * measured in a fresh Chromium tab (docs/benchmarks.md), and every first screen prints dates
 * (docs/decisions.md, 'Dates without Intl on the first screens'). The day and month names and the
 * order they come in are the catalogue's ('app.date.*': 'Sat, Nov 28', 'sáb, 28 nov'), so a
 * language is its texts; calendarDay.test.ts checks every day of several years against Intl's
 * en-US and es. The API sends each event's day in the venue's zone (`Event.day`), so no zone math
 * is needed.
 */

interface CalendarDay {
  year: number;
  /** 0-11, as Date counts months. */
  monthIndex: number;
  dayOfMonth: number;
  /** 0 is Sunday. */
  weekdayIndex: number;
}

function parseDay(day: string): CalendarDay {
  const [year = 1970, month = 1, dayOfMonth = 1] = day.split('-').map(Number);
  // A calendar day has no zone: UTC only keeps the local offset out of the weekday.
  const weekdayIndex = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay();
  return { year, monthIndex: month - 1, dayOfMonth, weekdayIndex };
}

/** 'Sat, Nov 28' (docs/product.md#spec-9: cards use short weekday, short month, numeric day). */
export function shortDayLabel(day: string): string {
  const { monthIndex, dayOfMonth, weekdayIndex } = parseDay(day);
  return i18n.t('app.date.short', {
    weekday: i18n.t('app.date.weekdayShort', { weekday: weekdayIndex }),
    month: i18n.t('app.date.monthShort', { month: monthIndex }),
    day: dayOfMonth,
  });
}

/** 'Saturday, November 28, 2026' (docs/product.md#spec-9: the details screen's long form). */
export function longDayLabel(day: string): string {
  const { year, monthIndex, dayOfMonth, weekdayIndex } = parseDay(day);
  return i18n.t('app.date.long', {
    weekday: i18n.t('app.date.weekday', { weekday: weekdayIndex }),
    month: i18n.t('app.date.month', { month: monthIndex }),
    day: dayOfMonth,
    year,
  });
}

/** 'Nov 28' (docs/product.md#spec-9: the calendar chip's 'MMM d'). */
export function monthDayLabel(day: string): string {
  const { monthIndex, dayOfMonth } = parseDay(day);
  return i18n.t('app.date.monthDay', {
    month: i18n.t('app.date.monthShort', { month: monthIndex }),
    day: dayOfMonth,
  });
}
