import { i18n } from './messages.ts';

/*
 * "5 minutes ago", "yesterday", "in 2 days", spelled from the catalogue as Intl.RelativeTimeFormat
 * ('en', numeric 'auto') spells them in English (the test compares the two). The profile screen shows the
 * bell's list as it opens, and building the first Intl object on a phone loads ICU's data: up to
 * 180 ms of main thread (docs/decisions.md, "Dates without Intl on the first screens").
 */

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** Each unit and how many of it make the next one (the test steps Intl's reference with it). */
export const relativeTimeSteps: readonly [Unit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** One unit back or ahead, where the language has a word for it ("yesterday", "next week"). */
function oneAway(unit: Unit, ahead: boolean): string | null {
  switch (unit) {
    case 'minute':
    case 'hour':
      return null;
    case 'day':
      return ahead ? i18n.t('notifications.time.tomorrow') : i18n.t('notifications.time.yesterday');
    case 'week':
      return ahead ? i18n.t('notifications.time.nextWeek') : i18n.t('notifications.time.lastWeek');
    case 'month':
      return ahead
        ? i18n.t('notifications.time.nextMonth')
        : i18n.t('notifications.time.lastMonth');
    case 'year':
      return ahead ? i18n.t('notifications.time.nextYear') : i18n.t('notifications.time.lastYear');
  }
}

/**
 * "5 minutes ago", "in 2 days". Each text is an ICU select on the number ('1 minute ago' or
 * '{count} minutes ago'), not a plural: a plural builds an Intl.PluralRules and `#` an
 * Intl.NumberFormat, which the profile, a first screen, must not (see above). One and other are
 * all English and Spanish need.
 */
function amountAway(count: number, unit: Unit, ahead: boolean): string {
  switch (unit) {
    case 'minute':
      return ahead
        ? i18n.t('notifications.time.inMinutes', { count })
        : i18n.t('notifications.time.minutesAgo', { count });
    case 'hour':
      return ahead
        ? i18n.t('notifications.time.inHours', { count })
        : i18n.t('notifications.time.hoursAgo', { count });
    case 'day':
      return ahead
        ? i18n.t('notifications.time.inDays', { count })
        : i18n.t('notifications.time.daysAgo', { count });
    case 'week':
      return ahead
        ? i18n.t('notifications.time.inWeeks', { count })
        : i18n.t('notifications.time.weeksAgo', { count });
    case 'month':
      return ahead
        ? i18n.t('notifications.time.inMonths', { count })
        : i18n.t('notifications.time.monthsAgo', { count });
    case 'year':
      return ahead
        ? i18n.t('notifications.time.inYears', { count })
        : i18n.t('notifications.time.yearsAgo', { count });
  }
}

function spelled(count: number, unit: Unit): string {
  const size = Math.abs(count);
  const ahead = count > 0;
  const word = size === 1 ? oneAway(unit, ahead) : null;
  return word ?? amountAway(size, unit, ahead);
}

/** `iso` relative to `now`, in the largest unit that keeps the number below its next unit. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return '';
  // Under a minute either way reads better as "just now" than as "in 12 seconds" (clock skew).
  if (Math.abs(seconds) < 60) return i18n.t('notifications.time.justNow');
  let amount = seconds / 60;
  for (const [unit, size] of relativeTimeSteps) {
    if (Math.abs(amount) < size) return spelled(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
