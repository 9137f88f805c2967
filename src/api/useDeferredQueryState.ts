import { useDeferredValue } from 'react';

/** The part of a React Query result that decides what a screen draws. */
export interface QueryView<Data> {
  status: 'pending' | 'error' | 'success';
  data: Data | undefined;
  error: Error | null;
  /** `keepPreviousData`'s flag, which must describe the data it comes with. */
  isPlaceholderData?: boolean;
  /** An infinite query's state of its next page, which must match the pages drawn. */
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  isFetchNextPageError?: boolean;
}

/**
 * `query`'s status, data and error as the screen should draw them: an answer that arrives while
 * the screen is up is drawn in a background render.
 *
 * React Query hands answers to React through useSyncExternalStore, whose updates React renders
 * at once, in one task. When home's answers came in, drawing the category grid and every card
 * took 180 ms in one task on a traced phone profile (over 600 ms of blocking time at 4x): the
 * page ignored taps meanwhile. Deferred, the urgent render keeps the placeholders (cheap) and
 * React draws the answer in slices between the browser's own work. On the first render the value
 * is used as it is, so data already in the cache shows at once.
 */
export function useDeferredQueryState<Data>(query: QueryView<Data>): QueryView<Data> {
  // Everything a screen draws from the query is deferred together (React defers all of one
  // render's deferred values to the same background render): a "that's all" drawn from the new
  // state under the old pages would be wrong for a moment.
  return {
    status: useDeferredValue(query.status),
    data: useDeferredValue(query.data),
    error: useDeferredValue(query.error),
    isPlaceholderData: useDeferredValue(query.isPlaceholderData),
    hasNextPage: useDeferredValue(query.hasNextPage),
    isFetchingNextPage: useDeferredValue(query.isFetchingNextPage),
    isFetchNextPageError: useDeferredValue(query.isFetchNextPageError),
  };
}
