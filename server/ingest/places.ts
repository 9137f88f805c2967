import { createRequire } from 'node:module';
import { lookupTable } from '../lookupTable.ts';
// The longitude split in timeZoneFor corrects the big exceptions to these per-state zones.
import { roundCoordinate } from '../services/distance.ts';
import { stateTimeZones } from '../services/usStateTimeZones.ts';
import { canonicalTimeZone } from '../services/zonedTime.ts';

/**
 * Where an imported event is: its coordinates and its time zone. Coordinates come from the
 * record itself: its own latitude/longitude first, else the centroid of the US postal code or
 * city it names (the `zipcodes` package, offline). No record is ever placed somewhere it
 * doesn't say: without any of these it is invalid.
 */

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipcodesModule {
  lookup(zip: string): ZipRecord | undefined;
  lookupByName(city: string, state: string): ZipRecord[];
  lookupByCoords(latitude: number, longitude: number): ZipRecord | null;
  states: { normalize(state: string): string };
}

// zipcodes is CommonJS without type declarations; this interface is the part FamJam uses.
const zipcodes = createRequire(import.meta.url)('zipcodes') as ZipcodesModule;

interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface ResolvedPlace extends Coordinates {
  /** How the coordinates were found, for the import report and tests. */
  precision: 'exact' | 'postal-code' | 'city';
}

/** A number from a number or numeric string; null for anything else. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** In range and not (0, 0), which is what broken feeds write when they have no location. */
export function usableCoordinates(latitude: unknown, longitude: unknown): Coordinates | null {
  const lat = toNumber(latitude);
  const lon = toNumber(longitude);
  if (lat === null || lon === null) return null;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return null;
  if (Math.abs(lat) < 1e-6 && Math.abs(lon) < 1e-6) return null;
  return { latitude: roundCoordinate(lat), longitude: roundCoordinate(lon) };
}

/** Two-letter US state code from 'CA', 'ca' or 'California'; null when it is not a state. */
export function usStateCode(region: string | null | undefined): string | null {
  const trimmed = region?.trim().toUpperCase();
  if (!trimmed) return null;
  const code = zipcodes.states.normalize(trimmed);
  return stateTimeZones.has(code) ? code : null;
}

export interface AddressHints {
  postalCode?: string | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
}

function isUnitedStates(country: string | null | undefined): boolean {
  if (!country) return true;
  return /^(us|usa|united states( of america)?)$/i.test(country.trim());
}

export function resolvePlace(
  coordinates: { latitude: unknown; longitude: unknown } | null,
  address: AddressHints,
): ResolvedPlace | null {
  const exact = coordinates ? usableCoordinates(coordinates.latitude, coordinates.longitude) : null;
  if (exact) return { ...exact, precision: 'exact' };
  if (!isUnitedStates(address.country)) return null;
  const zip = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(address.postalCode ?? '')?.[1];
  const byZip = zip ? zipcodes.lookup(zip) : undefined;
  if (byZip && byZip.country === 'US') {
    return { latitude: byZip.latitude, longitude: byZip.longitude, precision: 'postal-code' };
  }
  const state = usStateCode(address.region);
  const city = address.city?.trim();
  if (state && city) {
    const [first] = zipcodes.lookupByName(city, state);
    if (first) return { latitude: first.latitude, longitude: first.longitude, precision: 'city' };
  }
  return null;
}

const labelCache = new Map<string, string | null>();

/**
 * 'Oakland, CA' for a point in the US (nearest ZIP code's city), for sources that give
 * coordinates but no city. Null outside the US.
 */
export function cityLabelNear(place: Coordinates): string | null {
  const key = `${place.latitude.toFixed(3)},${place.longitude.toFixed(3)}`;
  if (labelCache.has(key)) return labelCache.get(key) ?? null;
  const nearest = zipcodes.lookupByCoords(place.latitude, place.longitude);
  const label =
    nearest && nearest.country === 'US' && usStateCode(nearest.state)
      ? `${nearest.city}, ${nearest.state}`
      : null;
  labelCache.set(key, label);
  return label;
}

/**
 * 'City, ST 94103' at the end of a one-line address (iCalendar LOCATION is free text).
 * Returns what it could read; the caller resolves it.
 */
export function addressHintsFromText(text: string | null | undefined): AddressHints {
  const line = text?.replace(/\s+/g, ' ').trim() ?? '';
  const withZip =
    /,\s*([^,]+?),\s*([A-Za-z]{2})\s+(\d{5})(?:-\d{4})?(?:\s*,\s*(USA?|United States))?\s*$/.exec(
      line,
    );
  if (withZip) return { city: withZip[1], region: withZip[2], postalCode: withZip[3] };
  const cityState = /(?:^|,)\s*([^,]+?),\s*([A-Za-z]{2})(?:\s*,\s*(USA?|United States))?\s*$/.exec(
    line,
  );
  if (cityState) return { city: cityState[1], region: cityState[2] };
  return {};
}

/**
 * A best guess when the source names no zone: the state's zone, else a split of the
 * contiguous US by longitude, else UTC. Sources that give local times almost always name a
 * zone; this only keeps a record usable when one forgot.
 */
export function guessTimeZone(place: Coordinates | null, region?: string | null): string {
  const state = usStateCode(region);
  if (state) return stateTimeZones.get(state) ?? 'UTC';
  if (!place) return 'UTC';
  const { latitude: lat, longitude: lon } = place;
  if (lat > 18 && lat < 23 && lon > -161 && lon < -154) return 'Pacific/Honolulu';
  if (lat > 51 && lon < -129) return 'America/Anchorage';
  if (lat < 24 || lat > 50 || lon < -125 || lon > -66) return 'UTC';
  if (lat < 37 && lat > 31.3 && lon > -114.8 && lon < -109) return 'America/Phoenix';
  if (lon < -114.5) return 'America/Los_Angeles';
  if (lon < -101.5) return 'America/Denver';
  if (lon < -86.5) return 'America/Chicago';
  return 'America/New_York';
}

/** Windows zone names that Outlook and Exchange write as TZID. */
const windowsZones = lookupTable({
  'Pacific Standard Time': 'America/Los_Angeles',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Central Standard Time': 'America/Chicago',
  'Eastern Standard Time': 'America/New_York',
  'Alaskan Standard Time': 'America/Anchorage',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'GMT Standard Time': 'Europe/London',
  'W. Europe Standard Time': 'Europe/Berlin',
  UTC: 'UTC',
});

/**
 * An IANA zone from a source's zone label: IANA names as they are, Windows names mapped, and
 * prefixed forms such as '/mozilla.org/20050126_1/America/New_York' reduced to the IANA tail.
 */
export function ianaZoneFromLabel(label: string | null | undefined): string | null {
  const trimmed = label?.trim();
  if (!trimmed) return null;
  const direct = canonicalTimeZone(trimmed);
  if (direct) return direct;
  const windows = windowsZones.get(trimmed);
  if (windows) return windows;
  const tail = /([A-Za-z_]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)$/.exec(trimmed)?.[1];
  return tail ? canonicalTimeZone(tail) : null;
}

/**
 * What a polled source says about events whose feed leaves it out (docs/sources.md): the place
 * the operator gave it (as the geocoder placed it) and the zone for times written without one.
 */
export interface SourceDefaults {
  place: { label: string; latitude: number; longitude: number } | null;
  timeZone: string | null;
}
