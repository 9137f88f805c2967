import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAVED_IDS } from '../../contract/savedRules.ts';
import { storageKeys } from '../domain/constants.ts';
import { samUserRecord } from '../test/fixtures.ts';
import { AppStateProvider, useAppState } from './appState.tsx';
import { createAppStateStore } from './appStateStore.ts';

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
      locationCoordinates: null,
      savedEventIds: [],
    });
  });

  it("takes the profile's city at sign-in, unless this device chose one after the profile changed", () => {
    let clock = new Date('2026-11-20T10:00:00Z');
    const store = createAppStateStore(localStorage, () => clock);
    // Never chosen here: the profile's city wins, and is kept for the next start.
    store.adoptProfileLocation('Oakland, CA', '2026-11-19T08:00:00.000Z');
    expect(store.getSnapshot().location).toBe('Oakland, CA');
    expect(createAppStateStore(localStorage).getSnapshot().location).toBe('Oakland, CA');
    // Picked here after the profile last changed: the device's choice stays.
    store.setLocation('Berkeley, CA', { latitude: 37.87, longitude: -122.27 });
    store.adoptProfileLocation('Oakland, CA', '2026-11-19T08:00:00.000Z');
    expect(store.getSnapshot()).toMatchObject({
      location: 'Berkeley, CA',
      locationCoordinates: { latitude: 37.87, longitude: -122.27 },
    });
    // The profile edited later (another device): its city wins again, without old coordinates.
    clock = new Date('2026-11-21T10:00:00Z');
    store.adoptProfileLocation('Alameda, CA', '2026-11-20T12:00:00.000Z');
    expect(store.getSnapshot()).toMatchObject({
      location: 'Alameda, CA',
      locationCoordinates: null,
    });
    // Signing out keeps the city for whoever signs in next; an empty profile city changes nothing.
    store.reset();
    store.adoptProfileLocation('  ', '2026-11-22T12:00:00.000Z');
    expect(store.getSnapshot().location).toBe('Alameda, CA');
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAppState())).toThrow(
      'useAppState must be used within an AppStateProvider',
    );
  });

  it('toggles a saved event on (at the front) and off and keeps the list under famjam_saved_events', () => {
    const { result } = renderHook(() => useAppState(), { wrapper });

    act(() => result.current.toggleSaved('e1'));
    act(() => result.current.toggleSaved('e2'));
    // Newest first.
    expect(result.current.savedEventIds).toEqual(['e2', 'e1']);
    expect(JSON.parse(localStorage.getItem(storageKeys.savedEvents) ?? '')).toEqual(['e2', 'e1']);

    act(() => result.current.toggleSaved('e1'));
    expect(result.current.savedEventIds).toEqual(['e2']);
    expect(JSON.parse(localStorage.getItem(storageKeys.savedEvents) ?? '')).toEqual(['e2']);
  });

  it('keeps at most MAX_SAVED_IDS saved events: a full list takes no more, longer lists keep the newest', () => {
    const store = createAppStateStore(localStorage);
    const full = Array.from({ length: MAX_SAVED_IDS }, (_, index) => `e${index}`);
    store.setSavedEventIds(full);
    store.toggleSaved('one-more');
    expect(store.getSnapshot().savedEventIds).toEqual(full);
    // Unsaving still works, and makes room.
    store.toggleSaved('e5');
    store.toggleSaved('one-more');
    expect(store.getSnapshot().savedEventIds[0]).toBe('one-more');
    expect(store.getSnapshot().savedEventIds).toHaveLength(MAX_SAVED_IDS);

    // A merged list (or one stored by an older build) keeps its newest, first, ids.
    store.setSavedEventIds(['new', 'new', ...full]);
    expect(store.getSnapshot().savedEventIds).toEqual(['new', ...full.slice(0, -1)]);
    localStorage.setItem(storageKeys.savedEvents, JSON.stringify(['x', ...full]));
    expect(createAppStateStore(localStorage).getSnapshot().savedEventIds).toEqual([
      'x',
      ...full.slice(0, -1),
    ]);
  });

  it('restores saved ids, location, Family Safe choice and the user record after a reload', () => {
    const first = createAppStateStore(localStorage);
    first.setSavedEventIds(['e7', 'e9']);
    first.setLocation('Berkeley, CA');
    first.setCurrentUser(samUserRecord);
    first.setFamilyMode(false);

    const reloaded = createAppStateStore(localStorage).getSnapshot();
    expect(reloaded.savedEventIds).toEqual(['e7', 'e9']);
    expect(reloaded.location).toBe('Berkeley, CA');
    expect(reloaded.currentUser).toEqual(samUserRecord);
    expect(reloaded.familyMode).toBe(false);
    expect(localStorage.getItem('famjam_family_mode')).toBe('false');
  });

  it('keeps All Events after a reload when the user switched Family Safe off in the header', async () => {
    const { unmount } = render(
      <AppStateProvider>
        <FamilyModeLabel />
        <Toggle />
      </AppStateProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    unmount();

    render(
      <AppStateProvider>
        <FamilyModeLabel />
      </AppStateProvider>,
    );
    expect(screen.getByText('All Events')).toBeInTheDocument();
  });

  it('keeps the coordinates of a GPS location across a reload, and forgets them with a typed one', () => {
    const first = createAppStateStore(localStorage);
    first.setLocation('Seattle, WA', { latitude: 47.6062, longitude: -122.3321 });
    expect(first.getSnapshot().locationCoordinates).toEqual({
      latitude: 47.6062,
      longitude: -122.3321,
    });

    const reloaded = createAppStateStore(localStorage);
    expect(reloaded.getSnapshot()).toMatchObject({
      location: 'Seattle, WA',
      locationCoordinates: { latitude: 47.6062, longitude: -122.3321 },
    });

    reloaded.setLocation('Oakland, CA');
    expect(reloaded.getSnapshot().locationCoordinates).toBeNull();
    expect(createAppStateStore(localStorage).getSnapshot().locationCoordinates).toBeNull();
  });

  it('ignores stored coordinates that are not a pair of numbers, or that outlived their location', () => {
    localStorage.setItem(storageKeys.location, '"Seattle, WA"');
    localStorage.setItem(storageKeys.locationCoordinates, '{"latitude":"47","longitude":-122}');
    expect(createAppStateStore(localStorage).getSnapshot().locationCoordinates).toBeNull();

    localStorage.removeItem(storageKeys.location);
    localStorage.setItem(storageKeys.locationCoordinates, '{"latitude":47.6,"longitude":-122.3}');
    expect(createAppStateStore(localStorage).getSnapshot()).toMatchObject({
      location: 'San Francisco, CA',
      locationCoordinates: null,
    });
  });

  it("keeps the family's radius across a reload and a sign-out, under famjam_family_radius", () => {
    const first = createAppStateStore(localStorage);
    expect(first.getSnapshot().familyRadius).toBeNull();
    first.setFamilyRadius('5mi');
    expect(localStorage.getItem('famjam_family_radius')).toBe('"5mi"');
    expect(createAppStateStore(localStorage).getSnapshot().familyRadius).toBe('5mi');
    // A setting of the device, like the location.
    first.reset();
    expect(createAppStateStore(localStorage).getSnapshot().familyRadius).toBe('5mi');
    first.setFamilyRadius(null);
    expect(createAppStateStore(localStorage).getSnapshot().familyRadius).toBeNull();
  });

  it('falls back to Family Safe when the stored choice is not a boolean', () => {
    localStorage.setItem(storageKeys.familyMode, '"off"');
    expect(createAppStateStore(localStorage).getSnapshot().familyMode).toBe(true);
  });

  it('ignores corrupt stored values instead of failing', () => {
    localStorage.setItem(storageKeys.savedEvents, '{not json');
    localStorage.setItem(storageKeys.user, '"just a string"');
    const state = createAppStateStore(localStorage).getSnapshot();
    expect(state.savedEventIds).toEqual([]);
    expect(state.currentUser).toBeNull();
  });

  it("reset forgets the user's record, saved ids and cached lists, turns Family Safe back on, keeps the location", () => {
    const store = createAppStateStore(localStorage);
    store.setCurrentUser(samUserRecord);
    store.setSavedEventIds(['e1']);
    store.setLocation('Berkeley, CA', { latitude: 37.87, longitude: -122.27 });
    store.setFamilyMode(false);
    localStorage.setItem(storageKeys.events, '[]');
    localStorage.setItem(storageKeys.lastSync, '123');
    localStorage.setItem(storageKeys.savedSynced, '["e1"]');

    store.reset();

    expect(store.getSnapshot()).toMatchObject({
      currentUser: null,
      savedEventIds: [],
      familyMode: true,
      location: 'Berkeley, CA',
      locationCoordinates: { latitude: 37.87, longitude: -122.27 },
    });
    for (const key of [
      storageKeys.user,
      storageKeys.savedEvents,
      storageKeys.events,
      storageKeys.lastSync,
      // Else the next account's first sync would merge against this one's list.
      storageKeys.savedSynced,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(storageKeys.location)).toBe('"Berkeley, CA"');
    // The next person on the device starts in Family Safe, after a reload too.
    expect(createAppStateStore(localStorage).getSnapshot().familyMode).toBe(true);
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

/** Renders per SavedFlag id, to see which cards a change reached. */
const renders = new Map<string, number>();

function SavedFlag({ id }: { id: string }) {
  const saved = useAppState((state) => state.savedEventIds.includes(id));
  const toggleSaved = useAppState((state) => state.toggleSaved);
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return (
    <button type="button" aria-pressed={saved} onClick={() => toggleSaved(id)}>
      {`Save ${id}`}
    </button>
  );
}

describe('useAppState with a selector', () => {
  it('re-renders only the component whose selected value changed', async () => {
    renders.clear();
    render(
      <AppStateProvider store={createAppStateStore(null)}>
        <SavedFlag id="a" />
        <SavedFlag id="b" />
      </AppStateProvider>,
    );
    expect(renders).toEqual(
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save a' }));

    expect(screen.getByRole('button', { name: 'Save a' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save b' })).toHaveAttribute('aria-pressed', 'false');
    expect(renders).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
  });
});
