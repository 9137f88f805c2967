import type { QueryClient } from '@tanstack/react-query';
import type { Event, EventPage } from '../../contract/events.ts';
import type { Restaurant, RestaurantPage } from '../../contract/restaurants.ts';
import { CACHE_STALE_MINUTES, storageKeys } from '../domain/constants.ts';
import { HTTPError } from './client.ts';
import { browserStorage, type StorageLike } from './storage.ts';

/*
 * The local cache behind offline mode (docs/product.md#spec-4-offline, "Cache staleness", 7, 8 "Offline").
 * Every successful events or restaurants list is kept in local storage with the time of the last
 * sync; offline, a failed list request is answered from it. Loaded on the first successful list
 * (src/api/offlineList.ts), never on the first-load path: by the time the network drops, the
 * module is in memory.
 *
 * It lives in src/app, not src/api: vite.config.ts groups every src/api module that two chunks
 * share into the first-load `ui` chunk, and this one is shared by the list requests and the banner.
 *
 * The cache is one list per kind, not one per query: offline, every events screen shows what was
 * loaded last, whatever its filters (docs/product.md#spec-7: "the cached list is returned").
 */

export type CacheKind = 'events' | 'restaurants';
interface CachedItem {
  events: Event;
  restaurants: Restaurant;
}
export interface PageOf {
  events: EventPage;
  restaurants: RestaurantPage;
}

const STALE_AFTER_MS = CACHE_STALE_MINUTES * 60 * 1000;

const listeners = new Set<(hasCache: boolean) => void>();
/** A list was answered from the cache since the last reconnect: it must be refreshed then. */
let servedFromCache = false;

function warn(message: string, error: unknown): void {
  console.warn(message, error);
}

function notify(storage: StorageLike | null): void {
  const has = hasCachedContent(storage);
  for (const listener of listeners) listener(has);
}

/** Called with whether cached events or restaurants exist, after every write. */
export function subscribeToCache(listener: (hasCache: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps `items` as the cached list of `kind` and stamps the sync time. A later page (`append`)
 * adds to the first page's list instead of replacing it. A full or blocked storage only warns.
 */
export function writeCachedList<K extends CacheKind>(
  kind: K,
  items: readonly CachedItem[K][],
  append: boolean,
  storage: StorageLike | null = browserStorage(),
  now: number = Date.now(),
): void {
  try {
    if (!storage) throw new Error('Local storage is not available');
    const earlier = append ? (readList(kind, storage) ?? []) : [];
    const seen = new Set(earlier.map((item) => item.id));
    const list = [...earlier, ...items.filter((item) => !seen.has(item.id))];
    storage.setItem(storageKeys[kind], JSON.stringify(list));
    storage.setItem(storageKeys.lastSync, JSON.stringify(now));
  } catch (error) {
    warn(`Failed to cache ${kind}:`, error);
  }
  notify(storage);
}

function isCachedList(value: unknown): value is { id: string }[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && typeof item.id === 'string')
  );
}

/**
 * The cached list of `kind`, or null when there is none. A corrupt entry (not JSON, not a list)
 * is warned about and discarded, so it cannot fail again on the next read.
 */
function readList<K extends CacheKind>(
  kind: K,
  storage: StorageLike | null,
): CachedItem[K][] | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(storageKeys[kind]);
    if (raw == null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isCachedList(parsed)) throw new Error(`The cached ${kind} are not a list`);
    // Written by writeCachedList from the API's own typed responses.
    return parsed as CachedItem[K][];
  } catch (error) {
    warn(`Failed to retrieve cached ${kind}:`, error);
    try {
      if (raw != null) storage?.removeItem(storageKeys[kind]);
    } catch {
      // Storage that cannot even remove is blocked; the next read warns again and that is all.
    }
    return null;
  }
}

/**
 * The offline answer to a failed list request: the cached list (stale or not: offline, old
 * content beats none), with docs/product.md#spec-8's console message; null when nothing is cached.
 */
export function readOfflineList<K extends CacheKind>(
  kind: K,
  storage: StorageLike | null = browserStorage(),
): CachedItem[K][] | null {
  const list = readList(kind, storage);
  if (list === null) return null;
  console.log(`Using cached ${kind} (offline mode)`);
  servedFromCache = true;
  return list;
}

/** docs/product.md#spec-4: stale when the last-sync time is missing (or unreadable) or over 60 minutes old. */
export function isCacheStale(
  storage: StorageLike | null = browserStorage(),
  now: number = Date.now(),
): boolean {
  try {
    const stamp: unknown = JSON.parse(storage?.getItem(storageKeys.lastSync) ?? 'null');
    return typeof stamp !== 'number' || now - stamp > STALE_AFTER_MS;
  } catch {
    return true;
  }
}

/** Cached events or restaurants exist (the banner's 'Showing previously loaded content'). */
export function hasCachedContent(storage: StorageLike | null = browserStorage()): boolean {
  return (['events', 'restaurants'] as const).some((kind) => {
    try {
      const list: unknown = JSON.parse(storage?.getItem(storageKeys[kind]) ?? 'null');
      return isCachedList(list) && list.length > 0;
    } catch {
      return false;
    }
  });
}

/**
 * Back online: whether the lists on screen must be fetched again, because one was answered
 * from the cache meanwhile or the last sync is stale. Asking resets the "answered from cache".
 */
export function needsRefreshAfterReconnect(
  storage: StorageLike | null = browserStorage(),
  now: number = Date.now(),
): boolean {
  const answer = servedFromCache || isCacheStale(storage, now);
  servedFromCache = false;
  return answer;
}

/** The items of a page of `kind`. */
function itemsOf<K extends CacheKind>(kind: K, page: PageOf[K]): readonly CachedItem[K][] {
  // Each kind's page holds its items under the kind's own name.
  return (page as Record<K, CachedItem[K][]>)[kind];
}

/** The cached list as a last page: offline there is nothing more to load. */
function lastPageOf<K extends CacheKind>(kind: K, items: CachedItem[K][]): PageOf[K] {
  const page: PageOf[CacheKind] =
    kind === 'events'
      ? { events: items as Event[], nextCursor: null }
      : { restaurants: items as Restaurant[], nextOffset: null };
  return page as PageOf[K];
}

/** A successful list response (src/api/offlineList.ts): kept for offline use. */
export function cacheAnswer<K extends CacheKind>(
  kind: K,
  page: PageOf[K],
  firstPage: boolean,
): void {
  writeCachedList(kind, itemsOf(kind, page), !firstPage);
}

/**
 * A failed list request (src/api/offlineList.ts): offline, the cached list as a last page;
 * otherwise, or without a cache, the failure as it was. Only the browser's offline flag decides
 * (docs/product.md#spec-4); a cancelled request is no failure, and a later page has nothing more to give.
 */
export function offlineAnswer<K extends CacheKind>(
  kind: K,
  error: unknown,
  firstPage: boolean,
  signal: AbortSignal,
): PageOf[K] {
  if (navigator.onLine || signal.aborted || !firstPage) throw error;
  const cached = readOfflineList(kind);
  if (cached === null) throw error;
  return lastPageOf(kind, cached);
}

/**
 * A failed saved-events request (src/api/events.ts): offline, the saved events from the cached
 * list, when it holds every one of them. A partial list would read as "removed by its organiser"
 * on the Saved screen, so otherwise the failure stands (the screen offers Retry).
 */
export function offlineSavedEvents(
  ids: readonly string[],
  error: unknown,
  signal: AbortSignal,
): { events: Event[] } {
  if (navigator.onLine || signal.aborted) throw error;
  const cached = readOfflineList('events') ?? [];
  const events = ids.flatMap((id) => cached.filter((event) => event.id === id));
  if (events.length < ids.length) throw error;
  return { events };
}

/** What an event page says offline when the event is in no list this device has. */
export const EVENT_NOT_ON_DEVICE_TEXT =
  "You're offline, and this event is not on this device yet. Try again once you're back online.";
const SERVER_UNREACHABLE_TEXT = "We couldn't reach FamJam. Check your connection, then try again.";

/** The event lists a visit keeps in React Query's cache, by the path of their key. */
const eventListPaths: readonly unknown[] = [
  '/api/events/search',
  '/api/events/saved',
  '/api/events',
];

/** Every event in the lists this visit has loaded (search pages, the saved list). */
function eventsShownThisVisit(queryClient: QueryClient): Event[] {
  const eventsIn = (data: unknown): Event[] => {
    if (typeof data !== 'object' || data === null) return [];
    if ('pages' in data && Array.isArray(data.pages)) return data.pages.flatMap(eventsIn);
    if ('events' in data && Array.isArray(data.events)) return data.events as Event[];
    return [];
  };
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => eventListPaths.includes(query.queryKey[0]) })
    .flatMap((query) => eventsIn(query.state.data));
}

/**
 * A failed single-event request (src/api/events.ts) that got no answer from the server (offline,
 * or a network that drops it): the event from a list already shown, this visit's lists (the
 * query cache) first, then the list kept on the device. An answer from the server (a 404)
 * stands, and a cancelled request is no failure. With the event nowhere, the failure says plainly
 * what happened instead of the browser's 'Failed to fetch'.
 */
export function offlineEvent(
  id: string,
  error: unknown,
  signal: AbortSignal,
  queryClient: QueryClient,
): Event {
  if (signal.aborted || error instanceof HTTPError) throw error;
  const found =
    eventsShownThisVisit(queryClient).find((event) => event.id === id) ??
    readList('events', browserStorage())?.find((event) => event.id === id);
  if (found) {
    console.log('Using cached events (offline mode)');
    return found;
  }
  if (!navigator.onLine) throw new Error(EVENT_NOT_ON_DEVICE_TEXT);
  throw error instanceof TypeError ? new Error(SERVER_UNREACHABLE_TEXT) : error;
}
