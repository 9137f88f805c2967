import { type Static, Type } from '@sinclair/typebox';

/** `GET /api/geo/reverse?lat&lon`: the city label for a GPS fix. */
export const ReverseGeocodeQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees.' }),
  lon: Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in degrees.' }),
});
export type ReverseGeocodeQuery = Static<typeof ReverseGeocodeQuery>;

export const Place = Type.Object({
  /** 'San Francisco, CA' in the US, 'Lyon, France' elsewhere. */
  label: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Best-effort IANA zone of the place. */
  timeZone: Type.String(),
});
export type Place = Static<typeof Place>;

/** `GET /api/geo/suggest?q`: place names for the location box's autocomplete. */
export const SuggestPlacesQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100, description: 'What was typed so far.' }),
});
export type SuggestPlacesQuery = Static<typeof SuggestPlacesQuery>;

export const PlaceSuggestions = Type.Object({
  /** Up to 8 labels, US and bigger places first. */
  suggestions: Type.Array(Type.String(), { maxItems: 8 }),
});
export type PlaceSuggestions = Static<typeof PlaceSuggestions>;
