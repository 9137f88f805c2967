import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../contract/user.ts';
import { storageKeys } from '../domain/constants.ts';
import { AppStateProvider, useAppState } from './appState.tsx';
import { createAppStateStore } from './appStateStore.ts';

const record: UserRecord = {
  id: 'u1',
  email: 'sam@example.com',
  name: 'Sam',
  familySituation: 'teens',
  musicPreferences: ['Jazz'],
  location: 'Oakland, CA',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function wrapper({ children }: { children: ReactNode }) {
  return <AppStateProvider>{children}</AppStateProvider>;
}

function FamilyModeLabel() {
  const { familyMode } = useAppState();
  return <p>{familyMode ? 'Family Safe' : 'All Events'}</p>;
}

function Toggle() {
  const { familyMode, setFamilyMode } = useAppState();
  return (
    <button type="button" onClick={() => setFamilyMode(!familyMode)}>
      switch
    </button>
  );
}

beforeEach(() => localStorage.clear());

describe('app state', () => {
  it('starts with the spec defaults', () => {
    const { result } = renderHook(() => useAppState(), { wrapper });
    expect(result.current).toMatchObject({
      currentUser: null,
      familyMode: true,
      selectedEvent: null,
      location: 'San Francisco, CA',
      savedEventIds: [],
      notificationCount: 3,
    });
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAppState())).toThrow(
      'useAppState must be used within an AppStateProvider',
    );
  });

  it('toggles a saved event on and off and keeps the list under famjam_saved_events', () => {
    const { result } = renderHook(() => useAppState(), { wrapper });

    act(() => result.current.toggleSaved('e1'));
    act(() => result.current.toggleSaved('e2'));
    expect(result.current.savedEventIds).toEqual(['e1', 'e2']);
    expect(JSON.parse(localStorage.getItem(storageKeys.savedEvents) ?? '')).toEqual(['e1', 'e2']);

    act(() => result.current.toggleSaved('e1'));
    expect(result.current.savedEventIds).toEqual(['e2']);
    expect(JSON.parse(localStorage.getItem(storageKeys.savedEvents) ?? '')).toEqual(['e2']);
  });

  it('restores saved ids, location and the user record after a reload', () => {
    const first = createAppStateStore(localStorage);
    first.setSavedEventIds(['e7', 'e9']);
    first.setLocation('Berkeley, CA');
    first.setCurrentUser(record);
    first.setFamilyMode(false);

    const reloaded = createAppStateStore(localStorage).getSnapshot();
    expect(reloaded.savedEventIds).toEqual(['e7', 'e9']);
    expect(reloaded.location).toBe('Berkeley, CA');
    expect(reloaded.currentUser).toEqual(record);
    // Family mode is not persisted: a reload is back in the safe default.
    expect(reloaded.familyMode).toBe(true);
  });

  it('ignores corrupt stored values instead of failing', () => {
    localStorage.setItem(storageKeys.savedEvents, '{not json');
    localStorage.setItem(storageKeys.user, '"just a string"');
    const state = createAppStateStore(localStorage).getSnapshot();
    expect(state.savedEventIds).toEqual([]);
    expect(state.currentUser).toBeNull();
  });

  it("reset forgets the user's record, saved ids and cached lists but keeps the location", () => {
    const store = createAppStateStore(localStorage);
    store.setCurrentUser(record);
    store.setSavedEventIds(['e1']);
    store.setLocation('Berkeley, CA');
    store.setFamilyMode(false);
    localStorage.setItem(storageKeys.events, '[]');
    localStorage.setItem(storageKeys.lastSync, '123');

    store.reset();

    expect(store.getSnapshot()).toMatchObject({
      currentUser: null,
      savedEventIds: [],
      familyMode: true,
      location: 'Berkeley, CA',
    });
    for (const key of [
      storageKeys.user,
      storageKeys.savedEvents,
      storageKeys.events,
      storageKeys.lastSync,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(storageKeys.location)).toBe('"Berkeley, CA"');
  });

  it('re-renders every reader when a field changes', async () => {
    render(
      <AppStateProvider>
        <FamilyModeLabel />
        <Toggle />
      </AppStateProvider>,
    );
    expect(screen.getByText('Family Safe')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(screen.getByText('All Events')).toBeInTheDocument();
  });
});
