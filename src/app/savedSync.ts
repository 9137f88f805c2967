import { type ApiClient, api } from '../api/client.ts';
import { getSavedIds, replaceSavedIds } from '../api/me.ts';
import { browserStorage, readJson, type StorageLike, write } from '../api/storage.ts';
import type { AppStateStore } from './appStateStore.ts';
import { currentUid as firebaseUid } from './firebaseLoader.ts';
import { notifyPendingChanged, setSavedListAnswered } from './pendingChanges.ts';

/*
 * Saved events follow a signed-in user with a FamJam profile from device to device: the list in
 * app state (and local storage) is merged with `/api/me/saved` when the sync starts, and every
 * change after that is written through (PUT of the whole list). Loaded on first use by the auth
 * gate (src/app/authGate.tsx), which starts it for a user with a record and stops it when that
 * ends.
 *
 * Lists are newest first (toggleSaved puts a new save at the front; the server keeps list order).
 */

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * The saved list after merging this device's list with the server's.
 *
 * `base` is the list both last agreed on (kept in local storage), so a change on either side is
 * told from an old state of the other: an event unsaved on the laptop is not brought back by a
 * phone that still lists it, and one unsaved here while offline is not brought back by the
 * server. Without a base (the first sync after sign-in) it is the union.
 *
 * Order, newest first: what was saved here since the base comes first (the device knows nothing
 * newer), then the server's list in its own order. Neither side keeps the time of a save, so a
 * save on another device after one here still sorts after it: it is the order of arrival at the
 * merge, not of the taps.
 */
export function mergeSavedIds(
  local: readonly string[],
  remote: readonly string[],
  base: readonly string[] | null,
): string[] {
  const inBase = new Set(base ?? []);
  const inLocal = new Set(local);
  const savedHere = local.filter((id) => !inBase.has(id));
  const removedHere = new Set((base ?? []).filter((id) => !inLocal.has(id)));
  return [...new Set([...savedHere, ...remote])].filter((id) => !removedHere.has(id));
}

function readSynced(storage: StorageLike | null, key: string): string[] | null {
  const stored = readJson(storage, key);
  return Array.isArray(stored) && stored.every((id) => typeof id === 'string') ? stored : null;
}

interface SavedSyncOptions {
  store: AppStateStore;
  /** The Firebase account whose list this is. */
  uid: string;
  /**
   * Where the list the server last agreed to is kept (`storageKeys.savedSynced`; reset() clears
   * it with the user's other entries). Passed in rather than imported: importing the constants
   * here split them out of the entry chunk, a measurable cost on every first visit.
   */
  syncedKey: string;
  /** Who is signed in now; Firebase's current user by default (tests pass their own). */
  currentUid?: () => string | null;
  client?: ApiClient;
  storage?: StorageLike | null;
}

/**
 * Starts syncing the saved list of `uid`; returns the function that stops it.
 *
 * - One request at a time. A change while one is in flight is sent when it returns, as the whole
 *   list as it is then, so rapid taps cost at most one more request and the last list wins.
 * - A failed request keeps the local list, is logged as a warning (never a dialog) and is tried
 *   again on the next change.
 * - 404/409 (no profile on the server yet): the list stays on this device only.
 * - Never writes for another account: each step first checks that `uid` is still the one
 *   signed in. Sign-out and an account switch clear the local list (appStateStore.reset) before
 *   the gate stops the sync; that empty list must not reach either account's server list.
 */
export function startSavedSync({
  store,
  uid,
  syncedKey,
  currentUid = firebaseUid,
  client = api,
  storage = browserStorage(),
}: SavedSyncOptions): () => void {
  let stopped = false;
  /** The gate let go of this account's sync (sign-out, another account). */
  let released = false;
  /** The server's list as last read or written; null until the first read. */
  let synced: string[] | null = null;
  let busy = false;
  let changedMeanwhile = false;
  let seen = store.getSnapshot().savedEventIds;

  const unsubscribe = store.subscribe(() => {
    const ids = store.getSnapshot().savedEventIds;
    if (ids === seen) return;
    seen = ids;
    void run();
  });

  // Changes made offline wait in the list itself; the network coming back sends them.
  const sendWhatWaited = () => void run();
  globalThis.addEventListener?.('online', sendWhatWaited);

  function stop(): void {
    stopped = true;
    unsubscribe();
    globalThis.removeEventListener?.('online', sendWhatWaited);
  }

  const stillOurs = () => !stopped && currentUid() === uid;

  function agree(ids: string[]): void {
    synced = ids;
    write(storage, syncedKey, ids);
    // What differs from this list shows as waiting to sync (pendingChanges.ts).
    notifyPendingChanged();
  }

  async function pull(): Promise<void> {
    const remote = await getSavedIds(client);
    if (!stillOurs()) return;
    if (remote === null) return stop();
    const local = store.getSnapshot().savedEventIds;
    const merged = mergeSavedIds(local, remote, readSynced(storage, syncedKey));
    agree(remote);
    if (!sameList(merged, local)) store.setSavedEventIds(merged);
    // Whatever the server lacks goes up next.
    changedMeanwhile = true;
  }

  async function push(): Promise<void> {
    const sent = store.getSnapshot().savedEventIds;
    if (synced !== null && sameList(sent, synced)) return;
    const answer = await replaceSavedIds(sent, client);
    if (!stillOurs()) return;
    if (answer === null) return stop();
    agree(answer.ids);
    // The server leaves out ids naming no event (deleted since they were saved); so does this
    // device, unless the list has moved on and another write is due anyway.
    if (sameList(store.getSnapshot().savedEventIds, sent) && !sameList(answer.ids, sent)) {
      store.setSavedEventIds(answer.ids);
    }
  }

  async function run(): Promise<void> {
    if (busy) {
      changedMeanwhile = true;
      return;
    }
    busy = true;
    try {
      do {
        changedMeanwhile = false;
        if (!stillOurs()) return stop();
        try {
          await (synced === null ? pull() : push());
        } catch (error) {
          console.warn(
            'Could not sync saved events; they stay on this device and are sent again on the next change:',
            error,
          );
        }
        // Answered, refused (no profile there) or failed: the device's list is the one to show.
        if (!released) setSavedListAnswered(true);
      } while (changedMeanwhile && !stopped);
    } finally {
      busy = false;
    }
  }

  void run();
  return () => {
    released = true;
    stop();
    setSavedListAnswered(false);
  };
}
