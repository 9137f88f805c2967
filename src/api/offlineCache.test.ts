import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event, EventPage } from '../../contract/events.ts';
import { offlineList } from '../api/offlineList.ts';
import { storageKeys } from '../domain/constants.ts';
import { eventFixture, restaurantFixture } from '../test/fixtures.ts';
import { createApiClient } from './client.ts';
import { eventQueryOptions, eventSearchQueryOptions } from './events.ts';
import {
  EVENT_NOT_ON_DEVICE_TEXT,
  hasCachedContent,
  isCacheStale,
  needsRefreshAfterReconnect,
  offlineEvent,
  offlineSavedEvents,
  readOfflineList,
  subscribeToCache,
  writeCachedList,
} from './offlineCache.ts';
import { createQueryClient } from './queryClient.ts';

const picnic = eventFixture({ id: 'e1', title: 'Family Jazz Picnic' });
const storyTime = eventFixture({ id: 'e2', title: 'Story Time' });
const taqueria = restaurantFixture({ id: 'r1' });
const MINUTE = 60 * 1000;

beforeEach(() => {
  window.localStorage.clear();
  // The module remembers a list served from the cache until the next reconnect: start afresh.
  needsRefreshAfterReconnect();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the offline cache', () => {
  it('keeps each successful list with the sync time under the product keys', () => {
    writeCachedList('events', [picnic], false, localStorage, 1_000);
    writeCachedList('restaurants', [taqueria], false, localStorage, 2_000);
    expect(JSON.parse(localStorage.getItem('famjam_events') ?? '')).toEqual([picnic]);
    expect(JSON.parse(localStorage.getItem('famjam_restaurants') ?? '')).toEqual([taqueria]);
    expect(localStorage.getItem('famjam_last_sync')).toBe('2000');
  });

  it('replaces the list with a first page and adds later pages without duplicates', () => {
    writeCachedList('events', [picnic], false);
    writeCachedList('events', [picnic, storyTime], true);
    expect(readOfflineList('events')?.map((event) => event.id)).toEqual(['e1', 'e2']);
    writeCachedList('events', [storyTime], false);
    expect(readOfflineList('events')?.map((event) => event.id)).toEqual(['e2']);
  });

  it('serves the cached list offline with the docs/product.md#spec-8 console message', () => {
    writeCachedList('events', [picnic], false);
    writeCachedList('restaurants', [taqueria], false);
    expect(readOfflineList('events')).toEqual([picnic]);
    expect(console.log).toHaveBeenCalledWith('Using cached events (offline mode)');
    expect(readOfflineList('restaurants')).toEqual([taqueria]);
    expect(console.log).toHaveBeenCalledWith('Using cached restaurants (offline mode)');
  });

  it('answers null without a cache', () => {
    expect(readOfflineList('events')).toBeNull();
    expect(console.log).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"id":"e1"}'],
  ])('warns about and discards a corrupt entry (%s)', (_what, raw) => {
    localStorage.setItem(storageKeys.events, raw);
    expect(readOfflineList('events')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(
      'Failed to retrieve cached events:',
      expect.any(Error),
    );
    expect(localStorage.getItem(storageKeys.events)).toBeNull();
  });

  it('only warns when the storage is full', () => {
    const full: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
      getItem: () => null,
      removeItem: () => undefined,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    expect(() => writeCachedList('restaurants', [taqueria], false, full)).not.toThrow();
    expect(console.warn).toHaveBeenCalledWith(
      'Failed to cache restaurants:',
      expect.any(DOMException),
    );
    expect(() => writeCachedList('events', [picnic], false, full)).not.toThrow();
    expect(console.warn).toHaveBeenCalledWith('Failed to cache events:', expect.any(DOMException));
  });

  it('is stale without a sync time or after 60 minutes (docs/product.md#spec-4, 9)', () => {
    expect(isCacheStale(localStorage, 0)).toBe(true);
    writeCachedList('events', [picnic], false, localStorage, 0);
    expect(isCacheStale(localStorage, 60 * MINUTE)).toBe(false);
    expect(isCacheStale(localStorage, 60 * MINUTE + 1)).toBe(true);
    localStorage.setItem(storageKeys.lastSync, 'garbage');
    expect(isCacheStale(localStorage, 0)).toBe(true);
  });

  it('tells whether cached events or restaurants exist, and tells subscribers on writes', () => {
    const heard = vi.fn();
    const unsubscribe = subscribeToCache(heard);
    expect(hasCachedContent()).toBe(false);
    writeCachedList('events', [], false);
    expect(hasCachedContent()).toBe(false);
    expect(heard).toHaveBeenLastCalledWith(false);
    writeCachedList('restaurants', [taqueria], false);
    expect(hasCachedContent()).toBe(true);
    expect(heard).toHaveBeenLastCalledWith(true);
    unsubscribe();
  });

  it('asks for a refresh after a list was served from the cache, once', () => {
    writeCachedList('events', [picnic], false, localStorage, Date.now());
    expect(needsRefreshAfterReconnect()).toBe(false);
    readOfflineList('events');
    expect(needsRefreshAfterReconnect()).toBe(true);
    expect(needsRefreshAfterReconnect()).toBe(false);
  });

  it('asks for a refresh when the cache is stale', () => {
    writeCachedList('events', [picnic], false, localStorage, 0);
    expect(needsRefreshAfterReconnect(localStorage, 61 * MINUTE)).toBe(true);
  });
});

describe('offlineList (the read-through around a list request)', () => {
  const page: EventPage = { events: [picnic], nextCursor: 'next' };
  const failure = new TypeError('Failed to fetch');
  const request = (fetchPage: () => Promise<EventPage>, firstPage = true) =>
    offlineList('events', firstPage, new AbortController().signal, fetchPage);
  const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

  it('writes every successful page to the cache', async () => {
    await expect(request(async () => page)).resolves.toEqual(page);
    await vi.waitFor(() => expect(readOfflineList('events')).toEqual([picnic]));
  });

  it('offline, answers a failed first page from the cache as a last page', async () => {
    writeCachedList('events', [storyTime], false);
    goOffline();
    await expect(request(() => Promise.reject(failure))).resolves.toEqual({
      events: [storyTime],
      nextCursor: null,
    });
    expect(console.log).toHaveBeenCalledWith('Using cached events (offline mode)');
  });

  it('answers restaurants as a last page of restaurants', async () => {
    writeCachedList('restaurants', [taqueria], false);
    goOffline();
    await expect(
      offlineList('restaurants', true, new AbortController().signal, () => Promise.reject(failure)),
    ).resolves.toEqual({ restaurants: [taqueria], nextOffset: null });
  });

  it('offline without a cache, or online, passes the failure on', async () => {
    await expect(request(() => Promise.reject(failure))).rejects.toBe(failure);
    writeCachedList('events', [storyTime], false);
    await expect(request(() => Promise.reject(failure))).rejects.toBe(failure);
    localStorage.clear();
    goOffline();
    await expect(request(() => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('offline, a later page fails as it is (the cached list was the last page)', async () => {
    writeCachedList('events', [storyTime], false);
    goOffline();
    await expect(request(() => Promise.reject(failure), false)).rejects.toBe(failure);
  });
});

describe('offlineSavedEvents', () => {
  const failure = new TypeError('Failed to fetch');
  const signal = new AbortController().signal;

  it('offline, answers with the saved events in saved order when the cache holds them all', () => {
    writeCachedList('events', [picnic, storyTime], false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(offlineSavedEvents(['e2', 'e1'], failure, signal)).toEqual({
      events: [storyTime, picnic],
    });
  });

  it('keeps the failure when one is missing from the cache, or when online', () => {
    writeCachedList('events', [picnic], false);
    expect(() => offlineSavedEvents(['e1'], failure, signal)).toThrow(failure);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(() => offlineSavedEvents(['e1', 'e2'], failure, signal)).toThrow(failure);
  });
});

describe('an event opened without a network (issue 31, C.12)', () => {
  const signal = new AbortController().signal;
  const unreachable = new TypeError('Failed to fetch');
  const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  /** An API client whose every request fails as fetch does without a network. */
  const deadNetwork = createApiClient({
    origin: 'http://famjam.test',
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    getIdToken: async () => null,
  });

  /** A query cache holding one search this visit loaded. */
  const visitWith = (events: Event[]) => {
    const queryClient = createQueryClient(deadNetwork);
    queryClient.setQueryData(eventSearchQueryOptions({ location: 'Oakland, CA' }).queryKey, {
      pages: [{ events, nextCursor: null }],
      pageParams: [null],
    });
    return queryClient;
  };

  it('is answered from the list kept on the device', () => {
    writeCachedList('events', [picnic, storyTime], false);
    offline();
    expect(offlineEvent('e2', unreachable, signal, visitWith([]))).toEqual(storyTime);
  });

  it("prefers this visit's lists, and says plainly when the event is in none", () => {
    writeCachedList('events', [picnic], false);
    const renamed = { ...picnic, title: 'Family Jazz Picnic (moved indoors)' };
    offline();
    expect(offlineEvent('e1', unreachable, signal, visitWith([renamed]))).toEqual(renamed);
    expect(() => offlineEvent('e9', unreachable, signal, visitWith([]))).toThrow(
      EVENT_NOT_ON_DEVICE_TEXT,
    );
  });

  it("online, a dropped request says the server could not be reached, not 'Failed to fetch'", () => {
    expect(() => offlineEvent('e9', unreachable, signal, visitWith([]))).toThrow(
      "We couldn't reach FamJam. Check your connection, then try again.",
    );
  });

  it('keeps an answer from the server (a 404) and a cancelled request as they are', async () => {
    writeCachedList('events', [picnic], false);
    offline();
    const notFound = createApiClient({
      origin: 'http://famjam.test',
      fetch: async () => new Response('{"message":"Event not found"}', { status: 404 }),
      getIdToken: async () => null,
    });
    await expect(
      createQueryClient(notFound).fetchQuery(eventQueryOptions('e1', notFound)),
    ).rejects.toMatchObject({ name: 'HTTPError' });
    const cancelled = new AbortController();
    cancelled.abort();
    expect(() => offlineEvent('e1', unreachable, cancelled.signal, visitWith([picnic]))).toThrow(
      unreachable,
    );
  });

  it("the event query falls back to a search this visit loaded, then to the device's list", async () => {
    const queryClient = visitWith([storyTime]);
    writeCachedList('events', [picnic], false);
    offline();
    await expect(queryClient.fetchQuery(eventQueryOptions('e2', deadNetwork))).resolves.toEqual(
      storyTime,
    );
    await expect(queryClient.fetchQuery(eventQueryOptions('e1', deadNetwork))).resolves.toEqual(
      picnic,
    );
    await expect(queryClient.fetchQuery(eventQueryOptions('e9', deadNetwork))).rejects.toThrow(
      EVENT_NOT_ON_DEVICE_TEXT,
    );
  });
});
