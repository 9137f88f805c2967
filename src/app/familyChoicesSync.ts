import type { QueryClient } from '@tanstack/react-query';
import type { UpdateOutreachBody } from '../../contract/outreach.ts';
import { type ApiClient, api } from '../api/client.ts';
import { outreachSettingsQueryKey, updateOutreachSettings } from '../api/outreach.ts';
import type { AppState, AppStateStore } from './appStateStore.ts';
import { currentUid as firebaseUid } from './firebaseLoader.ts';

/*
 * Family Safe and the radius are settings of each device (app state, local storage), but the
 * weekly email is chosen on the server (issue 34). So a change the family makes on this device
 * while signed in with a profile is sent to `PUT /api/me/outreach` ({ familySafe, radius }),
 * and the email follows the device that last changed either (or turned the email on,
 * useWeeklyEmailSwitch). Nothing is sent at start: two devices with different choices would
 * otherwise overwrite each other on every visit.
 *
 * - One request at a time; a change while one is in flight is sent when it returns, as the
 *   choices are then, so the last choice wins.
 * - A failed request (offline, a 5xx) is sent again when the network comes back or at the next
 *   change; it is logged as a warning, as the saved-list sync does (savedSync.ts).
 * - Never writes for another account: sign-out turns Family Safe back on (appStateStore.reset)
 *   before the gate stops this sync, and that is not the family's choice.
 */

type FamilyChoices = Required<Pick<UpdateOutreachBody, 'familySafe' | 'radius'>>;

const choicesOf = (state: AppState): FamilyChoices => ({
  familySafe: state.familyMode,
  radius: state.familyRadius,
});

const sameChoices = (a: FamilyChoices, b: FamilyChoices) =>
  a.familySafe === b.familySafe && a.radius === b.radius;

interface FamilyChoicesSyncOptions {
  store: AppStateStore;
  /** The Firebase account whose settings these are. */
  uid: string;
  /** Profile's settings query shows what was stored. */
  queryClient?: QueryClient;
  /** Who is signed in now; Firebase's current user by default (tests pass their own). */
  currentUid?: () => string | null;
  client?: ApiClient;
}

/** Starts sending this device's Family Safe and radius changes; returns the function that stops it. */
export function startFamilyChoicesSync({
  store,
  uid,
  queryClient,
  currentUid = firebaseUid,
  client = api,
}: FamilyChoicesSyncOptions): () => void {
  let stopped = false;
  /** What the server has as far as this device knows: its choices at start, then each answer. */
  let stored = choicesOf(store.getSnapshot());
  let busy = false;

  const stillOurs = () => !stopped && currentUid() === uid;

  async function send(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (;;) {
        const wanted = choicesOf(store.getSnapshot());
        if (!stillOurs() || sameChoices(wanted, stored)) return;
        const settings = await updateOutreachSettings(wanted, client);
        if (!stillOurs()) return;
        stored = { familySafe: settings.familySafe, radius: settings.radius };
        queryClient?.setQueryData(outreachSettingsQueryKey, settings);
        // The server writes a radius its own way ('10.50km' is '10.5km'): the same choice.
        if (sameChoices(choicesOf(store.getSnapshot()), wanted)) stored = wanted;
      }
    } catch (error) {
      console.warn(
        "Could not send this device's Family Safe and distance for the weekly email; they are sent again when the network is back or at the next change:",
        error,
      );
    } finally {
      busy = false;
    }
  }

  const unsubscribe = store.subscribe(() => void send());
  const sendWhatWaited = () => void send();
  globalThis.addEventListener?.('online', sendWhatWaited);
  return () => {
    stopped = true;
    unsubscribe();
    globalThis.removeEventListener?.('online', sendWhatWaited);
  };
}
