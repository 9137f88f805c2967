import { type FamilyGroupId, familyGroupIds } from '../../contract/family.ts';
import { type BoundingBox, parseBoundingBox } from '../../contract/maps.ts';
import { DEFAULT_LOCATION } from '../../contract/product.ts';
import type { Area } from '../stores/distance.ts';
import type { AgeSpan } from '../stores/events.ts';
import { InvalidInputError } from './errors.ts';
import { ageSpansOf } from './events.ts';
import {
  InvalidCoordinatesError,
  type ResolvedLocation,
  resolveLocation,
  UnknownPlaceError,
} from './geocoding.ts';

/**
 * The `location` query parameter of every listing (events, search, category counts,
 * restaurants): absent or blank means the app's default city (docs/product.md#spec-9); a place we cannot find
 * is refused as invalid input that names it (a 400), never an empty world. The routes share it
 * here rather than import one another.
 */
export function resolveLocationParam(location: string | undefined): ResolvedLocation {
  const text = location?.trim() ? location.trim() : DEFAULT_LOCATION;
  try {
    return resolveLocation(text);
  } catch (error) {
    if (error instanceof UnknownPlaceError) {
      throw new InvalidInputError(error.sentence, { code: 'unknown_location' });
    }
    if (error instanceof InvalidCoordinatesError) {
      const { sentence } = error;
      throw new InvalidInputError((i18n) => `location: ${sentence(i18n)}`);
    }
    throw error;
  }
}

/** The circle a listing searches: the resolved place, labelled as the response shows it. */
export function areaFor(
  location: string | undefined,
  radiusKm: number,
): Area & { label: string; timeZone: string } {
  const place = resolveLocationParam(location);
  return {
    label: place.label,
    timeZone: place.timeZone,
    latitude: place.latitude,
    longitude: place.longitude,
    radiusKm,
  };
}

/**
 * The `bbox` query parameter of the event listing and search ("Search this area"): absent or
 * blank means the circle around the location. A box parseBoundingBox refuses (garbage, off the
 * globe, reversed, continent-sized) is invalid input in the parser's own words, which name bbox.
 */
export function boundingBoxParam(text: string | undefined): BoundingBox | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const reading = parseBoundingBox(text);
  if (!reading.ok) {
    throw new InvalidInputError(reading.reason, { field: 'bbox', plainMessage: true });
  }
  return reading.box;
}

const knownGroups = new Set<string>(familyGroupIds);

/**
 * `ages=young_kids,teens` and `ages=young_kids&ages=teens` both work, blanks between commas are
 * ignored; an id that is not a family group is invalid input naming it, so a typo never silently
 * widens the list to every age. Answers the groups' merged age spans (none: no filter).
 */
export function ageSpansParam(values: readonly string[] | undefined): AgeSpan[] {
  const ids = (values ?? [])
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const unknown = ids.find((id) => !knownGroups.has(id));
  if (unknown !== undefined) {
    throw new InvalidInputError(
      `ages: "${unknown.slice(0, 40)}" is not a family group; use ${familyGroupIds.join(', ')}.`,
    );
  }
  return ageSpansOf(ids as FamilyGroupId[]);
}
