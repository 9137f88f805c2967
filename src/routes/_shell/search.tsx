import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { parseBoundingBox } from '../../../contract/boundingBox.ts';
import { type SearchPageSearch, validateSearchPageSearch } from '../../app/searchParams.ts';
import type { SearchChange } from '../../features/search/filterOptions.ts';
import { useForgetRemovedRadius } from '../../features/search/forgetRemovedRadius.ts';
import { type HistoryMode, SearchScreen } from '../../features/search/SearchScreen.tsx';
import { prefetchSearchResults, usableSearch } from '../../features/search/searchResultsQuery.ts';

export const Route = createFileRoute('/_shell/search')({
  // Every filter is typed and validated here: `?q=`, `?category=`, `?price=`, `?date=`, `?location=`,
  // `?radius=`, `?bbox=`, `?view=`.
  validateSearch: validateSearchPageSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page renders at once and its list finds the request already on its way.
  // Only on the way in: once the list is on screen it asks for each new filter itself.
  loader: ({ context, deps, cause }) => {
    if (cause !== 'stay') prefetchSearchResults(context.queryClient, deps);
  },
  component: SearchRoute,
});

function SearchRoute() {
  // A box the API would refuse is dropped here, so the chips and the map agree with the list.
  const search = usableSearch(Route.useSearch(), parseBoundingBox);
  useForgetRemovedRadius(search.radius);
  const navigate = useNavigate({ from: '/search' });
  const changeSearch = useCallback(
    (change: SearchChange, history: HistoryMode) =>
      void navigate({
        search: (previous: SearchPageSearch) => change(previous),
        replace: history === 'replace',
        // A filter pressed halfway down the page should not jump it back to the top.
        resetScroll: false,
      }),
    [navigate],
  );
  // The list/map chart (machines/resultsView.ts) starts with the map, which SearchResults
  // loads when the address says `?view=map` (src/features/map/ResultsMapSection.tsx).
  return <SearchScreen search={search} onSearchChange={changeSearch} />;
}
