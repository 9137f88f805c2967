import { infiniteQueryOptions } from '@tanstack/react-query';
import type { KyInstance } from 'ky';
import type { ListRestaurantsQuery, RestaurantPage } from '../../contract/restaurants.ts';
import { api } from './client.ts';
import { searchParamsOf, setParams } from './params.ts';

/** `GET /api/restaurants` parameters a screen chooses; `offset` is each page's pageParam. */
export type RestaurantListParams = Omit<ListRestaurantsQuery, 'offset'>;

/** Places to eat near a place, nearest first; the key holds every parameter sent (SPEC 7). */
export function restaurantsQueryOptions(params: RestaurantListParams, client: KyInstance = api) {
  const sent = setParams(params);
  return infiniteQueryOptions({
    queryKey: ['/api/restaurants', sent] as const,
    queryFn: ({ pageParam, signal }) =>
      client
        .get('restaurants', {
          searchParams: searchParamsOf({ ...sent, offset: pageParam || undefined }),
          signal,
        })
        .json<RestaurantPage>(),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset,
  });
}
