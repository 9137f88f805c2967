import type { CacheKind, PageOf } from './offlineCache.ts';

/*
 * The read-through around a list request (docs/product.md#spec-7: "each success is written to the local cache";
 * offline, "the cached list is returned if one exists"). This file is on the first-load path of
 * / and /search, so it only hands over: the cache and the decisions live in the lazily loaded
 * src/api/offlineCache.ts. A successful list loads that module, so it is in memory by the time
 * the network drops.
 */
export function offlineList<K extends CacheKind>(
  kind: K,
  /** The first page replaces the cached list; later pages add to it. */
  firstPage: boolean,
  signal: AbortSignal,
  fetchPage: () => Promise<PageOf[K]>,
): Promise<PageOf[K]> {
  const cache = import('./offlineCache.ts');
  return fetchPage().then(
    (page) => {
      cache.then((module) => module.cacheAnswer(kind, page, firstPage)).catch(() => undefined);
      return page;
    },
    (error: unknown) =>
      cache.then(
        (module) => module.offlineAnswer(kind, error, firstPage, signal),
        () => Promise.reject(error),
      ),
  );
}
