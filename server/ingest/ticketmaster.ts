import type { StoredCategoryId } from '../../contract/categories.ts';
import { instantFromWallClock, parseClockTime, parseIsoDate } from '../services/zonedTime.ts';
import { inferAgeRange } from './ages.ts';
import { inferCategory, inferFamilyFriendly, tagsFrom } from './classify.ts';
import {
  addRecord,
  emptyOutcome,
  type ParseOutcome,
  type RecordOutcome,
  skipReasons,
} from './pipeline.ts';
import { guessTimeZone, ianaZoneFromLabel, resolvePlace, usStateCode } from './places.ts';
import { formatPriceRange } from './price.ts';

/**
 * Ticketmaster Discovery API v2 event search responses (GET /discovery/v2/events.json): the
 * events in `_embedded.events`, each with its venue in `_embedded.venues`. Category comes from
 * the classification (segment, genre, sub-genre), family friendliness from the classification's
 * `family` flag, family genres and `ageRestrictions.legalAgeEnforced`.
 * https://developer.ticketmaster.com/products-and-docs/apis/discovery-api/v2/
 */

export const ticketmasterSource = 'ticketmaster';

interface TicketmasterOptions {
  now: Date;
}

type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, key: string): JsonObject {
  if (!isObject(value)) return {};
  const child = value[key];
  return isObject(child) ? child : {};
}

function stringAt(value: unknown, key: string): string {
  if (!isObject(value)) return '';
  const child = value[key];
  if (typeof child === 'string') return child.trim();
  if (typeof child === 'number' && Number.isFinite(child)) return String(child);
  return '';
}

function listAt(value: unknown, key: string): unknown[] {
  if (!isObject(value)) return [];
  const child = value[key];
  return Array.isArray(child) ? child : [];
}

/** Ticketmaster writes 'Undefined' where a classification level is not set. */
function named(value: unknown): string {
  const name = stringAt(value, 'name');
  return /^undefined$/i.test(name) ? '' : name;
}

const activeSportsGenres = new Set(['Fitness', 'Athletic Races', 'Cycling', 'Hiking', 'Yoga']);

/** Family shows Ticketmaster files under Miscellaneous: performances, so Arts & Culture. */
const spectacleSubGenres = new Set([
  'Ice Shows',
  'Circus & Specialty Acts',
  'Magic & Illusion',
  "Children's Theatre",
  'Puppetry',
]);

function categoryFor(
  classification: JsonObject,
  evidence: Parameters<typeof inferCategory>[0],
): StoredCategoryId {
  const segment = named(classification.segment);
  const genre = named(classification.genre);
  switch (segment) {
    case 'Music':
      return 'music';
    case 'Sports':
      return activeSportsGenres.has(genre) ? 'sports' : 'sportsgames';
    case 'Arts & Theatre':
      return genre === 'Comedy' ? 'comedy' : 'arts';
    case 'Film':
      return 'arts';
    default:
      if (spectacleSubGenres.has(named(classification.subGenre))) return 'arts';
      if (genre === 'Comedy') return 'comedy';
      if (genre === 'Food & Drink') return 'dining';
      if (genre === 'Fairs & Festivals') return 'popup';
      return inferCategory(evidence, 'popup');
  }
}

function primaryClassification(event: JsonObject): JsonObject {
  const all = listAt(event, 'classifications').filter(isObject);
  return all.find((item) => item.primary === true) ?? all[0] ?? {};
}

/**
 * The widest 16:9 image (cards are 16:9), else the widest of any shape: the picture worker
 * makes the card and detail sizes from it, so the largest original gives the sharpest ones.
 */
function bestImage(event: JsonObject): string | null {
  const images = listAt(event, 'images')
    .filter(isObject)
    .map((image) => ({
      url: stringAt(image, 'url'),
      ratio: stringAt(image, 'ratio'),
      width: typeof image.width === 'number' ? image.width : 0,
    }))
    .filter((image) => image.url.startsWith('https://'));
  const wide = images.filter((image) => image.ratio === '16_9');
  const pool = wide.length > 0 ? wide : images;
  const pick = pool.sort((a, b) => b.width - a.width)[0];
  return pick?.url ?? null;
}

function priceText(event: JsonObject): string | null {
  const ranges = listAt(event, 'priceRanges').filter(isObject);
  const mins = ranges.map((range) => range.min).filter((v): v is number => typeof v === 'number');
  const maxes = ranges.map((range) => range.max).filter((v): v is number => typeof v === 'number');
  if (mins.length === 0 && maxes.length === 0) return null;
  const currency = stringAt(ranges[0], 'currency') || 'USD';
  return formatPriceRange(
    mins.length > 0 ? Math.min(...mins) : null,
    maxes.length > 0 ? Math.max(...maxes) : null,
    currency,
  );
}

type StartTime = { instant: Date; hasTime: boolean } | { reason: string };

/**
 * `dateTime` (UTC) is the instant when Ticketmaster has one; otherwise the local date and time
 * are read in the event's zone. TBA times and 'no specific time' listings are date-only.
 */
function startOf(start: JsonObject, timeZone: string): StartTime {
  const localDate = parseIsoDate(stringAt(start, 'localDate'));
  const noTime =
    start.timeTBA === true || start.noSpecificTime === true || stringAt(start, 'localTime') === '';
  if (!localDate) {
    if (start.dateTBA === true || start.dateTBD === true) {
      return { reason: 'its date is still to be announced (dateTBA)' };
    }
    return { reason: 'it has no dates.start.localDate' };
  }
  if (noTime) {
    return {
      instant: instantFromWallClock({ ...localDate, hour: 0, minute: 0, second: 0 }, timeZone),
      hasTime: false,
    };
  }
  const dateTime = stringAt(start, 'dateTime');
  if (dateTime) {
    const instant = new Date(dateTime);
    if (!Number.isNaN(instant.getTime())) return { instant, hasTime: true };
  }
  const clock = parseClockTime(stringAt(start, 'localTime'));
  if (!clock) return { reason: `its localTime "${stringAt(start, 'localTime')}" is not a time` };
  return { instant: instantFromWallClock({ ...localDate, ...clock }, timeZone), hasTime: true };
}

function readEvent(raw: unknown, index: number, options: TicketmasterOptions): RecordOutcome {
  if (!isObject(raw)) {
    return { invalid: { label: `event #${index + 1}`, reason: 'it is not a JSON object' } };
  }
  const id = stringAt(raw, 'id');
  const name = stringAt(raw, 'name');
  const label = `${name ? `"${name}"` : `event #${index + 1}`}${id ? ` (id ${id})` : ''}`;
  const fail = (reason: string): RecordOutcome => ({ invalid: { label, reason } });
  if (!id) return fail('it has no id, so a later import could not update it');
  if (!name) return fail('it has no name');
  const dates = objectAt(raw, 'dates');
  const status = stringAt(objectAt(dates, 'status'), 'code').toLowerCase();
  if (status === 'cancelled' || status === 'canceled') {
    // The id goes with it, so a polled source marks the event it imported earlier.
    return { skipped: { label, reason: skipReasons.cancelled, sourceId: id } };
  }
  if (status === 'postponed') return { skipped: { label, reason: skipReasons.postponed } };
  const venue = listAt(objectAt(raw, '_embedded'), 'venues').find(isObject);
  const placeSource = venue ?? (isObject(raw.place) ? raw.place : null);
  if (!placeSource) {
    return fail('it has no venue (_embedded.venues is missing), so there is no place to show');
  }
  const address = objectAt(placeSource, 'address');
  const city = stringAt(objectAt(placeSource, 'city'), 'name');
  const stateObject = objectAt(placeSource, 'state');
  const region = usStateCode(stringAt(stateObject, 'stateCode') || stringAt(stateObject, 'name'));
  const postalCode = stringAt(placeSource, 'postalCode');
  const location = objectAt(placeSource, 'location');
  const place = resolvePlace(
    'latitude' in location ? { latitude: location.latitude, longitude: location.longitude } : null,
    {
      postalCode,
      city,
      region: region ?? stringAt(stateObject, 'name'),
      country: stringAt(objectAt(placeSource, 'country'), 'countryCode') || null,
    },
  );
  if (!place) {
    return fail('its venue has no coordinates, and no US ZIP code or city and state to place it');
  }
  const timeZone =
    ianaZoneFromLabel(stringAt(dates, 'timezone')) ??
    ianaZoneFromLabel(stringAt(placeSource, 'timezone')) ??
    guessTimeZone(place, region);
  const start = startOf(objectAt(dates, 'start'), timeZone);
  if ('reason' in start) return fail(start.reason);
  const endsAt = new Date(start.instant.getTime() + (start.hasTime ? 7_200_000 : 86_400_000));
  if (endsAt.getTime() <= options.now.getTime()) {
    return { skipped: { label, reason: skipReasons.ended } };
  }
  const classification = primaryClassification(raw);
  const segment = named(classification.segment);
  const genre = named(classification.genre);
  const subGenre = named(classification.subGenre);
  const description = [
    stringAt(raw, 'description'),
    stringAt(raw, 'info'),
    stringAt(raw, 'pleaseNote'),
  ]
    .filter(Boolean)
    .join('\n\n');
  const evidence = { title: name, description, labels: [segment, genre, subGenre] };
  const legalAgeEnforced = objectAt(raw, 'ageRestrictions').legalAgeEnforced === true;
  const ages = inferAgeRange({ legalAgeEnforced, texts: [name, description, genre, subGenre] });
  const isFamilyFriendly = inferFamilyFriendly({
    texts: [name, description, genre, subGenre],
    sourceSaysFamily:
      listAt(raw, 'classifications').some((item) => isObject(item) && item.family === true) ||
      /\b(family|children'?s?)\b/i.test(`${genre} ${subGenre}`),
    sourceSaysAdultOnly: legalAgeEnforced,
  });
  const venueName = stringAt(placeSource, 'name');
  const street = [stringAt(address, 'line1'), stringAt(address, 'line2')].filter(Boolean).join(' ');
  const stateLabel = region ?? stringAt(stateObject, 'name');
  return {
    draft: {
      label,
      draft: {
        sourceId: id,
        title: name,
        description,
        venue: venueName,
        address: [street, city, [stateLabel, postalCode].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', '),
        location: [city, stateLabel].filter(Boolean).join(', '),
        startsAt: start.instant,
        timeZone,
        hasTime: start.hasTime,
        priceText: priceText(raw),
        category: categoryFor(classification, evidence),
        tags: tagsFrom([
          genre,
          subGenre !== genre ? subGenre : null,
          segment === 'Miscellaneous' ? null : segment,
          isFamilyFriendly ? 'Family' : null,
        ]),
        isFamilyFriendly,
        ...ages,
        ticketUrl: stringAt(raw, 'url') || null,
        imageUrl: bestImage(raw),
        latitude: place.latitude,
        longitude: place.longitude,
      },
    },
  };
}

/** Parses a Discovery API response body; throws when it is not one. */
export function parseTicketmasterResponse(
  body: unknown,
  options: TicketmasterOptions,
): ParseOutcome {
  if (!isObject(body)) {
    throw new Error('This is not a Ticketmaster Discovery API response: expected a JSON object.');
  }
  if (isObject(body.fault) || Array.isArray(body.errors)) {
    const message =
      stringAt(objectAt(body, 'fault'), 'faultstring') ||
      stringAt(listAt(body, 'errors')[0], 'detail') ||
      'the API returned an error';
    throw new Error(`Ticketmaster answered with an error: ${message}`);
  }
  const outcome = emptyOutcome();
  const events = listAt(objectAt(body, '_embedded'), 'events');
  for (const [index, raw] of events.entries()) {
    addRecord(outcome, readEvent(raw, index, options));
  }
  return outcome;
}
