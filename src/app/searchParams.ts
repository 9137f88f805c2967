import { type CategoryId, categoryIds } from '../domain/constants.ts';

/*
 * validateSearch functions for the routes that take query parameters. A link shared with a bad or
 * outdated value should still open the page, so an invalid value is dropped, never an error.
 * "Dropped" means returned as `undefined`, not left out: the router merges the validated result
 * over the raw query, so a missing key would let the raw (invalid) value through to the page.
 */

/** `/`: `?shake=true` auto-triggers shake-discover once (SPEC route table). */
export interface HomeSearch {
  shake?: boolean;
}

export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  // TanStack Router parses `?shake=true` to the boolean; a hand-written `"true"` string counts too.
  const shake = search.shake === true || search.shake === 'true';
  return { shake: shake ? true : undefined };
}

/** `/search`: `?category=` preselects one of the nine categories (SPEC route table). */
export interface SearchPageSearch {
  category?: CategoryId;
}

function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (categoryIds as readonly string[]).includes(value);
}

export function validateSearchPageSearch(search: Record<string, unknown>): SearchPageSearch {
  const category = search.category;
  return { category: isCategoryId(category) ? category : undefined };
}
