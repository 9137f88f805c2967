/*
 * "5 minutes ago", "yesterday", "in 2 days" with the browser's own Intl.RelativeTimeFormat: the
 * bell's list needs nothing more, and date-fns' locale data would add to the header's chunk.
 */

const steps: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** `iso` relative to `now`, in the largest unit that keeps the number below its next unit. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (!Number.isFinite(amount)) return '';
  // Under a minute either way reads better as "just now" than as "in 12 seconds" (clock skew).
  if (Math.abs(amount) < 60) return 'just now';
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
