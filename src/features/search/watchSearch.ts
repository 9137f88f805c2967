import type { QueryClient } from '@tanstack/react-query';
import type {
  CreateWatchedSearchBody,
  WATCHED_SEARCH_NAME_MAX_LENGTH,
  WatchedSearchFilters,
} from '../../../contract/outreach.ts';
import { parseRadiusParam, radiusKmParam } from '../../../contract/radius.ts';
import { createWatchedSearch, watchedSearchesQueryKey } from '../../api/outreach.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { filterChips } from './filterOptions.ts';
import { i18n } from './messages.ts';

/*
 * "Tell me about new events like this" (issue 34): the current search as a watched search. Loaded
 * on the button's first press (WatchButton.tsx), so /search's first load carries none of it.
 */

/** The contract's figure, typed as its constant (so a change there fails the typecheck here). */
const nameMaxLength: typeof WATCHED_SEARCH_NAME_MAX_LENGTH = 60;

/** What Search searches with besides the address: as searchResultsQuery.ts reads it. */
export interface SearchContext {
  /** The header's place, for a search without its own location. */
  location: string;
  familyMode: boolean;
  /** 'Fits my family': the family's groups while it is on. */
  ages: readonly string[] | undefined;
  /** The radius kept on the device, for a search without `?radius`. */
  familyRadius: string | null;
}

/**
 * Search's own parameters (the same as the results list's request, searchResultsQuery.ts), less
 * the map's box: a watched search is a place and radius, not a rectangle on a map.
 */
export function watchedFilters(
  search: SearchPageSearch,
  { location, familyMode, ages, familyRadius }: SearchContext,
): WatchedSearchFilters {
  const filters: WatchedSearchFilters = {
    query: search.q,
    category: search.category,
    familyMode,
    ages: ages && ages.length > 0 ? [...ages] : undefined,
    location: search.location ?? location,
    price: search.price,
    date: search.day ?? search.date,
    radiusKm: radiusKmParam(parseRadiusParam(search.radius ?? familyRadius)),
  };
  // Absent rather than undefined: the API refuses unknown shapes, and JSON drops undefined anyway.
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as WatchedSearchFilters;
}

/** The words and the filters' chips, e.g. 'music · Within 5 mi', cut to the name's length. */
export function watchedSearchName(search: SearchPageSearch, familyRadius: string | null): string {
  const chips = filterChips({ ...search, bbox: undefined }, undefined, familyRadius);
  const parts = [search.q, ...chips.map((chip) => chip.label)];
  if (search.fits) parts.push(i18n.t('search.fitsMyFamily'));
  const name = parts.filter((part) => part !== undefined && part.trim() !== '').join(' · ');
  if (name === '') return i18n.t('search.watch.defaultName');
  return name.length <= nameMaxLength ? name : `${name.slice(0, nameMaxLength - 1).trimEnd()}…`;
}

/**
 * Saves it; the name it was saved under comes back for the toast. Profile's list, cached for the
 * visit, is marked stale so the next opening shows it.
 */
export async function watchSearch(
  search: SearchPageSearch,
  context: SearchContext,
  queryClient: QueryClient,
) {
  const body: CreateWatchedSearchBody = {
    name: watchedSearchName(search, context.familyRadius),
    filters: watchedFilters(search, context),
  };
  await createWatchedSearch(body);
  void queryClient.invalidateQueries({ queryKey: watchedSearchesQueryKey });
  return body.name;
}
