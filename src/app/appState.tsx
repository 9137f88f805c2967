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

export type AppStateValue = AppState & AppStateActions;

/** SPEC section 3's client app state with its setters. Throws outside AppStateProvider (SPEC 8). */
export function useAppState(): AppStateValue {
  const store = useAppStateStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return {
    ...state,
    setCurrentUser: store.setCurrentUser,
    setFamilyMode: store.setFamilyMode,
    setSelectedEvent: store.setSelectedEvent,
    setLocation: store.setLocation,
    toggleSaved: store.toggleSaved,
    setSavedEventIds: store.setSavedEventIds,
    setNotificationCount: store.setNotificationCount,
    reset: store.reset,
  };
}
