/**
 * How often sources run: the interval an operator writes ('6h'), the backoff after failures and
 * the wait a server asks for with Retry-After.
 */

/** The bounds the sources table's check enforces: a feed is not a chat, and nothing goes stale unseen. */
export const minIntervalSeconds = 5 * 60;
export const maxIntervalSeconds = 7 * 24 * 60 * 60;

/** Failing sources wait at most a day between tries (or their own interval when that is longer). */
export const maxBackoffSeconds = 24 * 60 * 60;

/** A server asking for more than a week is treated as asking for a week: the source stays alive. */
const maxRetryAfterSeconds = 7 * 24 * 60 * 60;

const unitSeconds = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 } as const;

type IntervalResult = { seconds: number } | { error: string };

/** '30m', '6h', '1d', '1w' (one number, one unit) into seconds, within the allowed range. */
export function parseInterval(text: string): IntervalResult {
  const match = /^(\d{1,6})\s*([smhdw])$/i.exec(text.trim());
  const unit = match?.[2]?.toLowerCase() as keyof typeof unitSeconds | undefined;
  if (!match?.[1] || !unit) {
    return {
      error: `"${text}" is not an interval: write a number and a unit, e.g. 30m, 6h, 1d or 1w.`,
    };
  }
  const seconds = Number(match[1]) * unitSeconds[unit];
  if (seconds < minIntervalSeconds || seconds > maxIntervalSeconds) {
    return { error: `The interval must be between 5m and 1w (got ${text.trim()}).` };
  }
  return { seconds };
}

/** The largest whole unit: 21600 → '6h', 5400 → '90m'. */
export function formatInterval(seconds: number): string {
  for (const unit of ['w', 'd', 'h', 'm'] as const) {
    if (seconds % unitSeconds[unit] === 0) return `${seconds / unitSeconds[unit]}${unit}`;
  }
  return `${seconds}s`;
}

/**
 * The wait after `failures` failed runs in a row: the interval doubled per failure, at most a
 * day (a weekly source keeps its week), so a broken feed is asked less and less often but a
 * fixed one is back within a day.
 */
export function backoffSeconds(intervalSeconds: number, failures: number): number {
  const cap = Math.max(maxBackoffSeconds, intervalSeconds);
  // 2^20 times five minutes is already years: the exponent stops growing long before overflow.
  return Math.min(cap, intervalSeconds * 2 ** Math.min(Math.max(failures, 0), 20));
}

/**
 * Retry-After (RFC 9110 10.2.3) in seconds from `now`: a number of seconds or an HTTP date.
 * Null when absent or unreadable; 0 for a date already past.
 */
export function retryAfterSeconds(header: string | undefined, now: Date): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Math.min(Number(value), maxRetryAfterSeconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, Math.ceil((date - now.getTime()) / 1000)), maxRetryAfterSeconds);
}
