import type { QueryClient } from '@tanstack/react-query';
import type { BoundingBoxReading } from '../../../contract/boundingBox.ts';
import type { FamilyGroupId } from '../../../contract/family.ts';
import { parseRadiusParam, radiusKmParam } from '../../../contract/radius.ts';
import { eventSearchQueryOptions } from '../../api/events.ts';
import { browserStorage } from '../../api/storage.ts';
import { readPersistedAppState } from '../../app/appStateStore.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { SESSION_HINT_KEY } from '../../domain/constants.ts';
import { browserTimeZone } from '../../domain/dateFilter.ts';

interface SearchedFor {
  /** The place searched near: the filter's, else the header's (docs/product.md#spec-7). */
  location: string;
  familyMode: boolean;
  /** 'Fits my family': the family's groups while it is on. */
  ages?: readonly FamilyGroupId[];
  /** The family's own radius ('5mi', app state's familyRadius), for a search without `?radius`. */
  familyRadius: string | null;
}

/**
 * The search as Search uses it: a `?bbox=` the API would refuse (reversed, off the globe, wider
 * than a few states) is dropped, so a bad link searches by the radius, with the radius chip,
 * rather than failing. The address checks only the box's shape (src/app/searchParams.ts), since
 * that runs on every route's startup path; the full check (contract/boundingBox.ts's
 * parseBoundingBox, passed in) loads with Search, never with this module, which is on that path too.
 */
export function usableSearch(
  search: SearchPageSearch,
  parseBoundingBox: (text: string) => BoundingBoxReading,
): SearchPageSearch {
  return search.bbox === undefined || parseBoundingBox(search.bbox).ok
    ? search
    : { ...search, bbox: undefined };
}

/**
 * The results list's query: one definition, so the route's early request and the list share it.
 * `search` is as usableSearch leaves it: no box the API would refuse.
 */
export function searchResultsQueryOptions(
  search: SearchPageSearch,
  { location, familyMode, ages, familyRadius }: SearchedFor,
) {
  return eventSearchQueryOptions({
    query: search.q,
    category: search.category,
    familyMode,
    ages,
    location,
    price: search.price,
    date: search.day ?? search.date,
    // The zone only matters to a date; leaving it out otherwise shares the cache entry.
    tz: search.day === undefined && search.date === undefined ? undefined : browserTimeZone(),
    // "Search this area" asks for the map's box instead of the circle (distances are still from
    // the location), so the radius is left out and the key does not split on it.
    bbox: search.bbox,
    radiusKm:
      search.bbox === undefined
        ? radiusKmParam(parseRadiusParam(search.radius ?? familyRadius))
        : undefined,
  });
}

/**
 * Starts the first page of results as the route loads, beside Firebase's session check rather
 * than after it: events are public, and the list then finds its answer on the way (issue 16: the
 * first card was the page's largest paint, 4-5 s into a slow phone's visit). Only on a device
 * signed in last time (a signed-out visitor is sent to /auth and would not see the list), and
 * not with 'Fits my family' on, whose ages come from the family's profile.
 */
export function prefetchSearchResults(queryClient: QueryClient, search: SearchPageSearch): void {
  if (typeof window === 'undefined' || search.fits === true) return;
  if (browserStorage()?.getItem(SESSION_HINT_KEY) !== 'signed-in') return;
  const kept = readPersistedAppState();
  const prefetch = (usable: SearchPageSearch) =>
    void queryClient.prefetchInfiniteQuery(
      searchResultsQueryOptions(usable, {
        location: usable.location ?? kept.location,
        familyMode: kept.familyMode,
        familyRadius: kept.familyRadius,
      }),
    );
  if (search.bbox === undefined) {
    prefetch(search);
    return;
  }
  // A map area ('Search this area'): its full check is fetched first (a small chunk, beside the
  // route's own), since this runs on every route's startup path, and a box the API would
  // refuse is not sent (the list asks by radius).
  void import('../../../contract/boundingBox.ts').then(({ parseBoundingBox }) =>
    prefetch(usableSearch(search, parseBoundingBox)),
  );
}
