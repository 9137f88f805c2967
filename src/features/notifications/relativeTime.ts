/*
 * "5 minutes ago", "yesterday", "in 2 days", spelled in English by hand as Intl.RelativeTimeFormat
 * ('en', numeric 'auto') spells them (the test compares the two). The profile screen shows the
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

/** One unit back or ahead, where English has a word for it ("yesterday", "next week"). */
function oneAway(unit: Unit, ahead: boolean): string | null {
  if (unit === 'day') return ahead ? 'tomorrow' : 'yesterday';
  if (unit === 'minute' || unit === 'hour') return null;
  return `${ahead ? 'next' : 'last'} ${unit}`;
}

function spelled(count: number, unit: Unit): string {
  const size = Math.abs(count);
  const ahead = count > 0;
  const word = size === 1 ? oneAway(unit, ahead) : null;
  if (word) return word;
  const amount = `${size} ${unit}${size === 1 ? '' : 's'}`;
  return ahead ? `in ${amount}` : `${amount} ago`;
}

/** `iso` relative to `now`, in the largest unit that keeps the number below its next unit. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return '';
  // Under a minute either way reads better as "just now" than as "in 12 seconds" (clock skew).
  if (Math.abs(seconds) < 60) return 'just now';
  let amount = seconds / 60;
  for (const [unit, size] of relativeTimeSteps) {
    if (Math.abs(amount) < size) return spelled(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
