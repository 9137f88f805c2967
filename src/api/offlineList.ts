import type { CachedItem, CacheKind } from './offlineCache.ts';

/*
 * The read-through around a list request (SPEC 7: "each success is written to the local cache";
 * offline, "the cached list is returned if one exists"). The cache itself loads lazily: this
 * file is on the first-load path of / and /search, the cache code is not.
 */

const loadCache = () => import('./offlineCache.ts');

export interface OfflineListOptions<K extends CacheKind, Page> {
  kind: K;
  /** The first page replaces the cached list; later pages add to it. */
  firstPage: boolean;
  signal: AbortSignal;
  fetchPage(): Promise<Page>;
  itemsOf(page: Page): readonly CachedItem[K][];
  /** The cached list as a last page (nothing more to load offline). */
  pageOf(items: CachedItem[K][]): Page;
}

export async function offlineList<K extends CacheKind, Page>(
  options: OfflineListOptions<K, Page>,
): Promise<Page> {
  try {
    const page = await options.fetchPage();
    loadCache()
      .then((cache) =>
        cache.writeCachedList(options.kind, options.itemsOf(page), !options.firstPage),
      )
      .catch((error: unknown) => console.warn(`Failed to cache ${options.kind}:`, error));
    return page;
  } catch (error) {
    // Only the browser's offline flag decides (SPEC 4); a cancelled request is not a failure,
    // and a later page offline has nothing more to give.
    if (navigator.onLine || options.signal.aborted || !options.firstPage) throw error;
    const cached = await loadCache()
      .then((cache) => cache.readOfflineList(options.kind))
      .catch(() => null);
    if (cached === null) throw error;
    return options.pageOf(cached);
  }
}
