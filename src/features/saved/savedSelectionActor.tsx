import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { savedSelectionMachine } from '../../../machines/savedSelection.ts';
import { useAppStateStore } from '../../app/appState.tsx';
import { inspect } from '../../app/inspector.ts';
import { useToast } from '../../ui/index.ts';
import { i18n } from './messages.ts';

/**
 * The Saved screen's select mode: the toolbar, cards and dialog read and send; the provider
 * below starts it with its effects supplied, and the route mounts it (src/routes/_shell/saved.tsx).
 */
export const SavedSelectionActor = createActorContext(savedSelectionMachine);

/**
 * The chart with its effects on app state. They read the store when they run (not a value
 * captured at render), so a Delete removes from the list as it is at that moment.
 */
export function SavedSelectionProvider({ children }: { children: ReactNode }) {
  const store = useAppStateStore();
  const toast = useToast();
  // Provided once, when the screen mounts: the provider starts its actor from the first logic
  // it is given, so a new .provide() on every render would only be thrown away. The store and
  // the toast function stay the same for the life of the app.
  const [logic] = useState(() =>
    savedSelectionMachine.provide({
      actions: {
        selectEvent: (_, { event }) => store.setSelectedEvent(event),
        deleteSaved: (_, { ids }) => {
          store.setSavedEventIds(
            store.getSnapshot().savedEventIds.filter((id) => !ids.includes(id)),
          );
          toast({ title: i18n.t('saved.select.removed', { count: ids.length }) });
        },
        clearSaved: () => store.setSavedEventIds([]),
      },
    }),
  );
  return (
    <SavedSelectionActor.Provider logic={logic} options={{ inspect }}>
      {children}
    </SavedSelectionActor.Provider>
  );
}
