import { createHash } from 'node:crypto';
import { type HTMLElement, parse as parseHtml } from 'node-html-parser';
import type { StoredCategoryId } from '../../contract/categories.ts';
import { lookupTable } from '../lookupTable.ts';
import { instantFromWallClock, parseClockTime, parseIsoDate } from '../services/zonedTime.ts';
import { inferAgeRange, parseTypicalAgeRange } from './ages.ts';
import { inferCategory, inferFamilyFriendly, tagsFrom } from './classify.ts';
import {
  addRecord,
  emptyOutcome,
  type ParseOutcome,
  type RecordOutcome,
  skipReasons,
} from './pipeline.ts';
import {
  type AddressHints,
  addressHintsFromText,
  cityLabelNear,
  guessTimeZone,
  resolvePlace,
  type SourceDefaults,
  toNumber,
  usStateCode,
} from './places.ts';
import { formatPriceRange } from './price.ts';

/**
 * schema.org Event markup in an HTML page, the way organisers publish events for search
 * engines: <script type="application/ld+json"> blocks holding one node, an array, an @graph or
 * an ItemList, and the same vocabulary written as microdata (itemscope/itemtype/itemprop) or
 * RDFa Lite (vocab/typeof/property), with Event or any of its subtypes (MusicEvent,
 * ComedyEvent, SportsEvent, Festival, ChildrensEvent…). Nodes that reference each other by @id
 * (a Place shared by several events) are resolved within the page.
 */

export const jsonLdSource = 'jsonld';

interface JsonLdOptions {
  now: Date;
  /** The page's address, for resolving relative links and @ids; null for a local file. */
  pageUrl?: string | null;
  /** A polled source's place and zone for events that name none. */
  defaults?: SourceDefaults;
}

type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A text value: strings and numbers as they are, {"@value": …} unwrapped, first of a list. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (isObject(value) && '@value' in value) return textOf(value['@value']);
  return '';
}

/** 'MusicEvent' from 'MusicEvent', 'schema:MusicEvent' or 'https://schema.org/MusicEvent'. */
function typesOf(node: JsonObject): string[] {
  return asArray(node['@type'])
    .map(textOf)
    .map((type) => type.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, ''));
}

/** schema.org's Event and every subtype of it a family could go to (UserInteraction's are not). */
const eventTypes = new Set([
  'Event',
  'BroadcastEvent',
  'BusinessEvent',
  'ChildrensEvent',
  'ComedyEvent',
  'ConferenceEvent',
  'CourseInstance',
  'DanceEvent',
  'DeliveryEvent',
  'EducationEvent',
  'EventSeries',
  'ExhibitionEvent',
  'Festival',
  'FoodEvent',
  'Hackathon',
  'LiteraryEvent',
  'MusicEvent',
  'OnDemandEvent',
  'PublicationEvent',
  'SaleEvent',
  'ScreeningEvent',
  'SocialEvent',
  'SportsEvent',
  'TheaterEvent',
  'VisualArtsEvent',
]);

const typeCategories = lookupTable<StoredCategoryId>({
  MusicEvent: 'music',
  ComedyEvent: 'comedy',
  FoodEvent: 'dining',
  Festival: 'popup',
  SaleEvent: 'popup',
  DanceEvent: 'arts',
  ExhibitionEvent: 'arts',
  LiteraryEvent: 'arts',
  ScreeningEvent: 'arts',
  TheaterEvent: 'arts',
  VisualArtsEvent: 'arts',
  EducationEvent: 'arts',
});

const typeTags = lookupTable({
  MusicEvent: 'Music',
  ComedyEvent: 'Comedy',
  SportsEvent: 'Sports',
  Festival: 'Festival',
  ChildrensEvent: 'Kids',
  TheaterEvent: 'Theater',
  VisualArtsEvent: 'Visual arts',
  FoodEvent: 'Food',
  DanceEvent: 'Dance',
  ScreeningEvent: 'Film',
  ExhibitionEvent: 'Exhibition',
  LiteraryEvent: 'Books',
  EducationEvent: 'Learning',
  SaleEvent: 'Market',
  SocialEvent: 'Social',
});

function categoryFor(types: readonly string[], evidence: Parameters<typeof inferCategory>[0]) {
  for (const type of types) {
    const mapped = typeCategories.get(type);
    if (mapped) return mapped;
  }
  if (types.includes('SportsEvent')) {
    // A 5K or a yoga class is a SportsEvent too; those are the 'Active / Sports' category.
    return inferCategory(evidence, 'sportsgames') === 'sports' ? 'sports' : 'sportsgames';
  }
  if (types.includes('ChildrensEvent')) return inferCategory(evidence, 'arts');
  return inferCategory(evidence, 'popup');
}

function cleanScript(text: string): string {
  return text
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\/\/\s*<!\[CDATA\[/, '')
    .replace(/\/\/\s*\]\]>$/, '')
    .trim();
}

interface Collected {
  events: JsonObject[];
  byId: Map<string, JsonObject>;
}

function register(value: unknown, byId: Map<string, JsonObject>, depth = 0): void {
  if (depth > 20) return;
  if (Array.isArray(value)) {
    for (const item of value) register(item, byId, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const id = textOf(value['@id']);
  // A bare {"@id": …} is a reference, not a definition.
  if (id && Object.keys(value).length > 1 && !byId.has(id)) byId.set(id, value);
  for (const child of Object.values(value)) register(child, byId, depth + 1);
}

function collectEvents(value: unknown, out: JsonObject[], depth = 0): void {
  if (depth > 10) return;
  if (Array.isArray(value)) {
    for (const item of value) collectEvents(item, out, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  if (typesOf(value).some((type) => eventTypes.has(type))) {
    // A broadcast of an event (a concert streamed): the event itself is what happens somewhere.
    if (value.broadcastOfEvent !== undefined) {
      collectEvents(value.broadcastOfEvent, out, depth + 1);
    } else {
      out.push(value);
    }
    // An EventSeries lists its dated instances as subEvent (subEvents in older markup).
    collectEvents(value.subEvent, out, depth + 1);
    collectEvents(value.subEvents, out, depth + 1);
    return;
  }
  collectEvents(value['@graph'], out, depth + 1);
  // Events under another item: a MusicGroup's or a Place's `event` (or the older `events`).
  collectEvents(value.event, out, depth + 1);
  collectEvents(value.events, out, depth + 1);
  // ItemList of ListItem { item: Event } is how listing pages mark up many events.
  for (const element of asArray(value.itemListElement)) {
    collectEvents(isObject(element) && 'item' in element ? element.item : element, out, depth + 1);
  }
}

function resolveRef(value: unknown, byId: Map<string, JsonObject>): unknown {
  if (isObject(value) && Object.keys(value).length === 1 && '@id' in value) {
    return byId.get(textOf(value['@id'])) ?? value;
  }
  return value;
}

function absoluteUrl(value: string, pageUrl: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value, pageUrl ?? undefined).toString();
  } catch {
    return null;
  }
}

interface PlaceInfo {
  venue: string;
  address: string;
  hints: AddressHints;
  coordinates: { latitude: unknown; longitude: unknown } | null;
  virtualOnly: boolean;
}

function postalAddressOf(value: unknown): { text: string; hints: AddressHints } {
  if (typeof value === 'string') return { text: value.trim(), hints: addressHintsFromText(value) };
  if (!isObject(value)) return { text: '', hints: {} };
  const street = textOf(value.streetAddress);
  const city = textOf(value.addressLocality);
  const region = textOf(value.addressRegion);
  const postalCode = textOf(value.postalCode);
  const country = isObject(value.addressCountry)
    ? textOf(value.addressCountry.name)
    : textOf(value.addressCountry);
  const cityLine = [city, [region, postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    text: [street, cityLine].filter(Boolean).join(', '),
    hints: { city, region, postalCode, country },
  };
}

function placeInfoOf(event: JsonObject, byId: Map<string, JsonObject>): PlaceInfo {
  const candidates = asArray(event.location).map((value) => resolveRef(value, byId));
  let virtualSeen = false;
  for (const candidate of candidates) {
    if (typeof candidate === 'string') {
      const [venue = '', ...rest] = candidate.split(',').map((part) => part.trim());
      return {
        venue: /^\d/.test(venue) ? '' : venue,
        address: /^\d/.test(venue) ? candidate : rest.join(', '),
        hints: addressHintsFromText(candidate),
        coordinates: null,
        virtualOnly: false,
      };
    }
    if (!isObject(candidate)) continue;
    const types = typesOf(candidate);
    if (types.includes('VirtualLocation')) {
      virtualSeen = true;
      continue;
    }
    if (types.includes('PostalAddress')) {
      const address = postalAddressOf(candidate);
      return {
        venue: '',
        address: address.text,
        hints: address.hints,
        coordinates: null,
        virtualOnly: false,
      };
    }
    const address = postalAddressOf(resolveRef(candidate.address, byId));
    const geo = resolveRef(candidate.geo, byId);
    const coordinates = isObject(geo)
      ? { latitude: geo.latitude, longitude: geo.longitude }
      : 'latitude' in candidate
        ? { latitude: candidate.latitude, longitude: candidate.longitude }
        : null;
    return {
      venue: textOf(candidate.name),
      address: address.text,
      hints: address.hints,
      coordinates,
      virtualOnly: false,
    };
  }
  return { venue: '', address: '', hints: {}, coordinates: null, virtualOnly: virtualSeen };
}

function amountOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  const text = textOf(value);
  if (/^\s*free\s*$/i.test(text)) return 0;
  const match = /\d+(?:\.\d+)?/.exec(text.replaceAll(',', ''));
  return match ? Number(match[0]) : null;
}

function priceOf(event: JsonObject, byId: Map<string, JsonObject>) {
  const amounts: number[] = [];
  let currency = 'USD';
  let ticketUrl = '';
  for (const raw of asArray(event.offers)) {
    const offer = resolveRef(raw, byId);
    if (!isObject(offer)) continue;
    const specification = resolveRef(offer.priceSpecification, byId);
    const values = [
      offer.price,
      offer.lowPrice,
      offer.highPrice,
      isObject(specification) ? specification.price : undefined,
    ];
    for (const value of values) {
      const amount = amountOf(value);
      if (amount !== null) amounts.push(amount);
    }
    const offerCurrency =
      textOf(offer.priceCurrency) ||
      (isObject(specification) ? textOf(specification.priceCurrency) : '');
    if (offerCurrency) currency = offerCurrency;
    ticketUrl ||= textOf(offer.url);
  }
  const free = event.isAccessibleForFree === true || textOf(event.isAccessibleForFree) === 'true';
  const priceText =
    amounts.length > 0
      ? formatPriceRange(Math.min(...amounts), Math.max(...amounts), currency)
      : free
        ? 'Free'
        : null;
  return { priceText, ticketUrl };
}

function imageOf(event: JsonObject, byId: Map<string, JsonObject>, pageUrl?: string | null) {
  for (const raw of asArray(event.image)) {
    const image = resolveRef(raw, byId);
    const url =
      typeof image === 'string'
        ? image
        : isObject(image)
          ? textOf(image.url ?? image.contentUrl)
          : '';
    const absolute = absoluteUrl(url, pageUrl);
    if (absolute) return absolute;
  }
  return null;
}

/** '5-12' → 5..12, '18+' or '18-' → 18.., 'all ages' → nothing numeric. */
function ageRangeOf(event: JsonObject, byId: Map<string, JsonObject>) {
  let minimumAge: number | null = null;
  let maximumAge: number | null = null;
  const range = textOf(event.typicalAgeRange);
  const typical = parseTypicalAgeRange(range);
  if (typical) ({ minAge: minimumAge, maxAge: maximumAge } = typical);
  const audience = resolveRef(event.audience, byId);
  if (isObject(audience)) {
    minimumAge ??= toNumber(audience.suggestedMinAge);
    maximumAge ??= toNumber(audience.suggestedMaxAge);
  }
  return {
    minimumAge,
    maximumAge,
    words: [range, isObject(audience) ? textOf(audience.audienceType) : ''],
  };
}

function keywordsOf(event: JsonObject): string[] {
  return asArray(event.keywords)
    .flatMap((value) => textOf(value).split(','))
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

type StartTime = { instant: Date; hasTime: boolean } | null;

/** ISO 8601 with an offset is an instant; without one it is wall-clock time at the venue. */
function startOf(value: string, timeZone: string): StartTime {
  const dateOnly = parseIsoDate(value);
  if (dateOnly) {
    return {
      instant: instantFromWallClock({ ...dateOnly, hour: 0, minute: 0, second: 0 }, timeZone),
      hasTime: false,
    };
  }
  const match =
    /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value.trim(),
    );
  if (!match?.[1] || !match[2]) return null;
  const date = parseIsoDate(match[1]);
  const clock = parseClockTime(match[2]);
  if (!date || !clock) return null;
  if (match[3]) {
    const instant = new Date(value.trim().replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? null : { instant, hasTime: true };
  }
  return { instant: instantFromWallClock({ ...date, ...clock }, timeZone), hasTime: true };
}

function stableId(parts: readonly string[]): string {
  return `sha1-${createHash('sha1').update(parts.join('\u001f')).digest('hex').slice(0, 20)}`;
}

function readEvent(
  event: JsonObject,
  index: number,
  collected: Collected,
  options: JsonLdOptions,
): RecordOutcome {
  const name = textOf(event.name);
  const ownId = absoluteUrl(textOf(event['@id']), options.pageUrl);
  const pageLink = absoluteUrl(textOf(event.url), options.pageUrl);
  const label = `${name ? `"${name}"` : `Event #${index + 1}`}${ownId || pageLink ? ` (${ownId || pageLink})` : ''}`;
  const fail = (reason: string): RecordOutcome => ({ invalid: { label, reason } });
  if (!name) return fail('it has no name');
  const where = placeInfoOf(event, collected.byId);
  const startText = textOf(event.startDate);
  const sourceId = ownId ?? pageLink ?? stableId([name, startText, where.venue, where.address]);
  const status = textOf(event.eventStatus);
  if (/EventCancelled/i.test(status)) {
    // The id goes with it, so a polled source marks the event it imported earlier.
    return { skipped: { label, reason: skipReasons.cancelled, sourceId } };
  }
  if (/EventPostponed/i.test(status)) return { skipped: { label, reason: skipReasons.postponed } };
  const fallback = options.defaults?.place ?? null;
  const found = resolvePlace(where.coordinates, where.hints);
  const place =
    found ??
    (fallback && !where.virtualOnly
      ? { latitude: fallback.latitude, longitude: fallback.longitude, precision: 'city' as const }
      : null);
  if (!place) {
    return fail(
      where.virtualOnly
        ? 'it is online only (VirtualLocation), so it has no place to show on the map'
        : 'it has no usable location: no geo coordinates, and its address has no US ZIP code or city and state',
    );
  }
  const region = usStateCode(where.hints.region);
  const timeZone = options.defaults?.timeZone ?? guessTimeZone(place, region);
  if (!startText) return fail('it has no startDate');
  const start = startOf(startText, timeZone);
  if (!start) return fail(`its startDate "${startText}" is not an ISO 8601 date`);
  const endText = textOf(event.endDate);
  const end = endText ? startOf(endText, timeZone) : null;
  const endsAt =
    end && end.instant.getTime() > start.instant.getTime()
      ? end.instant
      : new Date(start.instant.getTime() + (start.hasTime ? 7_200_000 : 86_400_000));
  if (endsAt.getTime() <= options.now.getTime()) {
    return { skipped: { label, reason: skipReasons.ended } };
  }
  const types = typesOf(event);
  const description = textOf(event.description);
  const keywords = keywordsOf(event);
  const ages = ageRangeOf(event, collected.byId);
  const isFamilyFriendly = inferFamilyFriendly({
    texts: [name, description, ...keywords, ...ages.words],
    minimumAge: ages.minimumAge,
    maximumAge: ages.maximumAge,
    sourceSaysFamily: types.includes('ChildrensEvent'),
  });
  const category = categoryFor(types, { title: name, description, labels: keywords });
  const { priceText, ticketUrl } = priceOf(event, collected.byId);
  const specificType = types.find((type) => type !== 'Event' && eventTypes.has(type));
  const cityLabel =
    where.hints.city && (region || where.hints.region)
      ? `${where.hints.city}, ${region ?? where.hints.region}`
      : !found && fallback
        ? fallback.label
        : (cityLabelNear(place) ?? '');
  return {
    draft: {
      label,
      draft: {
        sourceId,
        title: name,
        description,
        venue: where.venue,
        address: where.address,
        location: cityLabel,
        startsAt: start.instant,
        timeZone,
        hasTime: start.hasTime,
        priceText,
        category,
        tags: tagsFrom([
          ...keywords,
          specificType ? typeTags.get(specificType) : null,
          isFamilyFriendly ? 'Family' : null,
        ]),
        isFamilyFriendly,
        ...inferAgeRange({
          structured: { minAge: ages.minimumAge, maxAge: ages.maximumAge },
          texts: [name, description, ...keywords, ...ages.words],
        }),
        ticketUrl: absoluteUrl(ticketUrl, options.pageUrl) ?? pageLink,
        imageUrl: imageOf(event, collected.byId, options.pageUrl),
        latitude: place.latitude,
        longitude: place.longitude,
      },
    },
  };
}

/**
 * A node built from attributes the page chose: no prototype, so a property named
 * 'constructor' or '__proto__' is just data.
 */
function emptyNode(types: string[], id: string | null): JsonObject {
  const node: JsonObject = Object.create(null);
  node['@type'] = types;
  if (id) node['@id'] = id;
  return node;
}

function addValue(node: JsonObject, name: string, value: unknown): void {
  const existing = node[name];
  node[name] = existing === undefined ? value : [...asArray(existing), value];
}

function tokens(value: string | undefined): string[] {
  return (value ?? '').split(/\s+/).filter((token) => token !== '');
}

/** HTML's rules for an element's value: content, links, media, times, else its text. */
function elementValue(element: HTMLElement): string {
  const tag = element.tagName.toLowerCase();
  const attribute = (name: string) => element.getAttribute(name)?.trim();
  if (element.hasAttribute('content')) return attribute('content') ?? '';
  if (['a', 'area', 'link'].includes(tag)) return attribute('href') ?? '';
  if (['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video'].includes(tag)) {
    return attribute('src') ?? '';
  }
  if (tag === 'object') return attribute('data') ?? '';
  if (tag === 'time' && element.hasAttribute('datetime')) return attribute('datetime') ?? '';
  if ((tag === 'data' || tag === 'meter') && element.hasAttribute('value')) {
    return attribute('value') ?? '';
  }
  return element.text.replace(/\s+/g, ' ').trim();
}

/** Microdata itemscope/itemtype/itemprop, or RDFa Lite typeof/property: same shape. */
interface MarkupSyntax {
  isItem: (element: HTMLElement) => boolean;
  propertyNames: (element: HTMLElement) => string[];
  item: (element: HTMLElement) => JsonObject;
}

function readProperties(element: HTMLElement, node: JsonObject, syntax: MarkupSyntax): void {
  for (const child of element.children) {
    const names = syntax.propertyNames(child);
    const nested = syntax.isItem(child);
    if (names.length > 0) {
      const value = nested ? syntax.item(child) : elementValue(child);
      for (const name of names) addValue(node, name, value);
    }
    // A nested item's properties are its own.
    if (!nested) readProperties(child, node, syntax);
  }
}

const microdata: MarkupSyntax = {
  isItem: (element) => element.hasAttribute('itemscope'),
  propertyNames: (element) => tokens(element.getAttribute('itemprop')),
  item: (element) => {
    const node = emptyNode(
      tokens(element.getAttribute('itemtype')),
      element.getAttribute('itemid')?.trim() || null,
    );
    readProperties(element, node, microdata);
    return node;
  },
};

/** 'name' from 'name', 'schema:name' or 'https://schema.org/name'. */
function rdfaTerm(term: string): string {
  return term.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, '');
}

const rdfa: MarkupSyntax = {
  isItem: (element) => element.hasAttribute('typeof'),
  propertyNames: (element) => tokens(element.getAttribute('property')).map(rdfaTerm),
  item: (element) => {
    const node = emptyNode(
      tokens(element.getAttribute('typeof')).map(rdfaTerm),
      (element.getAttribute('resource') ?? element.getAttribute('about'))?.trim() || null,
    );
    readProperties(element, node, rdfa);
    return node;
  },
};

/** Items that are not the value of another item's property: where events are found. */
function topLevelItems(element: HTMLElement, syntax: MarkupSyntax, out: JsonObject[]): void {
  for (const child of element.children) {
    if (syntax.isItem(child) && syntax.propertyNames(child).length === 0) {
      out.push(syntax.item(child));
    }
    topLevelItems(child, syntax, out);
  }
}

/** Parses an HTML page; a page without any Event markup says so in a note. */
export function parseJsonLdPage(html: string, options: JsonLdOptions): ParseOutcome {
  const outcome = emptyOutcome();
  const root = parseHtml(html);
  const scripts = root
    .querySelectorAll('script')
    .filter(
      (script) => script.getAttribute('type')?.trim().toLowerCase() === 'application/ld+json',
    );
  const collected: Collected = { events: [], byId: new Map() };
  scripts.forEach((script, index) => {
    const source = cleanScript(script.rawText);
    if (source === '') return;
    let data: unknown;
    try {
      data = JSON.parse(source);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      outcome.invalid.push({
        label: `JSON-LD block #${index + 1}`,
        reason: `it is not valid JSON (${detail})`,
      });
      return;
    }
    register(data, collected.byId);
    collectEvents(data, collected.events);
  });
  const markup: JsonObject[] = [];
  topLevelItems(root, microdata, markup);
  topLevelItems(root, rdfa, markup);
  register(markup, collected.byId);
  collectEvents(markup, collected.events);

  for (const [index, event] of collected.events.entries()) {
    addRecord(outcome, readEvent(event, index, collected, options));
  }
  if (collected.events.length === 0 && outcome.invalid.length === 0) {
    outcome.notes.push(
      'no schema.org Event found on this page (looked for JSON-LD, microdata and RDFa)',
    );
  }
  return outcome;
}
