import { queryOptions } from '@tanstack/react-query';
import type {
  Place,
  PlaceSuggestions,
  ReverseGeocodeQuery,
  SuggestPlacesQuery,
} from '../../contract/geo.ts';
import { type ApiClient, api } from './client.ts';
import { searchParamsOf, setParams } from './params.ts';

/** The city label of a GPS fix ("use my location"). */
export function reverseGeocodeQueryOptions(params: ReverseGeocodeQuery, client: ApiClient = api) {
  const sent = setParams(params);
  return queryOptions({
    queryKey: ['/api/geo/reverse', sent] as const,
    queryFn: ({ signal }) =>
      client.get('geo/reverse', { searchParams: searchParamsOf(sent), signal }).json<Place>(),
  });
}

/**
 * Place names for the location box's autocomplete. Nothing typed yet suggests nothing without
 * asking (the API requires at least one character).
 */
export function placeSuggestionsQueryOptions(params: SuggestPlacesQuery, client: ApiClient = api) {
  const sent = setParams(params);
  return queryOptions({
    queryKey: ['/api/geo/suggest', sent] as const,
    queryFn: ({ signal }): Promise<PlaceSuggestions> =>
      sent.q === undefined
        ? Promise.resolve({ suggestions: [] })
        : client
            .get('geo/suggest', { searchParams: searchParamsOf(sent), signal })
            .json<PlaceSuggestions>(),
    enabled: sent.q !== undefined,
  });
}
