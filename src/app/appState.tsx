import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import {
  type AppState,
  type AppStateActions,
  type AppStateStore,
  createAppStateStore,
} from './appStateStore.ts';

export type { AppState, AppStateActions, SelectedEvent } from './appStateStore.ts';

const AppStateContext = createContext<AppStateStore | null>(null);

export function AppStateProvider({
  children,
  store,
}: {
  children: ReactNode;
  /** Tests pass their own store; the app makes one per provider, restored from local storage. */
  store?: AppStateStore;
}) {
  const [ownStore] = useState(() => store ?? createAppStateStore());
  return <AppStateContext.Provider value={ownStore}>{children}</AppStateContext.Provider>;
}

/** The raw store, for code that acts on app state without rendering it (sign-out clean-up). */
export function useAppStateStore(): AppStateStore {
  const store = useContext(AppStateContext);
  if (!store) throw new Error('useAppState must be used within an AppStateProvider');
  return store;
}

type AppStateValue = AppState & AppStateActions;

function withActions(state: AppState, store: AppStateStore): AppStateValue {
  return {
    ...state,
    setCurrentUser: store.setCurrentUser,
    setFamilyMode: store.setFamilyMode,
    setSelectedEvent: store.setSelectedEvent,
    setLocation: store.setLocation,
    adoptProfileLocation: store.adoptProfileLocation,
    toggleSaved: store.toggleSaved,
    setSavedEventIds: store.setSavedEventIds,
    setFamilyRadius: store.setFamilyRadius,
    reset: store.reset,
  };
}

/**
 * docs/product.md#spec-3's client app state with its setters. Throws outside AppStateProvider (docs/product.md#spec-8).
 *
 * With a selector, the component re-renders only when what it selected changes (compared with
 * Object.is): an event card selects `savedEventIds.includes(id)`, so saving one card does not
 * re-render every other card. Select a primitive, a stored field or a setter; a selector that
 * builds a new object or array on every call would re-render on every change of any field.
 */
export function useAppState(): AppStateValue;
export function useAppState<Selected>(selector: (state: AppStateValue) => Selected): Selected;
export function useAppState<Selected>(
  selector?: (state: AppStateValue) => Selected,
): AppStateValue | Selected {
  const store = useAppStateStore();
  // One subscription either way: with a selector React compares what it returns, without one
  // the store's snapshot (a new object only when a field changed) is given its setters.
  const read = selector
    ? () => selector(withActions(store.getSnapshot(), store))
    : store.getSnapshot;
  const snapshot = useSyncExternalStore<AppState | Selected>(store.subscribe, read, read);
  return selector ? (snapshot as Selected) : withActions(snapshot as AppState, store);
}
