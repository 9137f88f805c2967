import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  CategoryCounts,
  CategoryCountsQuery,
  Event,
  EventList,
  EventPage,
  SearchEventsQuery,
} from '../../contract/events.ts';
import type { FamilyGroupId } from '../../contract/family.ts';
import { type ApiClient, api } from './client.ts';
import { offlineList } from './offlineList.ts';
import { agesFilter, familyFilter, searchParamsOf, setParams } from './params.ts';

/*
 * One query-options factory per events endpoint. Each key is the endpoint's path followed by the
 * parameters it sends (see setParams), so two locations, family modes or filters never share a
 * cache entry. Paging parameters are not in the key: `cursor` is each page's pageParam inside
 * one infinite query. Types are the contract's, imported as types only, so no schema code
 * reaches the browser bundle.
 */

/** The 'Fits my family' filter: the family groups whose ages the events must fit. */
interface AgesParam {
  ages?: readonly FamilyGroupId[];
}

/** `GET /api/events/search` parameters a screen chooses; paging is the infinite query's. */
type EventSearchParams = Omit<SearchEventsQuery, 'cursor' | 'offset' | 'ages'> & AgesParam;
type CategoryCountsParams = Omit<CategoryCountsQuery, 'ages'> & AgesParam;

/**
 * Cursor pages: the first page has none, the last page's nextCursor is null (no more). Every page
 * goes through the offline cache (offlineList.ts).
 */
function cursorPages(
  path: string,
  sent: Record<string, string | number | boolean>,
  client: ApiClient,
) {
  return {
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      offlineList('events', pageParam === null, signal, () =>
        client
          .get(path, { searchParams: searchParamsOf({ ...sent, cursor: pageParam }), signal })
          .json<EventPage>(),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page: EventPage) => page.nextCursor,
    // Offline the request must still run, so it can fail over to the local cache; React Query's
    // default would pause it until the network returns.
    networkMode: 'always' as const,
  };
}

/** Search by words and filters (the search screen). */
export function eventSearchQueryOptions(params: EventSearchParams, client: ApiClient = api) {
  const sent = setParams({
    ...params,
    familyMode: familyFilter(params.familyMode),
    ages: agesFilter(params.ages),
  });
  return infiniteQueryOptions({
    queryKey: ['/api/events/search', sent] as const,
    ...cursorPages('events/search', sent, client),
  });
}

/**
 * One event by id, e.g. from a shared link when it is not in state (docs/product.md#spec-7).
 * When the server cannot be reached (offline, opened from its address), the event comes from a
 * list already shown: this visit's, else the one kept on the device (src/api/offlineCache.ts).
 */
export function eventQueryOptions(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/events/{id}', { id }] as const,
    queryFn: ({ signal, client: queryClient }) =>
      client
        .get(`events/${encodeURIComponent(id)}`, { signal })
        .json<Event>()
        .catch((error: unknown) =>
          import('./offlineCache.ts').then(
            (cache) => cache.offlineEvent(id, error, signal, queryClient),
            () => Promise.reject(error),
          ),
        ),
    // Offline the request must still run, so it can fail over to the lists already shown.
    networkMode: 'always',
  });
}

/**
 * The events behind the saved ids, in the order given (docs/product.md#spec-7: keyed on the ids, enabled only
 * when there are some). An empty list answers itself, so even a prefetch sends no request.
 */
export function savedEventsQueryOptions(ids: readonly string[], client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/events/saved', { ids: [...ids] }] as const,
    queryFn: ({ signal }): Promise<EventList> =>
      ids.length === 0
        ? Promise.resolve({ events: [] })
        : client
            .get('events/saved', { searchParams: searchParamsOf({ ids: ids.join(',') }), signal })
            .json<EventList>()
            .catch((error: unknown) =>
              // Offline, from the local cache (loaded by now: a list has been shown).
              import('./offlineCache.ts').then(
                (cache) => cache.offlineSavedEvents(ids, error, signal),
                () => Promise.reject(error),
              ),
            ),
    enabled: ids.length > 0,
    // Offline the request must still run, so it can fail over to the local cache.
    networkMode: 'always',
  });
}

/** How many upcoming events each category has near a place (the home screen's grid). */
export function categoryCountsQueryOptions(params: CategoryCountsParams, client: ApiClient = api) {
  const sent = setParams({
    ...params,
    familyMode: familyFilter(params.familyMode),
    ages: agesFilter(params.ages),
  });
  return queryOptions({
    queryKey: ['/api/events/categories', sent] as const,
    queryFn: ({ signal }) =>
      client
        .get('events/categories', { searchParams: searchParamsOf(sent), signal })
        .json<CategoryCounts>(),
  });
}
