import { createFileRoute } from '@tanstack/react-router';
import { SavedScreen } from '../../features/saved/SavedScreen.tsx';
import { SavedSelectionProvider } from '../../features/saved/savedSelectionActor.tsx';

export const Route = createFileRoute('/_shell/saved')({
  // The select-mode chart (machines/savedSelection.ts) starts here with its effects supplied.
  component: () => (
    <SavedSelectionProvider>
      <SavedScreen />
    </SavedSelectionProvider>
  ),
});
