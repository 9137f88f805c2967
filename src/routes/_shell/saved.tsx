import { createFileRoute } from '@tanstack/react-router';
import { savedSelectionMachine } from '../../../machines/savedSelection.ts';
import { useAppStateStore } from '../../app/appState.tsx';
import { eventsText, SavedScreen } from '../../features/saved/SavedScreen.tsx';
import { SavedSelectionActor } from '../../features/saved/savedSelectionActor.ts';
import { useToast } from '../../ui/index.ts';

export const Route = createFileRoute('/_shell/saved')({
  component: SavedRoute,
});

/**
 * The select-mode chart with its effects supplied. They read the store when they run (not a
 * value captured at render), so a Delete removes from the list as it is at that moment.
 */
function SavedRoute() {
  const store = useAppStateStore();
  const toast = useToast();
  return (
    <SavedSelectionActor.Provider
      logic={savedSelectionMachine.provide({
        actions: {
          selectEvent: (_, { event }) => store.setSelectedEvent(event),
          deleteSaved: (_, { ids }) => {
            store.setSavedEventIds(
              store.getSnapshot().savedEventIds.filter((id) => !ids.includes(id)),
            );
            toast({ title: `Removed ${eventsText(ids.length)} from Saved` });
          },
          clearSaved: () => store.setSavedEventIds([]),
        },
      })}
    >
      <SavedScreen />
    </SavedSelectionActor.Provider>
  );
}
