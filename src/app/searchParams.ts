import { formatRadiusParam, parseRadiusParam } from '../../contract/radius.ts';
import { type CategoryId, categoryIds } from '../domain/constants.ts';
import {
  type HomeDateFilter,
  type HomeDateWord,
  homeDateWords,
  noDateFilter,
  validPickedDay,
} from '../domain/dateFilter.ts';
import {
  SEARCH_TEXT_MAX_LENGTH,
  type SearchDate,
  type SearchPrice,
  searchDates,
  searchPrices,
} from '../domain/searchFilters.ts';

/*
 * validateSearch functions for the routes that take query parameters. A link shared with a bad or
 * outdated value should still open the page, so an invalid value is dropped, never an error.
 * "Dropped" means returned as `undefined`, not left out: the router merges the validated result
 * over the raw query, so a missing key would let the raw (invalid) value through to the page.
 */

/**
 * `/`: `?shake=true` auto-triggers shake-discover once (docs/product.md#spec-2-route-table); the date filter lives
 * in the URL too (`?date=weekend`, or `?day=2026-12-05` for a day picked on the calendar), so a
 * reload or a shared link keeps it. A picked day wins over a word; a past day is dropped.
 */
interface HomeSearch {
  shake?: boolean;
  date?: HomeDateWord;
  day?: string;
  /** 'Fits my family' is on: the lists keep events for the family's ages (from the profile). */
  fits?: true;
}

/** `?fits=true` as the router parses it (the boolean), or a hand-written "true". */
function fitsParam(value: unknown): true | undefined {
  return value === true || value === 'true' ? true : undefined;
}

export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  // TanStack Router parses `?shake=true` to the boolean; a hand-written `"true"` string counts too.
  const shake = search.shake === true || search.shake === 'true';
  const day = validPickedDay(search.day);
  const date =
    day === undefined && (homeDateWords as readonly unknown[]).includes(search.date)
      ? (search.date as HomeDateWord)
      : undefined;
  return { shake: shake ? true : undefined, date, day, fits: fitsParam(search.fits) };
}

/** Home's filters: its address without the one-off `shake`. */
type HomeFilters = Omit<HomeSearch, 'shake'>;

/**
 * The filters Home last showed in this tab. The bottom navigation's Home returns to them, as an
 * app's tab bar returns to a tab as it was left: a family that chose This Weekend and 'Fits my
 * family', then looked at Search, finds Home still filtered. In memory only: a new visit (and
 * a reload, whose address has them anyway) starts from the address.
 */
let lastHomeFilters: HomeFilters = {};

export function rememberHomeFilters({ date, day, fits }: HomeSearch): void {
  lastHomeFilters = { date, day, fits };
}

export function homeFiltersToReturnTo(): HomeFilters {
  return lastHomeFilters;
}

/** The home screen's date filter as the URL holds it. */
export function homeDateFilter({ date, day }: HomeSearch): HomeDateFilter {
  if (day !== undefined) return { kind: 'calendar', day };
  if (date !== undefined) return { kind: 'word', word: date };
  return noDateFilter;
}

/**
 * `/search`: every filter lives in the URL, so a search can be bookmarked, shared, reloaded and
 * restored with Back. `?category=` preselects one of the nine categories (docs/product.md#spec-2-route-table);
 * `q` is the words, `price` and `date` the API's own words, `location` a place text.
 */
export interface SearchPageSearch {
  q?: string;
  category?: CategoryId;
  price?: SearchPrice;
  date?: SearchDate;
  /** A day picked on Home's calendar ('YYYY-MM-DD'), brought by its See All; wins over `date`. */
  day?: string;
  location?: string;
  /** 'Fits my family' is on (see HomeSearch). */
  fits?: true;
  /** The map instead of the list (issue 33); absent: the list, the primary view. */
  view?: ResultsView;
  /** How far from the location, in the unit chosen ('5mi', '10km'); absent: the family's own. */
  radius?: string;
  /** "Search this area": the map's box 'west,south,east,north' instead of the radius. */
  bbox?: string;
}

/** The results as a list (the default, never written) or on a map. */
export type ResultsView = 'map';

/** `?view=map`; anything else is the list. */
export function resultsViewParam(value: unknown): ResultsView | undefined {
  return value === 'map' ? 'map' : undefined;
}

/** `/saved`: the saved list or its map. */
export interface SavedSearch {
  view?: ResultsView;
}

export function validateSavedSearch(search: Record<string, unknown>): SavedSearch {
  return { view: resultsViewParam(search.view) };
}

function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (categoryIds as readonly string[]).includes(value);
}

function oneOf<const Word extends string>(
  words: readonly Word[],
  value: unknown,
): Word | undefined {
  return words.find((word) => word === value);
}

/**
 * Free text from the URL. The router parses `?location=94110` to the number 94110 (its query
 * values are JSON), so numbers are read back as text. Blank means no filter; text longer than
 * the API accepts is dropped rather than cut, since a cut query would search for something else.
 */
function searchText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length > SEARCH_TEXT_MAX_LENGTH ? undefined : trimmed;
}

export function validateSearchPageSearch(search: Record<string, unknown>): SearchPageSearch {
  const day = validPickedDay(search.day);
  return {
    q: searchText(search.q),
    category: isCategoryId(search.category) ? search.category : undefined,
    price: oneOf(searchPrices, search.price),
    date: day === undefined ? oneOf(searchDates, search.date) : undefined,
    day,
    location: searchText(search.location),
    fits: fitsParam(search.fits),
    view: resultsViewParam(search.view),
    radius: radiusParam(search.radius),
    bbox: bboxParam(search.bbox),
  };
}

/** A radius the URL may hold ('5mi'), kept as written; anything else is dropped. */
function radiusParam(value: unknown): string | undefined {
  const radius = parseRadiusParam(value);
  return radius === undefined ? undefined : formatRadiusParam(radius);
}

/**
 * Four comma-separated numbers, the shape of a box ('west,south,east,north'), kept as written.
 * Only the shape: this runs on every route's startup path (the router's tree), and the full check
 * (contract/boundingBox.ts: ranges, order, size) is left to where the box is used, Search's query
 * and the map (searchResultsQuery.ts's usableSearch drops a box the API would refuse).
 */
const boxShape = /^\s*(-?\d+(\.\d+)?\s*,\s*){3}-?\d+(\.\d+)?\s*$/;

function bboxParam(value: unknown): string | undefined {
  return typeof value === 'string' && boxShape.test(value) ? value : undefined;
}

/**
 * Search with Home's filters (the picks' and deals' See All): the date chip or picked day and
 * 'Fits my family'. The place and family mode are the app's own, which Search follows anyway.
 */
export function searchFromHome(
  dateFilter: HomeDateFilter,
  fitsMyFamily: boolean,
): SearchPageSearch {
  return {
    date: dateFilter.kind === 'word' ? dateFilter.word : undefined,
    day: dateFilter.kind === 'calendar' ? dateFilter.day : undefined,
    fits: fitsMyFamily ? true : undefined,
  };
}

/** True when no filter and no words are set: the screen's starting point. */
export function isEmptySearch(search: SearchPageSearch): boolean {
  return Object.values(search).every((value) => value === undefined);
}

/**
 * `/auth` and `/onboarding`: `?redirect=` is where a visitor sent to sign in was going, so a shared
 * link (an event from Invite Friends) survives sign-in and onboarding. Only a path on this site
 * is kept (path, query and hash); anything that could leave it is dropped, since an open redirect
 * on a sign-in page is a phishing tool ("sign in, then land on our look-alike").
 */
interface RedirectSearch {
  redirect?: string;
}

// Control characters (C0, DEL, C1): the URL parser silently drops tabs and newlines, so
// `/\t/evil.example` would become `//evil.example`; none belongs in a path we produced.
const controlCharacters = /\p{Cc}/u;

/**
 * `value` as a same-origin path + query + hash, or undefined. It must start with one `/` (not
 * `//` or `/\`, which browsers read as another host), hold no control characters, and still
 * resolve to `origin` when parsed against it.
 */
export function sameOriginPath(
  value: unknown,
  origin: string = globalThis.location?.origin ?? 'http://localhost',
): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\') || controlCharacters.test(value)) {
    return undefined;
  }
  try {
    const url = new URL(value, origin);
    return url.origin === new URL(origin).origin ? url.pathname + url.search + url.hash : undefined;
  } catch {
    return undefined;
  }
}

export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  return { redirect: sameOriginPath(search.redirect) };
}
