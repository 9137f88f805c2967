import { type DistanceUnit, parseRadiusParam } from '../../../contract/radius.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { monthDayLabel } from '../../domain/calendarDay.ts';
import { type CategoryId, categories } from '../../domain/constants.ts';
import { familyDistanceUnit } from '../../domain/distance.ts';
import { radiusLabel } from '../../domain/radiusChoices.ts';
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

/** What the `?bbox=` chip says: the box "Search this area" drew on the map. */
export const MAP_AREA_LABEL = 'Map area';

export interface FilterChip {
  /** The address's filter the chip removes, or 'familyRadius': the radius kept on the device. */
  key: 'category' | 'price' | 'date' | 'day' | 'location' | 'radius' | 'bbox' | 'familyRadius';
  label: string;
}

/**
 * One removable chip per filter that is set (the words stay in their box). The radius says
 * itself in the family's unit ('Within 6.2 mi' for a link's '10km'); while the map's area is
 * searched the radius does not apply, so only 'Map area' shows. Without `?radius`, the radius the
 * family picked last time (app state's familyRadius) still limits the results, so it has its
 * chip too: nothing narrows a list without saying so.
 */
export function filterChips(
  search: SearchPageSearch,
  unit: DistanceUnit = familyDistanceUnit(),
  familyRadius: string | null = null,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (search.category) chips.push({ key: 'category', label: categoryLabel(search.category) });
  if (search.price) chips.push({ key: 'price', label: priceLabel(search.price) });
  if (search.date) chips.push({ key: 'date', label: whenLabel(search.date) });
  if (search.day) chips.push({ key: 'day', label: monthDayLabel(search.day) });
  if (search.location) chips.push({ key: 'location', label: search.location });
  const radius = parseRadiusParam(search.radius);
  const keptRadius = radius ? null : parseRadiusParam(familyRadius);
  if (search.bbox) chips.push({ key: 'bbox', label: MAP_AREA_LABEL });
  else if (radius) chips.push({ key: 'radius', label: radiusLabel(radius, unit) });
  else if (keptRadius) chips.push({ key: 'familyRadius', label: radiusLabel(keptRadius, unit) });
  return chips;
}

/** Clear All Filters: every filter chip's filter goes; the words and 'Fits my family' stay. */
export function withoutFilters(search: SearchPageSearch): SearchPageSearch {
  return {
    ...search,
    category: undefined,
    price: undefined,
    date: undefined,
    day: undefined,
    location: undefined,
    radius: undefined,
    bbox: undefined,
  };
}
