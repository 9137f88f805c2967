import { type Static, Type } from '@sinclair/typebox';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_KM,
  MAX_PAGE_SIZE,
  MAX_RADIUS_KM,
  MIN_RADIUS_KM,
} from './events.ts';
import { DEFAULT_LOCATION } from './product.ts';

/** docs/product.md#spec-3-restaurant, plus coordinates and the numeric distance. */
export const Restaurant = Type.Object({
  /** `${source}:${sourceId}`, stable across re-imports. */
  id: Type.String(),
  name: Type.String(),
  cuisine: Type.String(),
  /** '4.5': a number as text, shown as five stars (docs/product.md#spec-3). */
  rating: Type.String(),
  /** Display distance from the requested location, e.g. '0.8 mi'. */
  distance: Type.String(),
  distanceKm: Type.Number(),
  features: Type.Array(Type.String()),
  imageUrl: Type.String(),
  reservationUrl: Type.Union([Type.String(), Type.Null()]),
  /** '$' to '$$$$'; '' when unknown. */
  priceLevel: Type.String(),
  address: Type.String(),
  location: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
});
export type Restaurant = Static<typeof Restaurant>;

/** `GET /api/restaurants`: places to eat near `location`, nearest first. */
export const ListRestaurantsQuery = Type.Object({
  location: Type.Optional(
    Type.String({
      maxLength: 200,
      description: `A city ('San Francisco, CA'), a US ZIP code or 'lat, lon'. Default: ${DEFAULT_LOCATION}.`,
    }),
  ),
  radiusKm: Type.Optional(
    Type.Number({ minimum: MIN_RADIUS_KM, maximum: MAX_RADIUS_KM, default: DEFAULT_RADIUS_KM }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});
export type ListRestaurantsQuery = Static<typeof ListRestaurantsQuery>;

export const RestaurantPage = Type.Object({
  restaurants: Type.Array(Restaurant),
  /** Pass as `offset` for the next page; null on the last one. */
  nextOffset: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type RestaurantPage = Static<typeof RestaurantPage>;
