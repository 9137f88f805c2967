/**
 * English names of a calendar day, 'YYYY-MM-DD', written without the browser's Intl.
 *
 * Why by hand: a phone's first Intl formatter loads ICU's locale data, up to 180 ms of main thread
 * measured in a fresh Chromium tab (docs/benchmarks.md), and every first screen prints dates.
 * The app speaks US English only (vite.config.ts strips react-aria's other locales), so the
 * names are fixed; calendarDay.test.ts checks every day of several years against Intl's en-US.
 * The API sends each event's day in the venue's zone (`Event.day`), so no zone math is needed.
 */

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

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

const short = (name = '') => name.slice(0, 3);

/** 'Sat, Nov 28' (docs/product.md#spec-9: cards use short weekday, short month, numeric day). */
export function shortDayLabel(day: string): string {
  const { monthIndex, dayOfMonth, weekdayIndex } = parseDay(day);
  return `${short(weekdays[weekdayIndex])}, ${short(months[monthIndex])} ${dayOfMonth}`;
}

/** 'Saturday, November 28, 2026' (docs/product.md#spec-9: the details screen's long form). */
export function longDayLabel(day: string): string {
  const { year, monthIndex, dayOfMonth, weekdayIndex } = parseDay(day);
  return `${weekdays[weekdayIndex]}, ${months[monthIndex]} ${dayOfMonth}, ${year}`;
}

/** 'Nov 28' (docs/product.md#spec-9: the calendar chip's 'MMM d'). */
export function monthDayLabel(day: string): string {
  const { monthIndex, dayOfMonth } = parseDay(day);
  return `${short(months[monthIndex])} ${dayOfMonth}`;
}
