/**
 * A zone's wall clock at an instant, with nothing but Intl. Shared by the server's zoned-time
 * conversions (importers, search's day windows) and the iCalendar builder the browser loads too,
 * so both read a zone's clock, and so its UTC offset, the same way. No TypeBox here: the browser
 * bundle imports this module.
 */

export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Only zones Intl knows are kept: a name that fails is not cached, so unknown names sent by
 * clients (the events route checks `timeZone` through here) cannot grow the map without bound.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl's formatter for a zone; null when this runtime does not know the zone. */
export function wallClockFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        // h23: midnight reads 0, where the default 'h24' of some runtimes reads 24.
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return null;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What `formatter`'s zone's clock shows at `epochMs`. */
export function readWallClock(epochMs: number, formatter: Intl.DateTimeFormat): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatter.formatToParts(epochMs)) parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}
