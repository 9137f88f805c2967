import { ApiError } from '../../contract/errors.ts';
import { DEFAULT_PAGE_SIZE, DEFAULT_RADIUS_KM } from '../../contract/events.ts';
import { ListRestaurantsQuery, RestaurantPage } from '../../contract/restaurants.ts';
import { areaFor } from '../services/area.ts';
import { listRestaurants } from '../services/restaurants.ts';
import type { FamJamApp } from '../types.ts';

export async function restaurantRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/restaurants',
    {
      schema: {
        operationId: 'listRestaurants',
        summary: 'Places to eat near a place, nearest first',
        tags: ['restaurants'],
        querystring: ListRestaurantsQuery,
        response: { 200: RestaurantPage, '4xx': ApiError },
      },
    },
    async (request) => {
      const { query } = request;
      return listRestaurants(app.db, {
        area: areaFor(query.location, query.radiusKm ?? DEFAULT_RADIUS_KM),
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
        offset: query.offset,
      });
    },
  );
}
