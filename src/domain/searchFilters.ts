import type { DateWord, PriceFilter } from '../../contract/events.ts';
import { type CategoryId, categories } from './constants.ts';

/*
 * The search screen's filters (SPEC 2 "Search", 3 "Search price options" / "Search when
 * options", 4 "Search filters"). The ids are the API's own words for `price` and `date`
 * (contract/events.ts), so the URL, the request and the cache key all say the same thing. The
 * contract is imported for its types only: its values would bring TypeBox into the browser.
 */

export const searchPriceOptions = [
  { id: 'free', label: 'Free' },
  { id: 'under20', label: 'Under $20' },
  { id: '20to50', label: '$20-50' },
  { id: '50plus', label: '$50+' },
] as const satisfies readonly { id: PriceFilter; label: string }[];
export type SearchPrice = (typeof searchPriceOptions)[number]['id'];

/** SPEC's four "when" options; the API also knows 'tomorrow', which search does not offer. */
export const searchWhenOptions = [
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'This Week' },
  { id: 'weekend', label: 'This Weekend' },
  { id: 'next_week', label: 'Next Week' },
] as const satisfies readonly { id: DateWord; label: string }[];
export type SearchWhen = (typeof searchWhenOptions)[number]['id'];

/** SPEC 2: offered while the search box is empty; a tap searches for it. */
export const popularSearches = [
  'family concerts',
  'weekend activities',
  'outdoor events',
  'kids workshops',
  'food festivals',
] as const;

/** The API refuses longer `query` and `location` values (contract/events.ts). */
export const SEARCH_TEXT_MAX_LENGTH = 200;

export function categoryLabel(id: CategoryId): string {
  return categories.find((category) => category.id === id)?.label ?? id;
}

export function priceLabel(id: SearchPrice): string {
  return searchPriceOptions.find((option) => option.id === id)?.label ?? id;
}

export function whenLabel(id: SearchWhen): string {
  return searchWhenOptions.find((option) => option.id === id)?.label ?? id;
}
