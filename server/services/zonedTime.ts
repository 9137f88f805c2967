/**
 * Wall-clock time in an IANA zone, with nothing but Intl: sources give local times ('7:30 PM in
 * America/Chicago') and the database stores instants, so every importer and the seed convert
 * through here. DST is handled by asking Intl for the zone's offset at the instant itself.
 */

import { readWallClock, type WallClock, wallClockFormatter } from '../../contract/wallClock.ts';

export type { WallClock };

/** A calendar day with no time or zone attached. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** True when this runtime's time zone database knows the IANA name (abbreviations included). */
export function isKnownTimeZone(timeZone: string): boolean {
  return wallClockFormatter(timeZone) !== null;
}

/**
 * The zone's canonical IANA name, or null when Intl does not know it. Abbreviations such as
 * 'EST' are refused: they are not zones (no DST rules) and sources use them loosely.
 */
export function canonicalTimeZone(name: string | null | undefined): string | null {
  const trimmed = name?.trim();
  if (!trimmed || !(trimmed.includes('/') || trimmed === 'UTC' || trimmed === 'Etc/UTC')) {
    return null;
  }
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const formatter = wallClockFormatter(timeZone);
  // Callers pass zones they checked (stored events, validated queries): an unknown one is a bug.
  if (!formatter) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return readWallClock(instant.getTime(), formatter);
}

function utcMillisOf(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/** Milliseconds the zone's clocks are ahead of UTC at this instant. */
function offsetAt(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return utcMillisOf(wallClockAt(new Date(wholeSecond), timeZone)) - wholeSecond;
}

/**
 * The instant a wall clock in `timeZone` shows `clock`. A time skipped by a spring-forward
 * change lands one hour later, as calendar apps do; a time that occurs twice in the autumn is
 * the first of the two.
 */
export function instantFromWallClock(clock: WallClock, timeZone: string): Date {
  const asIfUtc = utcMillisOf(clock);
  const offsetA = offsetAt(asIfUtc, timeZone);
  const instantA = asIfUtc - offsetA;
  const offsetB = offsetAt(instantA, timeZone);
  if (offsetB === offsetA) return new Date(instantA);
  const instantB = asIfUtc - offsetB;
  if (offsetAt(instantB, timeZone) === offsetB) return new Date(instantB);
  // Neither offset gives this wall clock: it is inside the spring-forward gap.
  return new Date(Math.max(instantA, instantB));
}

export function calendarDateAt(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = wallClockAt(instant, timeZone);
  return { year, month, day };
}

/**
 * The instant a calendar day begins in the zone: local midnight, or where a zone skips midnight
 * (Chile springs forward at 24:00) the first instant that exists, so consecutive days meet with
 * no hour lost or counted twice.
 */
export function startOfDay(date: CalendarDate, timeZone: string): Date {
  return instantFromWallClock({ ...date, hour: 0, minute: 0, second: 0 }, timeZone);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** 0 = Sunday … 6 = Saturday, like Date#getDay. */
export function dayOfWeek(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function isoDate(date: CalendarDate): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const start = Date.UTC(from.year, from.month - 1, from.day);
  const end = Date.UTC(to.year, to.month - 1, to.day);
  return Math.round((end - start) / 86_400_000);
}

/** Parses 'YYYY-MM-DD' strictly (month and day in range); null otherwise. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const roundTrip = addDays(date, 0);
  return roundTrip.year === date.year &&
    roundTrip.month === date.month &&
    roundTrip.day === date.day
    ? date
    : null;
}

/** Parses 'HH:MM' or 'HH:MM:SS' (24-hour); null otherwise. */
export function parseClockTime(text: string): Pick<WallClock, 'hour' | 'minute' | 'second'> | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? '0');
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}
