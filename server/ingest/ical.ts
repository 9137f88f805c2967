import ICAL from 'ical.js';
import type { StoredCategoryId } from '../../contract/categories.ts';
import { instantFromWallClock, parseClockTime, parseIsoDate } from '../services/zonedTime.ts';
import { type AgeRange, inferAgeRange } from './ages.ts';
import { inferCategory, inferFamilyFriendly, tagsFrom } from './classify.ts';
import type { EventDraft } from './eventRecord.ts';
import { emptyOutcome, mergeOutcome, type ParseOutcome, skipReasons } from './pipeline.ts';
import {
  type AddressHints,
  addressHintsFromText,
  cityLabelNear,
  guessTimeZone,
  ianaZoneFromLabel,
  type ResolvedPlace,
  resolvePlace,
  type SourceDefaults,
} from './places.ts';

/**
 * iCalendar (RFC 5545) feeds, as venues and community calendars publish them. Each VEVENT is
 * parsed on its own, so one malformed event is reported and the rest still import. Recurring
 * events (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) become one event per occurrence in
 * the next `horizonDays`, each with the source id `${UID}:${original start}`; the original
 * start (the RECURRENCE-ID) keeps an occurrence's id when the organiser moves it.
 */

export const icalSource = 'ical';

interface ICalendarOptions {
  now: Date;
  /** How far ahead recurrences are expanded; single events are taken at any future date. */
  horizonDays?: number;
  /** A polled source's place and zone for events that name none. */
  defaults?: SourceDefaults;
}

type ICalTime = InstanceType<typeof ICAL.Time>;
type ICalComponent = InstanceType<typeof ICAL.Component>;
type ICalEvent = InstanceType<typeof ICAL.Event>;
type ICalProperty = InstanceType<typeof ICAL.Property>;
type ICalRecur = InstanceType<typeof ICAL.Recur>;
type ICalRecurIterator = InstanceType<typeof ICAL.RecurIterator>;

interface RawBlock {
  lines: string[];
  closed: boolean;
}

interface CalendarParts {
  properties: string[];
  timezones: string[][];
  events: RawBlock[];
}

/** RFC 5545 3.1: a line break followed by a space or tab continues the previous line. */
function unfold(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

function componentName(line: string, keyword: 'BEGIN' | 'END'): string | null {
  const match = new RegExp(`^${keyword}:(.+)$`, 'i').exec(line.trim());
  return match?.[1] ? match[1].trim().toUpperCase() : null;
}

/** Splits the calendar into its own properties, VTIMEZONEs and VEVENTs, without parsing them. */
function splitCalendar(text: string): CalendarParts {
  const lines = unfold(text);
  const parts: CalendarParts = { properties: [], timezones: [], events: [] };
  let inCalendar = false;
  let current: { name: string; lines: string[]; depth: number } | null = null;
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (current) {
      current.lines.push(line);
      if (componentName(line, 'BEGIN')) current.depth += 1;
      const ended = componentName(line, 'END');
      if (ended) {
        current.depth -= 1;
        if (current.depth === 0) {
          if (current.name === 'VTIMEZONE') parts.timezones.push(current.lines);
          else if (current.name === 'VEVENT')
            parts.events.push({ lines: current.lines, closed: true });
          current = null;
        } else if (ended === 'VEVENT' && current.name === 'VEVENT') {
          // A nested END:VEVENT cannot happen in a valid file; treat the block as broken.
          parts.events.push({ lines: current.lines, closed: false });
          current = null;
        }
      } else if (current.name === 'VEVENT' && componentName(line, 'BEGIN') === 'VEVENT') {
        // BEGIN:VEVENT inside a VEVENT: the previous one was never closed.
        current.lines.pop();
        parts.events.push({ lines: current.lines, closed: false });
        current = { name: 'VEVENT', lines: [line], depth: 1 };
      }
      continue;
    }
    const begins = componentName(line, 'BEGIN');
    if (begins === 'VCALENDAR') {
      inCalendar = true;
      continue;
    }
    if (componentName(line, 'END') === 'VCALENDAR') {
      inCalendar = false;
      continue;
    }
    if (!inCalendar) continue;
    if (begins) current = { name: begins, lines: [line], depth: 1 };
    else parts.properties.push(line);
  }
  if (current?.name === 'VEVENT') parts.events.push({ lines: current.lines, closed: false });
  return parts;
}

function rawProperty(lines: readonly string[], name: string): string | null {
  const pattern = new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'i');
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match) return match[1]?.trim() ?? null;
  }
  return null;
}

/** RFC 5545 3.3.11 TEXT escapes, for labels read from raw lines. */
function unescapeText(value: string): string {
  return value.replace(/\\([,;\\nN])/g, (_whole, char: string) =>
    char === 'n' || char === 'N' ? '\n' : char,
  );
}

function labelFromRaw(lines: readonly string[], index: number): string {
  const summary = rawProperty(lines, 'SUMMARY');
  const uid = rawProperty(lines, 'UID');
  const name = summary ? `"${unescapeText(summary)}"` : `VEVENT #${index + 1}`;
  return uid ? `${name} (UID ${uid})` : name;
}

/**
 * ical.js rolls impossible dates over (month 13 becomes next January), so a typo would import
 * an event on the wrong day. The value as written must be a real date and time.
 */
function isStrictDateValue(component: ICalComponent, name: string): boolean {
  const json: unknown = component.getFirstProperty(name)?.toJSON();
  return isStrictTimeText(Array.isArray(json) ? json[3] : undefined);
}

/** A date or date-time in ical.js's jCal form ('2026-12-05', '2026-12-05T17:00:00Z'). */
function isStrictTimeText(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2})Z?)?$/.exec(value);
  if (!match?.[1] || !parseIsoDate(match[1])) return false;
  return match[2] === undefined || parseClockTime(match[2]) !== null;
}

function textProperty(component: ICalComponent, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

function wallClockOf(time: ICalTime) {
  return {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
}

/**
 * The instant an iCalendar time stands for. UTC times are absolute; a TZID that names an IANA
 * zone is converted with the platform's zone rules (a feed's own VTIMEZONE may be stale or
 * missing); other TZIDs use the VTIMEZONE the file defines; floating times and dates are read
 * in the event's display zone.
 */
function instantOf(time: ICalTime, tzidLabel: string | null, displayZone: string): Date {
  if (time.zone?.tzid === 'UTC') return time.toJSDate();
  if (!time.isDate) {
    const iana = ianaZoneFromLabel(tzidLabel);
    if (iana) return instantFromWallClock(wallClockOf(time), iana);
    if (tzidLabel && time.zone && time.zone.tzid !== 'floating') return time.toJSDate();
  }
  return instantFromWallClock(wallClockOf(time), displayZone);
}

function tzidParameter(property: ICalProperty | null): string | null {
  const value = property?.getParameter('tzid');
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : null;
}

function tzidOf(component: ICalComponent, property: 'dtstart' | 'recurrence-id'): string | null {
  return tzidParameter(component.getFirstProperty(property));
}

function formatOccurrenceKey(instant: Date, isDate: boolean, zone: string): string {
  if (isDate) {
    const clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(instant);
    return clock;
  }
  return instant.toISOString().replace('.000Z', 'Z');
}

interface EventPlace {
  place: ResolvedPlace;
  venue: string;
  address: string;
  location: string;
  region: string | null;
}

/**
 * GEO first, then Apple's structured location, then the ZIP or 'City, ST' in LOCATION, then the
 * source's own place (a library's feed often says only 'Story Room').
 */
function placeOf(
  component: ICalComponent,
  defaults: SourceDefaults | undefined,
): EventPlace | null {
  // A LOCATION written over several lines (venue, street, city) reads as a comma list.
  const locationText = textProperty(component, 'location')
    .split(/\s*[\r\n]+\s*/)
    .filter((line) => line !== '')
    .join(', ');
  const [firstPart = '', ...rest] = locationText.split(',').map((part) => part.trim());
  const startsWithNumber = /^\d/.test(firstPart);
  const hints: AddressHints = addressHintsFromText(locationText);
  const apple = component.getFirstProperty('x-apple-structured-location');
  const appleTitle = apple?.getFirstParameter('x-title');
  const appleGeo = /geo:\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)/i.exec(String(apple?.getFirstValue() ?? ''));
  const geo = component.getFirstPropertyValue('geo');
  const coordinates = Array.isArray(geo)
    ? { latitude: geo[0], longitude: geo[1] }
    : appleGeo
      ? { latitude: appleGeo[1], longitude: appleGeo[2] }
      : null;
  const found = resolvePlace(coordinates, hints);
  const fallback = defaults?.place;
  if (!found && fallback) {
    return {
      place: { latitude: fallback.latitude, longitude: fallback.longitude, precision: 'city' },
      venue: appleTitle || (startsWithNumber ? '' : firstPart),
      address: startsWithNumber ? locationText : rest.join(', '),
      location: fallback.label,
      region: null,
    };
  }
  if (!found) return null;
  const place = found;
  const cityLabel =
    hints.city && hints.region
      ? `${hints.city}, ${hints.region.toUpperCase()}`
      : (cityLabelNear(place) ?? '');
  return {
    place,
    venue: appleTitle || (startsWithNumber ? '' : firstPart),
    address: startsWithNumber ? locationText : rest.join(', '),
    location: cityLabel,
    region: hints.region ?? null,
  };
}

const pricePattern =
  /(?:free(?:\s+(?:admission|entry|event))?|\$\s?\d+(?:\.\d{2})?(?:\s?(?:-|–|to)\s?\$?\s?\d+(?:\.\d{2})?)?)/i;

/** iCalendar has no price property; organisers write it in the description ('Tickets $15'). */
function priceFromText(text: string): string | null {
  const match = pricePattern.exec(text);
  if (!match) return null;
  const found = match[0].replace(/\s+/g, ' ').trim();
  return /^free/i.test(found) ? 'Free' : found.replace(/\s?(?:–|to)\s?/, ' - ');
}

function imageOf(component: ICalComponent): string | null {
  // RFC 7986 IMAGE, else an ATTACH whose FMTTYPE is an image.
  for (const name of ['image', 'attach']) {
    for (const property of component.getAllProperties(name)) {
      const type = property.getFirstParameter('fmttype') ?? '';
      const value = property.getFirstValue();
      if (typeof value !== 'string') continue;
      if (name === 'image' || type.startsWith('image/')) return value;
    }
  }
  return null;
}

function categoriesOf(component: ICalComponent): string[] {
  return component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues())
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

interface EventDetails {
  title: string;
  description: string;
  category: StoredCategoryId;
  isFamilyFriendly: boolean;
  ages: AgeRange;
  tags: string[];
  priceText: string | null;
  ticketUrl: string | null;
  imageUrl: string | null;
  where: EventPlace;
}

function detailsOf(
  component: ICalComponent,
  defaults: SourceDefaults | undefined,
): EventDetails | { reason: string } {
  const title = textProperty(component, 'summary');
  if (!title) return { reason: 'it has no SUMMARY (title)' };
  const where = placeOf(component, defaults);
  if (!where) {
    return {
      reason:
        'it has no usable location: no GEO coordinates, and its LOCATION names no US ZIP code or "City, ST" to place it',
    };
  }
  const description = textProperty(component, 'description');
  const labels = categoriesOf(component);
  const isFamilyFriendly = inferFamilyFriendly({ texts: [title, description, ...labels] });
  return {
    title,
    description,
    category: inferCategory({ title, description, labels }),
    isFamilyFriendly,
    ages: inferAgeRange({ texts: [title, description, ...labels] }),
    tags: tagsFrom([...labels, isFamilyFriendly ? 'Family' : null]),
    priceText: priceFromText(`${title}\n${description}`),
    ticketUrl: textProperty(component, 'url') || null,
    imageUrl: imageOf(component),
    where,
  };
}

function buildDraft(
  sourceId: string,
  details: EventDetails,
  startsAt: Date,
  hasTime: boolean,
  timeZone: string,
): EventDraft {
  return {
    sourceId,
    title: details.title,
    description: details.description,
    venue: details.where.venue,
    address: details.where.address,
    location: details.where.location,
    startsAt,
    timeZone,
    hasTime,
    priceText: details.priceText,
    category: details.category,
    tags: details.tags,
    isFamilyFriendly: details.isFamilyFriendly,
    ...details.ages,
    ticketUrl: details.ticketUrl,
    imageUrl: details.imageUrl,
    latitude: details.where.place.latitude,
    longitude: details.where.place.longitude,
  };
}

function endOf(start: Date, end: Date | null, isDate: boolean): Date {
  if (end && end.getTime() > start.getTime()) return end;
  // RFC 5545 3.6.1: no DTEND means a day for dates and an instant for date-times; an instant
  // event is kept for two hours (docs/product.md's calendar entry length) so it is not dropped mid-way.
  return new Date(start.getTime() + (isDate ? 86_400_000 : 7_200_000));
}

const maxOccurrencesPerEvent = 500;

/**
 * How many dates one RRULE may step through on its way to the end of the window. Daily and
 * weekly rules are moved close to the window first (`fastForward`), so only a COUNT-limited
 * rule or an hourly one from long ago comes near this, and such a series is reported as
 * invalid rather than silently cut short.
 */
const maxRuleSteps = 50_000;

/** Something in one VEVENT the importer cannot read: that event's invalid record. */
class UnreadableEvent extends Error {
  override name = 'UnreadableEvent';
}

interface ExpandContext {
  now: Date;
  defaults: SourceDefaults | undefined;
  horizonEnd: Date;
  horizonDays: number;
  calendarZone: string | null;
}

/** One date of a series as the series defines it, before any RECURRENCE-ID override. */
interface Candidate {
  original: ICalTime;
  instant: Date;
  /** An RDATE given as a PERIOD ends when the period says, not after DTSTART's duration. */
  periodEnd: ICalTime | null;
}

/**
 * A start for expanding a DAILY or WEEKLY rule close to the window, for a series that began
 * long ago. ical.js iterates a rule one date at a time from the start it is given, so a daily
 * rule from 2012 needs thousands of steps to reach today. Moving the start by a whole number
 * of the rule's periods (INTERVAL days, or INTERVAL weeks) yields the same later dates: a
 * DAILY rule's BYxxx parts only filter days, a WEEKLY rule's pick days within a week whose
 * alignment (WKST, INTERVAL) a whole number of periods keeps, and the time of day is kept in
 * the event's own zone. A COUNT rule counts from the true DTSTART, so it is never moved (its
 * COUNT also bounds its steps); MONTHLY and YEARLY rules take a few dozen steps a year and
 * need no help. The new start is at least one period before `ended` (now minus the event's
 * length), so every date the moved rule gives at or before it, which need not be a real date
 * of the series, is one that has already ended and is dropped.
 */
function fastForward(rule: ICalRecur, start: ICalTime, startInstant: Date, ended: Date) {
  if (rule.count) return null;
  const unitDays = rule.freq === 'DAILY' ? 1 : rule.freq === 'WEEKLY' ? 7 : 0;
  if (unitDays === 0) return null;
  const periodDays = unitDays * Math.max(1, rule.interval);
  const elapsedDays = (ended.getTime() - startInstant.getTime()) / 86_400_000;
  const periods = Math.floor(elapsedDays / periodDays) - 1;
  if (periods < 1) return null;
  return start.clone().adjust(periods * periodDays, 0, 0, 0);
}

function isExcluded(candidate: Candidate, exdates: readonly Candidate[]): boolean {
  return exdates.some((exdate) =>
    exdate.original.isDate && !candidate.original.isDate
      ? // A date-only EXDATE removes the occurrence on that calendar day (as ical.js does).
        exdate.original.year === candidate.original.year &&
        exdate.original.month === candidate.original.month &&
        exdate.original.day === candidate.original.day
      : exdate.instant.getTime() === candidate.instant.getTime(),
  );
}

/** DTSTART, RDATE or EXDATE values, each checked as written (ical.js rolls 2026-13-40 over). */
function timesOf(
  component: ICalComponent,
  name: 'rdate' | 'exdate',
  instantFor: (time: ICalTime, tzid: string | null) => Date,
): Candidate[] {
  const found: Candidate[] = [];
  for (const property of component.getAllProperties(name)) {
    const label = name.toUpperCase();
    const json: unknown = property.toJSON();
    const written = Array.isArray(json) ? json.slice(3) : [];
    for (const value of written) {
      // A period is [start, end] or [start, duration]; a duration is not a date.
      const parts = Array.isArray(value) ? value : [value];
      const dates = parts.filter((part) => !(typeof part === 'string' && /^[+-]?P/.test(part)));
      const bad = dates.find((part) => !isStrictTimeText(part));
      if (bad !== undefined || dates.length === 0) {
        throw new UnreadableEvent(
          `one of its ${label}s is not a valid date${name === 'rdate' ? ' or period' : ''}`,
        );
      }
    }
    const tzid = tzidParameter(property);
    for (const value of property.getValues()) {
      if (value instanceof ICAL.Period) {
        const start = value.start;
        found.push({
          original: start,
          instant: instantFor(start, tzid),
          periodEnd: value.getEnd(),
        });
      } else if (value instanceof ICAL.Time) {
        found.push({ original: value, instant: instantFor(value, tzid), periodEnd: null });
      } else {
        throw new UnreadableEvent(`its ${label} could not be read`);
      }
    }
  }
  return found;
}

interface SeriesDates {
  /** In the window (or before it: the caller drops what has ended), in order, no repeats. */
  candidates: Candidate[];
  /** Whether the series has dates after the window: the difference between 'ended' and 'later'. */
  continuesAfterWindow: boolean;
}

/**
 * Every date of a series up to the end of the window: DTSTART (always the first, RFC 5545
 * 3.8.5.3), each RRULE's dates, the RDATEs, minus the EXDATEs. Built here rather than with
 * ical.js's RecurExpansion, which cannot read PERIOD RDATEs, leaves DTSTART out of a series
 * that only has RDATEs, and can only start from DTSTART.
 */
function seriesDates(
  master: ICalEvent,
  start: ICalTime,
  lengthMs: number,
  overrides: readonly ICalComponent[],
  instantFor: (time: ICalTime, tzid: string | null) => Date,
  startTzid: string | null,
  context: ExpandContext,
): SeriesDates {
  const startInstant = instantFor(start, startTzid);
  const candidates: Candidate[] = [
    { original: start, instant: startInstant, periodEnd: null },
    ...timesOf(master.component, 'rdate', instantFor),
  ];
  let continuesAfterWindow = candidates.some(
    (candidate) => candidate.instant.getTime() > context.horizonEnd.getTime(),
  );
  const ended = new Date(context.now.getTime() - lengthMs);
  for (const property of master.component.getAllProperties('rrule')) {
    let rule: unknown;
    let moved: ICalTime | null = null;
    let iterator: ICalRecurIterator;
    try {
      rule = property.getFirstValue();
      if (!(rule instanceof ICAL.Recur)) throw new Error('not a rule');
      moved = fastForward(rule, start, startInstant, ended);
      iterator = rule.iterator(moved ?? start);
    } catch {
      throw new UnreadableEvent('its RRULE could not be read');
    }
    const movedInstant = moved ? instantFor(moved, startTzid) : null;
    let steps = 0;
    for (; steps < maxRuleSteps; steps += 1) {
      let next: ICalTime | null;
      try {
        next = iterator.next();
      } catch {
        throw new UnreadableEvent('its RRULE could not be expanded');
      }
      if (!next) break;
      const instant = instantFor(next, startTzid);
      if (instant.getTime() > context.horizonEnd.getTime()) {
        continuesAfterWindow = true;
        break;
      }
      if (movedInstant && instant.getTime() <= movedInstant.getTime()) continue;
      // The iterator reuses its Time object, so keep a copy.
      candidates.push({ original: next.clone(), instant, periodEnd: null });
    }
    if (steps === maxRuleSteps) {
      throw new UnreadableEvent(
        `its RRULE has more than ${maxRuleSteps} dates between DTSTART and the end of the import window`,
      );
    }
    if (movedInstant) {
      // An override of a date before the moved start (moved into the window, say) still counts.
      for (const override of overrides) {
        const recurrenceId = override.getFirstPropertyValue('recurrence-id');
        if (!(recurrenceId instanceof ICAL.Time)) continue;
        const instant = instantFor(recurrenceId, tzidOf(override, 'recurrence-id'));
        if (instant.getTime() > movedInstant.getTime()) continue;
        candidates.push({ original: recurrenceId, instant, periodEnd: null });
      }
    }
  }
  const exdates = timesOf(master.component, 'exdate', instantFor);
  const seen = new Set<number>();
  const kept = candidates
    .filter((candidate) => candidate.instant.getTime() <= context.horizonEnd.getTime())
    .filter((candidate) => !isExcluded(candidate, exdates))
    .sort((a, b) => a.instant.getTime() - b.instant.getTime())
    .filter((candidate) => {
      if (seen.has(candidate.instant.getTime())) return false;
      seen.add(candidate.instant.getTime());
      return true;
    });
  return { candidates: kept, continuesAfterWindow };
}

function expandEvent(
  master: ICalEvent,
  overrides: readonly ICalComponent[],
  label: string,
  context: ExpandContext,
  outcome: ParseOutcome,
  singleSourceId?: string,
): void {
  const uid = master.uid?.trim();
  if (!uid) {
    outcome.invalid.push({ label, reason: 'it has no UID, so a later import could not update it' });
    return;
  }
  // A cancelled event keeps its id in the report, so a polled source can mark the event it
  // imported earlier as cancelled; a cancelled series is expanded for its occurrences' ids.
  const cancelled = textProperty(master.component, 'status').toUpperCase() === 'CANCELLED';
  const cancelledSeries = cancelled && master.isRecurring();
  if (cancelled && !cancelledSeries) {
    outcome.skipped.push({ label, reason: skipReasons.cancelled, sourceId: singleSourceId ?? uid });
    return;
  }
  const cancelledSkip = { label, reason: skipReasons.cancelled };
  let start: ICalTime;
  try {
    start = master.startDate;
    if (!start || !isStrictDateValue(master.component, 'dtstart')) throw new Error('invalid');
  } catch {
    if (cancelledSeries) outcome.skipped.push(cancelledSkip);
    else outcome.invalid.push({ label, reason: 'its DTSTART is missing or not a valid date' });
    return;
  }
  const masterDetails = detailsOf(master.component, context.defaults);
  if ('reason' in masterDetails) {
    if (cancelledSeries) outcome.skipped.push(cancelledSkip);
    else outcome.invalid.push({ label, reason: masterDetails.reason });
    return;
  }
  const tzid = tzidOf(master.component, 'dtstart');
  const displayZone =
    ianaZoneFromLabel(tzid) ??
    context.calendarZone ??
    context.defaults?.timeZone ??
    guessTimeZone(masterDetails.where.place, masterDetails.where.region);
  const instantFor = (time: ICalTime, zoneLabel: string | null) =>
    instantOf(time, zoneLabel, displayZone);

  const startsAt = instantFor(start, tzid);
  let endsAt: Date | null = null;
  try {
    endsAt = master.endDate ? instantFor(master.endDate, tzid) : null;
  } catch {
    endsAt = null;
  }
  const masterEnd = endOf(startsAt, endsAt, start.isDate);
  if (!master.isRecurring()) {
    if (masterEnd.getTime() <= context.now.getTime()) {
      outcome.skipped.push({ label, reason: skipReasons.ended });
      return;
    }
    outcome.drafts.push({
      label,
      draft: buildDraft(singleSourceId ?? uid, masterDetails, startsAt, !start.isDate, displayZone),
    });
    return;
  }

  const series = seriesDates(
    master,
    start,
    masterEnd.getTime() - startsAt.getTime(),
    overrides,
    instantFor,
    tzid,
    context,
  );
  // Each occurrence in the window is one record; so is a series with none there.
  let records = 0;
  for (const candidate of series.candidates) {
    const occurrence = master.getOccurrenceDetails(candidate.original);
    const exception = occurrence.item !== master ? occurrence.item : null;
    const occurrenceTzid = exception ? tzidOf(exception.component, 'dtstart') : tzid;
    const occurrenceStart = instantFor(occurrence.startDate, occurrenceTzid);
    const endTime = exception ? occurrence.endDate : (candidate.periodEnd ?? occurrence.endDate);
    const occurrenceEnd = endTime ? instantFor(endTime, occurrenceTzid) : null;
    if (
      endOf(occurrenceStart, occurrenceEnd, occurrence.startDate.isDate).getTime() <=
      context.now.getTime()
    ) {
      continue;
    }
    if (records >= maxOccurrencesPerEvent) break;
    records += 1;
    const key = formatOccurrenceKey(candidate.instant, candidate.original.isDate, displayZone);
    const occurrenceLabel = `${label} on ${key}`;
    if (
      cancelledSeries ||
      (exception && textProperty(exception.component, 'status').toUpperCase() === 'CANCELLED')
    ) {
      outcome.skipped.push({
        label: occurrenceLabel,
        reason: skipReasons.cancelled,
        sourceId: `${uid}:${key}`,
      });
      continue;
    }
    const details = exception ? detailsOf(exception.component, context.defaults) : masterDetails;
    if ('reason' in details) {
      outcome.invalid.push({ label: occurrenceLabel, reason: details.reason });
      continue;
    }
    outcome.drafts.push({
      label: occurrenceLabel,
      draft: buildDraft(
        `${uid}:${key}`,
        details,
        occurrenceStart,
        !occurrence.startDate.isDate,
        displayZone,
      ),
    });
  }
  if (records === 0) {
    outcome.skipped.push({
      label,
      reason: cancelledSeries
        ? skipReasons.cancelled
        : series.continuesAfterWindow
          ? `no date in the next ${context.horizonDays} days`
          : skipReasons.ended,
    });
  }
}

/**
 * Runs `read` on a scratch outcome and keeps what it found only if it finished: anything it
 * throws makes the event one invalid record, and never stops the rest of the file.
 */
function readOneEvent(label: string, outcome: ParseOutcome, read: (into: ParseOutcome) => void) {
  const scratch = emptyOutcome();
  try {
    read(scratch);
    mergeOutcome(outcome, scratch);
  } catch (error) {
    outcome.invalid.push({
      label,
      reason:
        error instanceof UnreadableEvent
          ? error.message
          : `it could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/** Parses an .ics document; throws only when the text is not an iCalendar file at all. */
export function parseICalendar(text: string, options: ICalendarOptions): ParseOutcome {
  if (!/BEGIN:VCALENDAR/i.test(text)) {
    throw new Error('This is not an iCalendar file: it has no BEGIN:VCALENDAR line.');
  }
  const parts = splitCalendar(text);
  const calendarZone = ianaZoneFromLabel(rawProperty(parts.properties, 'X-WR-TIMEZONE'));
  const outcome = emptyOutcome();
  const horizonDays = options.horizonDays ?? 90;
  const context: ExpandContext = {
    now: options.now,
    defaults: options.defaults,
    horizonEnd: new Date(options.now.getTime() + horizonDays * 86_400_000),
    horizonDays,
    calendarZone,
  };
  const timezoneLines = parts.timezones.flat();

  const parsed: { component: ICalComponent; label: string }[] = [];
  parts.events.forEach((block, index) => {
    const label = labelFromRaw(block.lines, index);
    if (!block.closed) {
      outcome.invalid.push({ label, reason: 'its VEVENT is never closed (END:VEVENT missing)' });
      return;
    }
    try {
      const wrapped = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        ...timezoneLines,
        ...block.lines,
        'END:VCALENDAR',
      ];
      const calendar = new ICAL.Component(ICAL.parse(wrapped.join('\r\n')));
      const event = calendar.getFirstSubcomponent('vevent');
      if (!event) throw new Error('no VEVENT');
      parsed.push({ component: event, label });
    } catch (error) {
      const detail = error instanceof Error ? `: ${error.message}` : '';
      outcome.invalid.push({ label, reason: `it is not valid iCalendar${detail}` });
    }
  });

  // RECURRENCE-ID overrides belong to the master event with the same UID: they change one of
  // its dates, so they are not records of their own.
  const overridesByUid = new Map<string, ICalComponent[]>();
  const masters: { component: ICalComponent; label: string }[] = [];
  for (const entry of parsed) {
    const uid = textProperty(entry.component, 'uid');
    if (entry.component.hasProperty('recurrence-id') && uid) {
      overridesByUid.set(uid, [...(overridesByUid.get(uid) ?? []), entry.component]);
    } else {
      masters.push(entry);
    }
  }
  const masterUids = new Set(masters.map((entry) => textProperty(entry.component, 'uid')));
  for (const { component, label } of masters) {
    const exceptions = overridesByUid.get(textProperty(component, 'uid')) ?? [];
    readOneEvent(label, outcome, (into) => {
      let event: ICalEvent;
      try {
        event = new ICAL.Event(component, { exceptions, strictExceptions: false });
      } catch {
        throw new UnreadableEvent('its recurrence overrides could not be matched');
      }
      expandEvent(event, exceptions, label, context, into);
    });
  }
  // An override whose series is not in this file is still a real, dated event.
  for (const [uid, overrides] of overridesByUid) {
    if (masterUids.has(uid)) continue;
    for (const component of overrides) {
      const label = `"${textProperty(component, 'summary') || 'untitled'}" (UID ${uid})`;
      readOneEvent(label, outcome, (into) => {
        const recurrenceId = component.getFirstPropertyValue('recurrence-id');
        if (!(recurrenceId instanceof ICAL.Time)) {
          throw new UnreadableEvent('its RECURRENCE-ID is not a valid date');
        }
        const zone =
          ianaZoneFromLabel(tzidOf(component, 'recurrence-id')) ??
          calendarZone ??
          options.defaults?.timeZone ??
          'UTC';
        const key = formatOccurrenceKey(
          instantOf(recurrenceId, tzidOf(component, 'recurrence-id'), zone),
          recurrenceId.isDate,
          zone,
        );
        expandEvent(new ICAL.Event(component), [], label, context, into, `${uid}:${key}`);
      });
    }
  }
  return outcome;
}
