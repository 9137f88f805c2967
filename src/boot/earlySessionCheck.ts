import { browserStorage } from '../api/storage.ts';
import { loadFirebase } from '../app/firebaseLoader.ts';
import { embeddedClientConfig } from '../app/readClientConfig.ts';
import { SESSION_HINT_KEY } from '../domain/constants.ts';

/**
 * Starts Firebase's session check as soon as its chunk is in, beside the start-up stages
 * (src/main.tsx) instead of after them. A returning family's page waits on that check (a
 * cross-origin lookup with its preflight) before the gate can decide anything; begun here, its
 * round trips overlap the seconds a phone spends evaluating React and the libraries.
 *
 * Only on a device signed in last time (nothing to check otherwise) and only with the
 * configuration written into the page. Boot initialises Firebase with the same configuration
 * later, which then returns the instance started here, and reports a chunk that cannot load.
 */
export function startSessionCheckEarly(doc: Document = document): Promise<void> {
  if (browserStorage()?.getItem(SESSION_HINT_KEY) !== 'signed-in') return Promise.resolve();
  const config = embeddedClientConfig(doc);
  if (!config) return Promise.resolve();
  return loadFirebase().then(
    (firebase) => {
      firebase.initFirebase(config);
    },
    () => undefined,
  );
}
