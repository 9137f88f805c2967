import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { type ApiClient, api, HTTPError } from './client.ts';

/** docs/product.md#spec-6: every query throws on 401 by default; a query may ask for null instead. */
type UnauthorizedBehavior = 'throw' | 'returnNull';

/**
 * The default query function: the key's first element is the API path below `/api` (for example
 * `['events', familyMode, location]` requests `/api/events`); later elements only tell cache
 * entries apart. It serves the parameterless endpoints (`['/api/me/saved']`); every endpoint with
 * parameters has a queryOptions factory in src/api (events.ts, restaurants.ts, geo.ts, users.ts)
 * whose key holds every parameter it sends.
 */
export function getQueryFn<T>(options: {
  on401: UnauthorizedBehavior;
  client?: ApiClient;
}): QueryFunction<T | null> {
  const client = options.client ?? api;
  return async ({ queryKey, signal }) => {
    const [path] = queryKey;
    if (typeof path !== 'string') throw new Error('A query key must start with its API path.');
    try {
      return await client.get(path.replace(/^\/?(api\/)?/, ''), { signal }).json<T>();
    } catch (error) {
      if (
        options.on401 === 'returnNull' &&
        error instanceof HTTPError &&
        error.response.status === 401
      ) {
        return null;
      }
      throw error;
    }
  };
}

/** docs/product.md#spec-9 query defaults: no retries, no refetch on focus, no polling, never stale. */
export function createQueryClient(client: ApiClient = api): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw', client }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
