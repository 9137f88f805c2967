import {
  type QueryFunction,
  type QueryKey,
  type QueryState,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

interface CachedQueryOptions<Data, Key extends QueryKey> {
  queryKey: Key;
  queryFn?: QueryFunction<Data, Key> | undefined;
}

/**
 * One query's cached state, fetched once when enabled, for what the header shows on every
 * first load (the bell's count, the avatar's photo). useQuery would do, but its QueryObserver
 * is 5 KB gzipped that / cannot afford (docs/decisions.md, "Size budget"); the query client is in the
 * first load already. Everything that reads those two queries reads them through this.
 *
 * Nothing observes the query in React Query's sense, so its garbage collection is turned off
 * (gcTime Infinity): the entry lives until the cache is cleared at the end of the session, or
 * until its owner removes it.
 */
export function useCachedQuery<Data, Key extends QueryKey>(
  options: CachedQueryOptions<Data, Key>,
  enabled: boolean,
): QueryState<Data, Error> | undefined {
  const queryClient = useQueryClient();
  // Our keys are plain JSON. (React Query's own hashKey, imported here, made Rolldown split the
  // entry's React Query modules into a chunk of their own: 1 KB of gzip overhead on /.)
  const key = JSON.stringify(options.queryKey);
  // The newest options: the key string stands for the key and its function, which are new
  // objects on every render.
  const latest = useRef(options);
  latest.current = options;
  const find = useCallback(
    () =>
      queryClient.getQueryCache().find<Data, Error>({
        queryKey: latest.current.queryKey,
        exact: true,
      }),
    [queryClient],
  );
  const subscribe = useCallback(
    // Any change to the cache: reading the one entry is cheap, and its state object only
    // changes when it does, so React re-renders for this entry's changes alone.
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => find()?.state as QueryState<Data, Error> | undefined;
  const state = useSyncExternalStore(subscribe, read, read);

  useEffect(() => {
    // Data that is there (never stale, docs/product.md#spec-9) is not asked for again; a failed one is.
    if (!enabled || find()?.state.data !== undefined) return;
    queryClient
      .prefetchQuery({
        queryKey: JSON.parse(key) as Key,
        queryFn: latest.current.queryFn,
        gcTime: Number.POSITIVE_INFINITY,
      })
      .catch(() => undefined);
  }, [enabled, key, find, queryClient]);

  return enabled ? state : undefined;
}
