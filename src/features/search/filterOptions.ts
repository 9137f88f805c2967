import type { SearchPageSearch } from '../../app/searchParams.ts';
import { type CategoryId, categories } from '../../domain/constants.ts';
import type { SearchDate, SearchPrice, SearchWhen } from '../../domain/searchFilters.ts';

/** A new search made from the current one (the screen applies it; the filter panel makes it). */
export type SearchChange = (current: SearchPageSearch) => SearchPageSearch;

/** docs/product.md#spec-3-search-price-options, in the order docs/product.md gives. */
export const searchPriceOptions: readonly { id: SearchPrice; label: string }[] = [
  { id: 'free', label: 'Free' },
  { id: 'under20', label: 'Under $20' },
  { id: '20to50', label: '$20-50' },
  { id: '50plus', label: '$50+' },
];

/** docs/product.md#spec-3-search-when-options, in the order docs/product.md gives. */
export const searchWhenOptions: readonly { id: SearchWhen; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'This Week' },
  { id: 'weekend', label: 'This Weekend' },
  { id: 'next_week', label: 'Next Week' },
];

/** docs/product.md#spec-2: offered while the search box is empty; a tap searches for it. */
export const popularSearches = [
  'family concerts',
  'weekend activities',
  'outdoor events',
  'kids workshops',
  'food festivals',
] as const;

export function categoryLabel(id: CategoryId): string {
  return categories.find((category) => category.id === id)?.label ?? id;
}

export function priceLabel(id: SearchPrice): string {
  return searchPriceOptions.find((option) => option.id === id)?.label ?? id;
}

/** The label of a `?date=` word: an option's, or Home's 'Tomorrow' chip. */
export function whenLabel(id: SearchDate): string {
  if (id === 'tomorrow') return 'Tomorrow';
  return searchWhenOptions.find((option) => option.id === id)?.label ?? id;
}
