import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { validateSavedSearch } from '../../app/searchParams.ts';
import { ResultsViewProvider } from '../../features/map/resultsViewActor.tsx';
import { SavedScreen } from '../../features/saved/SavedScreen.tsx';
import { SavedSelectionProvider } from '../../features/saved/savedSelectionActor.tsx';

export const Route = createFileRoute('/_shell/saved')({
  // `?view=map`: the saved events on a map (issue 33).
  validateSearch: validateSavedSearch,
  component: SavedRoute,
});

/**
 * The select-mode chart (machines/savedSelection.ts) and the list/map chart
 * (machines/resultsView.ts, from the address's `?view`) start here with their effects supplied.
 */
function SavedRoute() {
  const { view } = Route.useSearch();
  const navigate = useNavigate({ from: '/saved' });
  return (
    <ResultsViewProvider
      view={view ?? 'list'}
      writeView={(next) =>
        void navigate({
          search: (current) => ({ ...current, view: next === 'map' ? 'map' : undefined }),
          resetScroll: false,
        })
      }
    >
      <SavedSelectionProvider>
        <SavedScreen />
      </SavedSelectionProvider>
    </ResultsViewProvider>
  );
}
