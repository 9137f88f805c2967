import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../../api/client.ts';
import { EmptyState, type EmptyStateProps, LoadProblem, Skeleton, Stack } from '../../ui/index.ts';
import { bareList } from '../../ui/surfaces.css.ts';

interface LoadedListProps<Data, Item> {
  query: UseQueryResult<Data>;
  /** The list's items in the loaded data. */
  items: (data: Data) => readonly Item[];
  itemKey: (item: Item) => string | number;
  /** The skeleton's height while the list loads: about one card. */
  skeletonHeight: number;
  /** What failed, as a sentence: "We couldn't load the sources." */
  problem: string;
  empty: EmptyStateProps;
  children: (item: Item) => ReactNode;
}

/**
 * One of the operator screen's lists through its states: a skeleton while it loads, the problem
 * with a retry when it fails, the empty state when it has nothing, or the items, one card each.
 */
export function LoadedList<Data, Item>({
  query,
  items,
  itemKey,
  skeletonHeight,
  problem,
  empty,
  children,
}: LoadedListProps<Data, Item>) {
  if (query.isPending) return <Skeleton height={skeletonHeight} radius={16} />;
  if (query.isError) {
    return (
      <LoadProblem
        problem={problem}
        reason={apiErrorMessage(query.error)}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const loaded = items(query.data);
  if (loaded.length === 0) return <EmptyState {...empty} />;
  return (
    <Stack as="ul" space="3" className={bareList}>
      {loaded.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </Stack>
  );
}
