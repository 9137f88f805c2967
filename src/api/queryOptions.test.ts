import { hashKey, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { categoryIds } from '../../contract/categories.ts';
import {
  type CategoryCounts,
  dateWords,
  type Event,
  type EventList,
  type EventPage,
  priceFilters,
} from '../../contract/events.ts';
import { familyGroupIds } from '../../contract/family.ts';
import type { Place, PlaceSuggestions } from '../../contract/geo.ts';
import type { RestaurantPage } from '../../contract/restaurants.ts';
import type { UserRecord } from '../../contract/user.ts';
import { samUserRecord } from '../test/fixtures.ts';
import { createApiClient } from './client.ts';
import {
  categoryCountsQueryOptions,
  eventQueryOptions,
  eventSearchQueryOptions,
  savedEventsQueryOptions,
} from './events.ts';
import { placeSuggestionsQueryOptions, reverseGeocodeQueryOptions } from './geo.ts';
import { myPollsQueryOptions, pollQueryOptions } from './polls.ts';
import { createQueryClient } from './queryClient.ts';
import { restaurantsQueryOptions } from './restaurants.ts';
import { userByEmailQueryOptions } from './users.ts';

const origin = 'http://famjam.test';

/** A client whose every request is recorded and answered with `body`. */
function recordingClient(body: unknown) {
  const urls: string[] = [];
  const client = createApiClient({
    origin,
    getIdToken: async () => null,
    fetch: async (input, init) => {
      urls.push((input instanceof Request ? input : new Request(input, init)).url);
      return Response.json(body);
    },
  });
  return { client, urls };
}

type Client = ReturnType<typeof recordingClient>['client'];

interface Endpoint<Params extends object> {
  arbitrary: fc.Arbitrary<Params>;
  /** An answer of the endpoint's response type. */
  body: unknown;
  key: (params: Params) => QueryKey;
  /** Runs the query through a real QueryClient, as a screen or a loader would. */
  run: (params: Params, client: Client) => Promise<unknown>;
}

/** The URLs one run of the query requests (none when it answers without asking). */
async function requested<Params extends object>(endpoint: Endpoint<Params>, params: Params) {
  const { client, urls } = recordingClient(endpoint.body);
  await endpoint.run(params, client);
  return urls.join(' ');
}

/** Values the user interface sends, plus blanks, prototype names and arbitrary text. */
const text = fc.oneof(
  fc.constant(undefined),
  fc.constant(''),
  fc.constantFrom('San Francisco, CA', 'Oakland, CA', '94103', '37.77, -122.41'),
  fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty'),
  fc.string({ maxLength: 12 }),
);
const optional = <Value>(arbitrary: fc.Arbitrary<Value>) =>
  fc.option(arbitrary, { nil: undefined });
const familyMode = optional(fc.boolean());
const limit = optional(fc.integer({ min: 1, max: 100 }));
const radiusKm = optional(fc.double({ min: 0.1, max: 500, noNaN: true }));
/** 'Fits my family': any choice of groups, in any order, sometimes none. */
const ages = optional(fc.shuffledSubarray([...familyGroupIds]));
/** Exactly the keys of `model`, each maybe absent: the shapes a caller can build. */
const params = <Model extends Record<string, fc.Arbitrary<unknown>>>(model: Model) =>
  fc.record(model, { requiredKeys: [] });

const emptyPage: EventPage = { events: [], nextCursor: null };

const endpoints = {
  'GET /api/events/search': {
    arbitrary: params({
      query: text,
      category: optional(fc.constantFrom('' as const, ...categoryIds)),
      familyMode,
      ages,
      location: text,
      price: optional(fc.constantFrom('' as const, ...priceFilters)),
      date: optional(fc.constantFrom('', ...dateWords, '2026-12-24')),
      tz: optional(fc.constantFrom('America/Los_Angeles', 'Asia/Tokyo')),
      limit,
      radiusKm,
    }),
    body: emptyPage,
    key: (p) => eventSearchQueryOptions(p).queryKey,
    run: (p, client) =>
      createQueryClient(client).fetchInfiniteQuery(eventSearchQueryOptions(p, client)),
  } satisfies Endpoint<Parameters<typeof eventSearchQueryOptions>[0]>,
  'GET /api/events/{id}': {
    arbitrary: fc.record({ id: fc.string({ minLength: 1, maxLength: 20 }) }),
    body: {},
    key: (p) => eventQueryOptions(p.id).queryKey,
    run: (p, client) => createQueryClient(client).fetchQuery(eventQueryOptions(p.id, client)),
  } satisfies Endpoint<{ id: string }>,
  'GET /api/events/saved': {
    arbitrary: fc.record({
      ids: fc.array(
        fc.string({ minLength: 1, maxLength: 8 }).filter((id) => !id.includes(',')),
        { maxLength: 4 },
      ),
    }),
    body: { events: [] },
    key: (p) => savedEventsQueryOptions(p.ids).queryKey,
    run: (p, client) =>
      createQueryClient(client).fetchQuery(savedEventsQueryOptions(p.ids, client)),
  } satisfies Endpoint<{ ids: string[] }>,
  'GET /api/events/categories': {
    arbitrary: params({ location: text, familyMode, ages, radiusKm }),
    body: { categories: [], location: 'San Francisco, CA' },
    key: (p) => categoryCountsQueryOptions(p).queryKey,
    run: (p, client) => createQueryClient(client).fetchQuery(categoryCountsQueryOptions(p, client)),
  } satisfies Endpoint<Parameters<typeof categoryCountsQueryOptions>[0]>,
  'GET /api/restaurants': {
    arbitrary: params({ location: text, radiusKm, limit }),
    body: { restaurants: [], nextOffset: null },
    key: (p) => restaurantsQueryOptions(p).queryKey,
    run: (p, client) =>
      createQueryClient(client).fetchInfiniteQuery(restaurantsQueryOptions(p, client)),
  } satisfies Endpoint<Parameters<typeof restaurantsQueryOptions>[0]>,
  'GET /api/geo/reverse': {
    arbitrary: fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lon: fc.double({ min: -180, max: 180, noNaN: true }),
    }),
    body: { label: 'Oakland, CA', latitude: 0, longitude: 0, timeZone: 'UTC' },
    key: (p) => reverseGeocodeQueryOptions(p).queryKey,
    run: (p, client) => createQueryClient(client).fetchQuery(reverseGeocodeQueryOptions(p, client)),
  } satisfies Endpoint<Parameters<typeof reverseGeocodeQueryOptions>[0]>,
  'GET /api/geo/suggest': {
    arbitrary: fc.record({ q: fc.oneof(fc.constant(''), fc.string({ maxLength: 10 })) }),
    body: { suggestions: [] },
    key: (p) => placeSuggestionsQueryOptions(p).queryKey,
    run: (p, client) =>
      createQueryClient(client).fetchQuery(placeSuggestionsQueryOptions(p, client)),
  } satisfies Endpoint<Parameters<typeof placeSuggestionsQueryOptions>[0]>,
  'GET /api/users/by-email/{email}': {
    arbitrary: fc.record({ email: fc.emailAddress() }),
    body: samUserRecord,
    key: (p) => userByEmailQueryOptions(p.email).queryKey,
    run: (p, client) =>
      createQueryClient(client).fetchQuery(userByEmailQueryOptions(p.email, client)),
  } satisfies Endpoint<{ email: string }>,
  'GET /api/polls': {
    arbitrary: fc.record({ limit: fc.integer({ min: 1, max: 20 }) }),
    body: { polls: [] },
    key: (p) => myPollsQueryOptions(p.limit).queryKey,
    run: (p, client) => createQueryClient(client).fetchQuery(myPollsQueryOptions(p.limit, client)),
  } satisfies Endpoint<{ limit: number }>,
  'GET /api/polls/{id}': {
    arbitrary: fc.record({ id: fc.string({ minLength: 1, maxLength: 22 }) }),
    body: {},
    key: (p) => pollQueryOptions(p.id).queryKey,
    run: (p, client) => createQueryClient(client).fetchQuery(pollQueryOptions(p.id, client)),
  } satisfies Endpoint<{ id: string }>,
};

/** The same entries, inserted in reverse order. */
function reordered<Params extends object>(params: Params): Params {
  return Object.fromEntries(Object.entries(params).reverse()) as Params;
}

function describeEndpoint<Params extends object>(name: string, endpoint: Endpoint<Params>) {
  describe(name, () => {
    it('gives each distinct request its own key, and one request one key', async () => {
      await fc.assert(
        fc.asyncProperty(endpoint.arbitrary, endpoint.arbitrary, async (params, other) => {
          // Change one parameter at a time: the key must change exactly when the request does.
          for (const name of new Set([...Object.keys(params), ...Object.keys(other)])) {
            const changed = { ...params, [name]: other[name as keyof Params] };
            const sameRequest =
              (await requested(endpoint, params)) === (await requested(endpoint, changed));
            const sameKey = hashKey(endpoint.key(params)) === hashKey(endpoint.key(changed));
            expect(sameKey, `changing ${name}`).toBe(sameRequest);
          }
        }),
        { numRuns: 40 },
      );
    });

    it('does not care in which order the parameters were written', async () => {
      await fc.assert(
        fc.asyncProperty(endpoint.arbitrary, async (params) => {
          const shuffled = reordered(params);
          expect(hashKey(endpoint.key(shuffled))).toBe(hashKey(endpoint.key(params)));
          expect(await requested(endpoint, shuffled)).toBe(await requested(endpoint, params));
        }),
        { numRuns: 40 },
      );
    });
  });
}

describe('query options factories', () => {
  for (const [name, endpoint] of Object.entries(endpoints)) {
    // Each entry is checked against its own Params by `satisfies` above.
    describeEndpoint(name, endpoint as Endpoint<object>);
  }
});

describe('what is sent', () => {
  it('leaves out every parameter that is not set, and family mode when off', async () => {
    const { client, urls } = recordingClient(emptyPage);
    await createQueryClient(client).fetchInfiniteQuery(
      eventSearchQueryOptions(
        {
          query: 'jazz',
          category: '',
          familyMode: false,
          location: undefined,
          price: 'free',
          date: '',
          radiusKm: 25,
        },
        client,
      ),
    );
    expect(urls).toEqual([`${origin}/api/events/search?price=free&query=jazz&radiusKm=25`]);
  });

  it('sends nothing after the path when nothing is set', async () => {
    const { client, urls } = recordingClient(emptyPage);
    await createQueryClient(client).fetchInfiniteQuery(
      eventSearchQueryOptions({ location: '', familyMode: false }, client),
    );
    expect(urls).toEqual([`${origin}/api/events/search`]);
  });

  it("sends 'Fits my family' as one ages list in a fixed order, and nothing for no groups", async () => {
    const { client, urls } = recordingClient(emptyPage);
    const queries = createQueryClient(client);
    await queries.fetchInfiniteQuery(
      eventSearchQueryOptions({ query: 'zoo', ages: ['teens', 'young_kids'] }, client),
    );
    await queries.fetchInfiniteQuery(eventSearchQueryOptions({ ages: [] }, client));
    expect(urls).toEqual([
      `${origin}/api/events/search?ages=teens%2Cyoung_kids&query=zoo`,
      `${origin}/api/events/search`,
    ]);
  });

  it('sends family mode only when on (docs/product.md#spec-7)', async () => {
    const { client, urls } = recordingClient(emptyPage);
    await createQueryClient(client).fetchInfiniteQuery(
      eventSearchQueryOptions({ familyMode: true, location: 'Oakland, CA' }, client),
    );
    expect(urls).toEqual([`${origin}/api/events/search?familyMode=true&location=Oakland%2C+CA`]);
  });

  it('asks for the next page with the same parameters and the cursor it was given', async () => {
    const pages: EventPage[] = [
      { events: [], nextCursor: 'c2' },
      { events: [], nextCursor: null },
    ];
    const urls: string[] = [];
    const client = createApiClient({
      origin,
      getIdToken: async () => null,
      fetch: async (input) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return Response.json(pages[urls.length - 1]);
      },
    });
    const queryClient = createQueryClient(client);
    const options = eventSearchQueryOptions({ location: 'Oakland, CA' }, client);
    await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(urls).toEqual([
      `${origin}/api/events/search?location=Oakland%2C+CA`,
      `${origin}/api/events/search?cursor=c2&location=Oakland%2C+CA`,
    ]);
  });

  it('pages restaurants by the offset the last page gave', async () => {
    const pages: RestaurantPage[] = [
      { restaurants: [], nextOffset: 20 },
      { restaurants: [], nextOffset: null },
    ];
    const urls: string[] = [];
    const client = createApiClient({
      origin,
      getIdToken: async () => null,
      fetch: async (input) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return Response.json(pages[urls.length - 1]);
      },
    });
    const options = restaurantsQueryOptions({ location: '94103' }, client);
    await createQueryClient(client).fetchInfiniteQuery({ ...options, pages: 3 });
    expect(urls).toEqual([
      `${origin}/api/restaurants?location=94103`,
      `${origin}/api/restaurants?location=94103&offset=20`,
    ]);
  });

  it('asks for saved events by their ids in order, and not at all without ids', async () => {
    const { client, urls } = recordingClient({ events: [] });
    const queryClient = createQueryClient(client);
    await queryClient.fetchQuery(savedEventsQueryOptions(['seed:b', 'seed:a'], client));
    await expect(queryClient.fetchQuery(savedEventsQueryOptions([], client))).resolves.toEqual({
      events: [],
    });
    expect(urls).toEqual([`${origin}/api/events/saved?ids=seed%3Ab%2Cseed%3Aa`]);
    expect(savedEventsQueryOptions([]).enabled).toBe(false);
  });

  it('suggests nothing for an empty box without asking', async () => {
    const { client, urls } = recordingClient({ suggestions: ['Oakland, CA'] });
    await expect(
      createQueryClient(client).fetchQuery(placeSuggestionsQueryOptions({ q: '' }, client)),
    ).resolves.toEqual({ suggestions: [] });
    expect(urls).toEqual([]);
  });

  it('escapes path parameters', async () => {
    const { client, urls } = recordingClient({});
    await createQueryClient(client).fetchQuery(eventQueryOptions('ical:a/b?c', client));
    expect(urls).toEqual([`${origin}/api/events/ical%3Aa%2Fb%3Fc`]);
  });
});

/** The type a fetch resolves to, without running it. */
function resultOf<Data>(_fetch: () => Promise<Data>) {
  return expectTypeOf<Data>();
}

describe('response types', () => {
  it('are the contract types', async () => {
    const { client } = recordingClient(samUserRecord);
    const queryClient = createQueryClient(client);
    const user = await queryClient.fetchQuery(userByEmailQueryOptions('sam@example.com', client));
    expect(user).toEqual(samUserRecord);

    // Checked by the type checker (tsc runs over the tests): the data is the contract's type.
    // The fetches are inside functions that never run: only their result types are compared.
    expectTypeOf(user).toEqualTypeOf<UserRecord | null>();
    resultOf(() => queryClient.fetchInfiniteQuery(eventSearchQueryOptions({}))).toEqualTypeOf<
      InfiniteData<EventPage, string | null>
    >();
    resultOf(() => queryClient.fetchInfiniteQuery(restaurantsQueryOptions({}))).toEqualTypeOf<
      InfiniteData<RestaurantPage, number>
    >();
    resultOf(() => queryClient.fetchQuery(eventQueryOptions('x'))).toEqualTypeOf<Event>();
    resultOf(() => queryClient.fetchQuery(savedEventsQueryOptions([]))).toEqualTypeOf<EventList>();
    resultOf(() =>
      queryClient.fetchQuery(categoryCountsQueryOptions({})),
    ).toEqualTypeOf<CategoryCounts>();
    resultOf(() =>
      queryClient.fetchQuery(reverseGeocodeQueryOptions({ lat: 0, lon: 0 })),
    ).toEqualTypeOf<Place>();
    resultOf(() =>
      queryClient.fetchQuery(placeSuggestionsQueryOptions({ q: 'Oak' })),
    ).toEqualTypeOf<PlaceSuggestions>();
  });
});
