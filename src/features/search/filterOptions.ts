import { type DistanceUnit, parseRadiusParam } from '../../../contract/radius.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { monthDayLabel } from '../../domain/calendarDay.ts';
import { categoryLabel } from '../../domain/categoryLabel.ts';
import { type CategoryId, categoryIds } from '../../domain/constants.ts';
import { familyDistanceUnit } from '../../domain/distance.ts';
import { radiusLabel } from '../../domain/radiusChoices.ts';
import {
  type SearchDate,
  type SearchPrice,
  type SearchWhen,
  searchPrices,
  searchWhens,
} from '../../domain/searchFilters.ts';
import { i18n } from './messages.ts';

/** A new search made from the current one (the screen applies it; the filter panel makes it). */
export type SearchChange = (current: SearchPageSearch) => SearchPageSearch;

/**
 * docs/product.md#spec-2: offered while the search box is empty; a tap searches for it. Words
 * searched for, not messages: the events' own words are matched (event content is not
 * translated), so they stay as they are in every language.
 */
export const popularSearches = [
  'family concerts',
  'weekend activities',
  'outdoor events',
  'kids workshops',
  'food festivals',
] as const;

export function priceLabel(id: SearchPrice): string {
  switch (id) {
    case 'free':
      return i18n.t('search.price.free');
    case 'under20':
      return i18n.t('search.price.under20');
    case '20to50':
      return i18n.t('search.price.from20to50');
    case '50plus':
      return i18n.t('search.price.over50');
  }
}

/** The label of a `?date=` word: an option's, or Home's 'Tomorrow' chip. */
export function whenLabel(id: SearchDate): string {
  switch (id) {
    case 'today':
      return i18n.t('search.when.today');
    case 'tomorrow':
      return i18n.t('search.when.tomorrow');
    case 'week':
      return i18n.t('search.when.week');
    case 'weekend':
      return i18n.t('search.when.weekend');
    case 'next_week':
      return i18n.t('search.when.nextWeek');
  }
}

/** An option of the filter panel: `id: undefined` is the "no filter" one ('All Categories'). */
export interface FilterOption<Id extends string> {
  id: Id | undefined;
  label: string;
}

/** docs/product.md#spec-3-search-price-options, in its order, named in the language in use. */
export function searchPriceOptions(): FilterOption<SearchPrice>[] {
  return searchPrices.map((id) => ({ id, label: priceLabel(id) }));
}

/** docs/product.md#spec-3-search-when-options, in its order, named in the language in use. */
export function searchWhenOptions(): FilterOption<SearchWhen>[] {
  return searchWhens.map((id) => ({ id, label: whenLabel(id) }));
}

/** 'All Categories' and the nine categories, named in the language in use. */
export function searchCategoryOptions(): FilterOption<CategoryId>[] {
  return [
    { id: undefined, label: i18n.t('search.filters.allCategories') },
    ...categoryIds.map((id) => ({ id, label: categoryLabel(id) })),
  ];
}

/** What the `?bbox=` chip says: the box "Search this area" drew on the map. */
export function mapAreaLabel(): string {
  return i18n.t('search.chips.mapArea');
}

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
  if (search.bbox) chips.push({ key: 'bbox', label: mapAreaLabel() });
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
