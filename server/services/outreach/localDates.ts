import type { AppLocale } from '../../../contract/locales.ts';

/*
 * Calendar days in the family's language, for what the server writes to them (the weekly email,
 * push texts): 'Saturday, June 6' or 'sábado, 6 de junio'. A day is a calendar day
 * ('YYYY-MM-DD', or its parts), printed without moving it through any zone. Formatters are made
 * on first use and kept, one per language and form.
 */

export type DayForm =
  /** 'Sat, Jun 6' · 'sáb, 6 jun' */
  | 'short'
  /** 'Saturday, June 6' · 'sábado, 6 de junio' */
  | 'long'
  /** 'Saturday, Jun 6' · 'sábado, 6 jun' */
  | 'weekdayShortMonth'
  /** 'Saturday' · 'sábado' */
  | 'weekday'
  /** 'Jun 6' · '6 jun' */
  | 'monthDay';

const forms: Record<DayForm, Intl.DateTimeFormatOptions> = {
  short: { weekday: 'short', month: 'short', day: 'numeric' },
  long: { weekday: 'long', month: 'long', day: 'numeric' },
  weekdayShortMonth: { weekday: 'long', month: 'short', day: 'numeric' },
  weekday: { weekday: 'long' },
  monthDay: { month: 'short', day: 'numeric' },
};

/** The Intl tag of a language: US English's forms are the ones FamJam always wrote. */
const intlTags: Record<AppLocale, string> = { en: 'en-US', es: 'es' };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: AppLocale, form: DayForm): Intl.DateTimeFormat {
  const key = `${locale}:${form}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlTags[locale], { ...forms[form], timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter;
}

export interface CalendarDayParts {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
}

/** A calendar day ('2026-06-06' or its parts) in the language's `form`. */
export function dayIn(locale: AppLocale, day: string | CalendarDayParts, form: DayForm): string {
  const parts =
    typeof day === 'string'
      ? (([year = 1970, month = 1, date = 1]) => ({ year, month, day: date }))(
          day.split('-').map(Number),
        )
      : day;
  return formatterFor(locale, form).format(
    new Date(Date.UTC(parts.year, parts.month - 1, parts.day)),
  );
}
