import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseBoundingBox } from '../../../contract/boundingBox.ts';
import type { EventPage } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { SESSION_HINT_KEY, storageKeys } from '../../domain/constants.ts';
import { type FakeApi, stubApi } from '../../test/fakeApi.ts';
import { eventFixture } from '../../test/fixtures.ts';
import {
  prefetchSearchResults,
  searchResultsQueryOptions,
  usableSearch,
} from './searchResultsQuery.ts';

let api: FakeApi;
const answer: EventPage = { events: [eventFixture()], nextCursor: null };

describe('prefetchSearchResults (the search route starts its list early)', () => {
  beforeEach(() => {
    localStorage.clear();
    api = stubApi(() => Response.json(answer));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("asks for the list this device's place and mode will show, under the list's own key", async () => {
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    localStorage.setItem(storageKeys.location, JSON.stringify('Austin, TX'));
    localStorage.setItem(storageKeys.familyMode, JSON.stringify(false));
    const queryClient = createQueryClient();

    prefetchSearchResults(queryClient, { q: 'puppets', category: 'arts' });

    await vi.waitFor(() => expect(api.requestsTo('/api/events/search')).toHaveLength(1));
    const [sent] = api.requestsTo('/api/events/search');
    expect(sent?.searchParams.get('location')).toBe('Austin, TX');
    expect(sent?.searchParams.get('query')).toBe('puppets');
    expect(sent?.searchParams.get('category')).toBe('arts');
    // All Events, as this device last chose: the API's default, so no familyMode filter.
    expect(sent?.searchParams.has('familyMode')).toBe(false);
    const listKey = searchResultsQueryOptions(
      { q: 'puppets', category: 'arts' },
      { location: 'Austin, TX', familyMode: false, familyRadius: null },
    ).queryKey;
    await vi.waitFor(() => expect(queryClient.getQueryData(listKey)?.pages).toEqual([answer]));
  });

  it("searches near the address's place when the search names one", async () => {
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    localStorage.setItem(storageKeys.location, JSON.stringify('Austin, TX'));
    prefetchSearchResults(createQueryClient(), { location: 'Denver, CO' });
    await vi.waitFor(() => expect(api.requestsTo('/api/events/search')).toHaveLength(1));
    const [sent] = api.requestsTo('/api/events/search');
    expect(sent?.searchParams.get('location')).toBe('Denver, CO');
    // Family Safe, the mode of a device that never chose.
    expect(sent?.searchParams.get('familyMode')).toBe('true');
  });

  it('asks nothing on a device not signed in last time, or with Fits my family on', async () => {
    prefetchSearchResults(createQueryClient(), { q: 'puppets' });
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    prefetchSearchResults(createQueryClient(), { q: 'puppets', fits: true });
    // Both would have asked at once (the request starts in the call): give them a turn anyway.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toEqual([]);
  });
});

describe('the radius and the map area a search sends (issue 33)', () => {
  const near = { location: 'Oakland, CA', familyMode: true } as const;
  const sent = (search: SearchPageSearch, familyRadius: string | null) =>
    searchResultsQueryOptions(search, { ...near, familyRadius }).queryKey[1];

  it("sends the URL's radius in km, else the family's, else none (the API's 40 km)", () => {
    expect(sent({ radius: '5mi' }, '10km')).toMatchObject({ radiusKm: 8.05 });
    expect(sent({}, '10km')).toMatchObject({ radiusKm: 10 });
    expect(sent({}, null)).not.toHaveProperty('radiusKm');
    // A value the device kept that no longer reads as a radius: the default.
    expect(sent({}, 'far')).not.toHaveProperty('radiusKm');
  });

  it("sends the map's box instead of the radius while it is set", () => {
    const bbox = '-122.35000,37.75000,-122.15000,37.88000';
    const key = sent({ bbox, radius: '5mi' }, '10km');
    expect(key).toMatchObject({ bbox });
    expect(key).not.toHaveProperty('radiusKm');
  });

  it('sends the radius, not a box the API would refuse (a bad link searches, never fails)', () => {
    for (const bbox of ['-122.15,37.75,-122.35,37.88', '-180.00,-90.00,180.00,90.00']) {
      const key = sent(usableSearch({ bbox, radius: '5mi' }, parseBoundingBox), null);
      expect(key).not.toHaveProperty('bbox');
      expect(key).toMatchObject({ radiusKm: 8.05 });
    }
    const good = { q: 'zoo', bbox: '-122.35000,37.75000,-122.15000,37.88000' };
    expect(usableSearch(good, parseBoundingBox)).toBe(good);
  });

  it('prefetches a box the API accepts, and the radius instead of one it would refuse', async () => {
    const api = stubApi(() => Response.json(answer));
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    const queryClient = createQueryClient();
    prefetchSearchResults(queryClient, { q: 'zoo', bbox: '-122.35,37.75,-122.15,37.88' });
    prefetchSearchResults(queryClient, {
      q: 'park',
      radius: '5mi',
      bbox: '-122.15,37.75,-122.35,37.88',
    });
    await vi.waitFor(() => expect(api.requestsTo('/api/events/search')).toHaveLength(2));
    const sentParams = api.requestsTo('/api/events/search').map(({ searchParams }) => ({
      query: searchParams.get('query'),
      bbox: searchParams.get('bbox'),
      radiusKm: searchParams.get('radiusKm'),
    }));
    expect(sentParams).toEqual(
      expect.arrayContaining([
        { query: 'zoo', bbox: '-122.35,37.75,-122.15,37.88', radiusKm: null },
        { query: 'park', bbox: null, radiusKm: '8.05' },
      ]),
    );
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('keeps each radius and box in its own cache entry', () => {
    const keys = [sent({}, null), sent({ radius: '5mi' }, null), sent({ radius: '10km' }, null)];
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(3);
  });

  it("prefetches with the family's radius, under the list's own key", async () => {
    const api = stubApi(() => Response.json(answer));
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    localStorage.setItem(storageKeys.familyRadius, JSON.stringify('3mi'));
    const queryClient = createQueryClient();
    prefetchSearchResults(queryClient, { q: 'zoo' });
    await vi.waitFor(() => expect(api.requestsTo('/api/events/search')).toHaveLength(1));
    expect(api.requestsTo('/api/events/search')[0]?.searchParams.get('radiusKm')).toBe('4.83');
    const listKey = searchResultsQueryOptions(
      { q: 'zoo' },
      { location: 'San Francisco, CA', familyMode: true, familyRadius: '3mi' },
    ).queryKey;
    await vi.waitFor(() => expect(queryClient.getQueryData(listKey)?.pages).toEqual([answer]));
    localStorage.clear();
    vi.unstubAllGlobals();
  });
});
