import { ApiError } from '../../contract/errors.ts';
import {
  Place,
  PlaceSuggestions,
  ReverseGeocodeQuery,
  SuggestPlacesQuery,
} from '../../contract/geo.ts';
import { reverseGeocode, suggestPlaces } from '../services/geocoding.ts';
import type { FamJamApp } from '../types.ts';

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
