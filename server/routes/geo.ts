import { ApiError } from '../../contract/errors.ts';
import {
  Place,
  PlaceSuggestions,
  ReverseGeocodeQuery,
  SuggestPlacesQuery,
} from '../../contract/geo.ts';
import { DEFAULT_LOCATION } from '../../src/domain/constants.ts';
import { HttpError } from '../plugins/errors.ts';
import type { Area } from '../services/distance.ts';
import {
  InvalidCoordinatesError,
  type ResolvedLocation,
  resolveLocation,
  reverseGeocode,
  suggestPlaces,
  UnknownPlaceError,
} from '../services/geocoding.ts';
import type { FamJamApp } from '../types.ts';

/**
 * The `location` query parameter of every listing: absent or blank means the app's default
 * city (SPEC 9); a place we cannot find is a 400 that names it, never an empty world.
 */
export function resolveLocationParam(location: string | undefined): ResolvedLocation {
  const text = location?.trim() ? location.trim() : DEFAULT_LOCATION;
  try {
    return resolveLocation(text);
  } catch (error) {
    if (error instanceof UnknownPlaceError) {
      throw new HttpError(400, 'unknown_location', error.message);
    }
    if (error instanceof InvalidCoordinatesError) {
      throw new HttpError(400, 'bad_request', `location: ${error.message}`);
    }
    throw error;
  }
}

export function areaFor(location: string | undefined, radiusKm: number): Area & { label: string } {
  const place = resolveLocationParam(location);
  return {
    label: place.label,
    latitude: place.latitude,
    longitude: place.longitude,
    radiusKm,
  };
}

export async function geoRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/geo/reverse',
    {
      schema: {
        operationId: 'reverseGeocode',
        summary: 'The city label for a GPS fix',
        tags: ['geo'],
        querystring: ReverseGeocodeQuery,
        response: { 200: Place, '4xx': ApiError },
      },
    },
    async (request) => {
      const place = reverseGeocode(request.query.lat, request.query.lon);
      return {
        label: place.label,
        latitude: place.latitude,
        longitude: place.longitude,
        timeZone: place.timeZone,
      };
    },
  );

  app.get(
    '/geo/suggest',
    {
      schema: {
        operationId: 'suggestPlaces',
        summary: 'Place names for the location box, US and bigger places first',
        tags: ['geo'],
        querystring: SuggestPlacesQuery,
        response: { 200: PlaceSuggestions, '4xx': ApiError },
      },
    },
    async (request) => ({ suggestions: suggestPlaces(request.query.q) }),
  );
}
