import type { Event } from '../../contract/events.ts';
import { MAX_SAVED_IDS, newestSaved } from '../../contract/savedRules.ts';
import type { UserRecord } from '../../contract/user.ts';
import { browserStorage, readJson, type StorageLike, write } from '../api/storage.ts';
import { DEFAULT_FAMILY_MODE, DEFAULT_LOCATION, storageKeys } from '../domain/constants.ts';

/*
 * Why a small external store and not an XState actor: the app state (docs/product.md#spec-3) has no
 * states or transitions of its own, only fields that screens overwrite. A chart with one state and
 * eight `assign`s would add ceremony without adding rules. A plain store read through
 * useSyncExternalStore persists synchronously on every change and can be reset from outside React
 * (sign-out clean-up). The flows that do have rules (auth gate, onboarding, shake, saved select
 * mode) are machines in machines/.
 */

/**
 * The event chosen in app state (the shake result): the API's event as it is, so the details
 * screen opens it without asking the server again. Kept in memory only: a reload fetches by id.
 */
export type SelectedEvent = Event;

/** Where a GPS fix put the person; the header shows it beside the city (docs/product.md#spec-9: 2 decimals). */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface AppState {
  currentUser: UserRecord | null;
  familyMode: boolean;
  selectedEvent: SelectedEvent | null;
  location: string;
  /** Set only with a location that came from GPS; a typed location has none. */
  locationCoordinates: Coordinates | null;
  /**
   * When this device last chose its location (ISO time), or null when it never did (the
   * default city). Decides whether the profile's location replaces it at sign-in.
   */
  locationSetAt: string | null;
  savedEventIds: string[];
  /**
   * How far the family will go (issue 33): the radius last picked in Search's filters, as the
   * URL writes it ('5mi', '10km'), or null for the default. Home's lists and a search without
   * its own `?radius` use it. A setting of this device, like the location.
   */
  familyRadius: string | null;
}

export interface AppStateActions {
  setCurrentUser(user: UserRecord | null): void;
  setFamilyMode(on: boolean): void;
  setSelectedEvent(event: SelectedEvent | null): void;
  /** A location without coordinates (typed, restored from the profile) forgets the old ones. */
  setLocation(location: string, coordinates?: Coordinates | null): void;
  /**
   * The location of the signed-in family's profile (its record, updated at `recordUpdatedAt`):
   * it becomes the app's location unless this device chose one after the record last changed.
   * So a city saved at onboarding on the phone comes back on the laptop and after signing out
   * and in, while a city the person has just picked here is not overwritten by an older one.
   */
  adoptProfileLocation(location: string, recordUpdatedAt: string): void;
  /** Saves or unsaves; saving into a full list (MAX_SAVED_IDS) changes nothing. */
  toggleSaved(eventId: string): void;
  /** Kept as the newest MAX_SAVED_IDS, without repeats. */
  setSavedEventIds(ids: readonly string[]): void;
  /** A radius Search's filters picked ('5mi'), or null to go back to the default. */
  setFamilyRadius(radius: string | null): void;
  /**
   * Sign-out: forget the user's record, saved ids and cached responses, turn Family Safe back on;
   * keep the location and its coordinates and the radius (settings of the device).
   */
  reset(): void;
}

export interface AppStateStore extends AppStateActions {
  getSnapshot(): AppState;
  subscribe(listener: () => void): () => void;
}

const defaultAppState: AppState = {
  currentUser: null,
  familyMode: DEFAULT_FAMILY_MODE,
  selectedEvent: null,
  location: DEFAULT_LOCATION,
  locationCoordinates: null,
  locationSetAt: null,
  savedEventIds: [],
  familyRadius: null,
};

/** Entries that belong to the signed-in user and must not outlive their session (DESIGN security notes). */
const userScopedKeys = [
  storageKeys.user,
  storageKeys.savedEvents,
  storageKeys.events,
  storageKeys.restaurants,
  storageKeys.lastSync,
  storageKeys.savedSynced,
  // Changes made offline belong to the account that made them; on a shared tablet they go too.
  storageKeys.pendingVotes,
  // What someone searched for says as much about them as what they saved.
  storageKeys.lastSearch,
] as const;

function isUserRecord(value: unknown): value is UserRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.email === 'string' &&
    typeof record.name === 'string' &&
    Array.isArray(record.musicPreferences)
  );
}

function isCoordinates(value: unknown): value is Coordinates {
  if (typeof value !== 'object' || value === null) return false;
  const { latitude, longitude } = value as Record<string, unknown>;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude)
  );
}

function loadPersisted(storage: StorageLike | null): Partial<AppState> {
  const restored: Partial<AppState> = {};
  const saved = readJson(storage, storageKeys.savedEvents);
  if (Array.isArray(saved)) {
    restored.savedEventIds = newestSaved(
      saved.filter((id): id is string => typeof id === 'string'),
    );
  }
  const location = readJson(storage, storageKeys.location);
  if (typeof location === 'string' && location.trim() !== '') {
    restored.location = location;
    // Coordinates describe the stored location; without it they would label the default city.
    const coordinates = readJson(storage, storageKeys.locationCoordinates);
    if (isCoordinates(coordinates)) restored.locationCoordinates = coordinates;
    const setAt = readJson(storage, storageKeys.locationSetAt);
    if (typeof setAt === 'string' && !Number.isNaN(Date.parse(setAt))) {
      restored.locationSetAt = setAt;
    }
  }
  const familyMode = readJson(storage, storageKeys.familyMode);
  if (typeof familyMode === 'boolean') restored.familyMode = familyMode;
  // Read as text: every reader parses it (parseRadiusParam), and one it cannot read is the default.
  const familyRadius = readJson(storage, storageKeys.familyRadius);
  if (typeof familyRadius === 'string') restored.familyRadius = familyRadius;
  const user = readJson(storage, storageKeys.user);
  if (isUserRecord(user)) restored.currentUser = user;
  return restored;
}

/** The state a new store starts from: the defaults with what this device kept. */
export function readPersistedAppState(storage: StorageLike | null = browserStorage()): AppState {
  return { ...defaultAppState, ...loadPersisted(storage) };
}

export function createAppStateStore(
  storage: StorageLike | null = browserStorage(),
  now: () => Date = () => new Date(),
): AppStateStore {
  let state: AppState = readPersistedAppState(storage);
  const listeners = new Set<() => void>();

  function update(patch: Partial<AppState>): void {
    const next = { ...state, ...patch };
    if (next.savedEventIds !== state.savedEventIds) {
      write(storage, storageKeys.savedEvents, next.savedEventIds);
    }
    if (next.location !== state.location) write(storage, storageKeys.location, next.location);
    if (next.locationSetAt !== state.locationSetAt) {
      write(storage, storageKeys.locationSetAt, next.locationSetAt);
    }
    if (next.locationCoordinates !== state.locationCoordinates) {
      write(storage, storageKeys.locationCoordinates, next.locationCoordinates);
    }
    if (next.familyMode !== state.familyMode) {
      write(storage, storageKeys.familyMode, next.familyMode);
    }
    if (next.familyRadius !== state.familyRadius) {
      write(storage, storageKeys.familyRadius, next.familyRadius);
    }
    if (next.currentUser !== state.currentUser) write(storage, storageKeys.user, next.currentUser);
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setCurrentUser: (currentUser) => update({ currentUser }),
    setFamilyMode: (familyMode) => update({ familyMode }),
    setSelectedEvent: (selectedEvent) => update({ selectedEvent }),
    setLocation: (location, coordinates = null) =>
      update({ location, locationCoordinates: coordinates, locationSetAt: now().toISOString() }),
    adoptProfileLocation(location, recordUpdatedAt) {
      const place = location.trim();
      const recordTime = Date.parse(recordUpdatedAt);
      if (place === '' || Number.isNaN(recordTime)) return;
      const chosenHere = state.locationSetAt === null ? null : Date.parse(state.locationSetAt);
      if (chosenHere !== null && chosenHere > recordTime) return;
      if (place === state.location) return;
      update({ location: place, locationCoordinates: null, locationSetAt: recordUpdatedAt });
    },
    toggleSaved(eventId) {
      const ids = state.savedEventIds;
      if (ids.includes(eventId)) update({ savedEventIds: ids.filter((id) => id !== eventId) });
      // Newest first: the list reads like the saved screen and the synced list (savedSync.ts).
      // A full list takes no more; the heart has said so (SaveButton).
      else if (ids.length < MAX_SAVED_IDS) update({ savedEventIds: [eventId, ...ids] });
    },
    // Lists from elsewhere (the merge with the server's, its answers) keep the newest
    // MAX_SAVED_IDS: a longer one would fail every sync write and the Saved screen's request.
    setSavedEventIds: (ids) => update({ savedEventIds: newestSaved(ids) }),
    setFamilyRadius: (familyRadius) => update({ familyRadius }),
    reset() {
      // Family mode returns to its safe default (and is stored so) for whoever uses the device next.
      update({
        ...defaultAppState,
        location: state.location,
        locationCoordinates: state.locationCoordinates,
        locationSetAt: state.locationSetAt,
        familyRadius: state.familyRadius,
      });
      for (const key of userScopedKeys) write(storage, key, null);
    },
  };
}
