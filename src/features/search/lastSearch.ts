import {
  isEmptySearch,
  type SearchPageSearch,
  validateSearchPageSearch,
} from '../../app/searchParams.ts';
import { monthDayLabel } from '../../domain/calendarDay.ts';
import { categoryLabel } from '../../domain/categoryLabel.ts';
import { storageKeys } from '../../domain/constants.ts';
import { priceLabel, whenLabel } from './filterOptions.ts';
import { i18n } from './messages.ts';

/*
 * The last search, kept in local storage (`famjam_last_search`) so the next visit to /search
 * can offer it again. It is stored as the URL holds it and read back through the route's own
 * validation, so an entry written by an older build, or edited by hand, is never trusted as is.
 * Signing out removes it with the other user-scoped entries (src/app/appStateStore.ts).
 */

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Safari private mode and sandboxed frames throw on access: nothing is remembered.
    return null;
  }
}

/**
 * What continuing a search brings back: the words and the filters, the radius among them, since
 * they are what the family chose to look for. Not the view nor the map's box: the list is the
 * primary view and the place every search opens, and a panned map area ("Search this area") was
 * a moment's choice, which would otherwise come back as a stale 'Map area' in place of the radius.
 */
function continuable(search: SearchPageSearch): SearchPageSearch {
  return { ...search, view: undefined, bbox: undefined };
}

export function readLastSearch(): SearchPageSearch | null {
  try {
    const raw = storage()?.getItem(storageKeys.lastSearch);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    // Dropped on reading too: an entry kept by an earlier build may still hold them.
    const search = continuable(validateSearchPageSearch(parsed as Record<string, unknown>));
    return isEmptySearch(search) ? null : search;
  } catch {
    return null;
  }
}

/**
 * Keeps a search that has something to continue; an empty one (or one that is only the map)
 * keeps the last real search.
 */
export function rememberSearch(search: SearchPageSearch): void {
  const kept = continuable(search);
  if (isEmptySearch(kept)) return;
  try {
    storage()?.setItem(storageKeys.lastSearch, JSON.stringify(kept));
  } catch {
    // A full or blocked storage only costs the offer on the next visit.
  }
}

/** One line naming a search: '"puppets" · Arts & Culture · Under $20 · This Weekend · near Oakland'. */
export function describeSearch(search: SearchPageSearch): string {
  return [
    search.q === undefined ? undefined : `"${search.q}"`,
    search.category === undefined ? undefined : categoryLabel(search.category),
    search.price === undefined ? undefined : priceLabel(search.price),
    search.date === undefined ? undefined : whenLabel(search.date),
    search.day === undefined ? undefined : monthDayLabel(search.day),
    search.location === undefined
      ? undefined
      : i18n.t('search.lastSearch.near', { location: search.location }),
    search.fits ? i18n.t('search.fitsMyFamily') : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}
