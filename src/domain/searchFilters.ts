import type { DateWord, PriceFilter } from '../../contract/events.ts';

/*
 * The search screen's filter values (docs/product.md#spec-3-search-price-options / "Search when options"). The
 * ids are the API's own words for `price` and `date` (contract/events.ts), so the URL, the
 * request and the cache key all say the same thing. Only the ids live here: every route's search
 * validation loads this module at first visit, and the labels are the search screen's
 * (src/features/search/filterOptions.ts). The contract is imported for its types only: its
 * values would bring TypeBox into the browser.
 */

export const searchPrices = [
  'free',
  'under20',
  '20to50',
  '50plus',
] as const satisfies readonly PriceFilter[];
export type SearchPrice = (typeof searchPrices)[number];

/** docs/product.md's four "when" options; the API also knows 'tomorrow', which search does not offer. */
export const searchWhens = [
  'today',
  'week',
  'weekend',
  'next_week',
] as const satisfies readonly DateWord[];
export type SearchWhen = (typeof searchWhens)[number];

/**
 * What `?date=` may hold on /search: the four options, and Home's 'tomorrow' chip, which Search
 * does not offer but keeps when Home's See All brings it (with a removable chip).
 */
export const searchDates = [...searchWhens, 'tomorrow'] as const satisfies readonly DateWord[];
export type SearchDate = (typeof searchDates)[number];

/** The API refuses longer `query` and `location` values (contract/events.ts). */
export const SEARCH_TEXT_MAX_LENGTH = 200;
