import { createFileRoute } from '@tanstack/react-router';
import { validateSavedSearch } from '../../app/searchParams.ts';
import { SavedScreen } from '../../features/saved/SavedScreen.tsx';
import { SavedSelectionProvider } from '../../features/saved/savedSelectionActor.tsx';

export const Route = createFileRoute('/_shell/saved')({
  // `?view=map`: the saved events on a map (issue 33).
  validateSearch: validateSavedSearch,
  // The select-mode chart (machines/savedSelection.ts) starts here with its effects supplied.
  component: () => (
    <SavedSelectionProvider>
      <SavedScreen />
    </SavedSelectionProvider>
  ),
});
