import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListRestaurantsQuery, RestaurantPage } from '../../contract/restaurants.ts';
import { type ApiClient, api } from './client.ts';
import { offlineList } from './offlineList.ts';
import { searchParamsOf, setParams } from './params.ts';

/** `GET /api/restaurants` parameters a screen chooses; `offset` is each page's pageParam. */
type RestaurantListParams = Omit<ListRestaurantsQuery, 'offset'>;

/**
 * Places to eat near a place, nearest first; the key holds every parameter sent (docs/product.md#spec-7). Every
 * page goes through the offline cache (offlineList.ts).
 */
export function restaurantsQueryOptions(params: RestaurantListParams, client: ApiClient = api) {
  const sent = setParams(params);
  return infiniteQueryOptions({
    queryKey: ['/api/restaurants', sent] as const,
    queryFn: ({ pageParam, signal }) =>
      offlineList('restaurants', pageParam === 0, signal, () =>
        client
          .get('restaurants', {
            searchParams: searchParamsOf({ ...sent, offset: pageParam || undefined }),
            signal,
          })
          .json<RestaurantPage>(),
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset,
    // Offline the request must still run, so it can fail over to the local cache (offlineList.ts).
    networkMode: 'always',
  });
}
