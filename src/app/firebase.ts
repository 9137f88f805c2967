import { type FirebaseApp, getApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import type { ClientConfig } from '../../contract/config.ts';

/*
 * The web config comes from GET /api/config at boot instead of build-time variables, so one build
 * runs against the Auth emulator or a real project. SPEC section 7 also mentions a hosted document
 * database client that is initialised but never read or written; we leave Firestore out rather
 * than ship an unused SDK.
 */

let auth: Auth | null = null;

export function initFirebase(config: ClientConfig): Auth {
  if (auth) return auth;
  // Vite's hot reload can re-run this module while the SDK keeps its registry of apps.
  const existingApp: FirebaseApp | null = getApps().length > 0 ? getApp() : null;
  if (existingApp) {
    auth = getAuth(existingApp);
    return auth;
  }
  const app = initializeApp(config.firebase);
  // initializeAuth instead of getAuth: only the persistence and popup code we use gets bundled.
  // IndexedDB first (survives reloads, shared across tabs); localStorage where IndexedDB is off.
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}

export function getFirebaseAuth(): Auth {
  if (!auth) throw new Error('Firebase is not initialised: call initFirebase(config) at boot.');
  return auth;
}

/** The signed-in user's ID token for the API's Bearer header, or null when nobody is signed in. */
export async function currentIdToken(): Promise<string | null> {
  const user = auth?.currentUser;
  return user ? user.getIdToken() : null;
}
