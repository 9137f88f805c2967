import { type FirebaseApp, getApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import type { ClientConfig } from '../../contract/config.ts';

// What the app calls on Firebase, handed out through this module: it is loaded lazily
// (firebaseLoader.ts), and only modules it brings in may import firebase/*.
export {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  getRedirectResult,
  onAuthStateChanged,
  reload,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
} from 'firebase/auth';

/*
 * The web config comes from GET /api/config at boot instead of build-time variables, so one build
 * runs against the Auth emulator or a real project. docs/product.md#spec-7 also mentions a hosted document
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
  // initializeAuth instead of getAuth: only the persistence code we use gets bundled.
  // IndexedDB first (survives reloads, shared across tabs); localStorage where IndexedDB is off.
  // No popupRedirectResolver here: given at start, it sets itself up at once on phones and in
  // Safari, loading Google's iframe helper (apis.google.com/js/api.js) on every first visit.
  // auth.tsx hands it to the calls that need it instead, so the helper loads when Google sign-in
  // starts or a redirect result is pending. (Its code stays in this chunk: importing it
  // dynamically cannot split it from the rest of @firebase/auth, and only added a chunk.)
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (config.authEmulator) {
    // The emulator's endpoints are served by this origin (the SDK keeps their paths), so no
    // page elsewhere can reach it through the browser (docs/security.md).
    connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
  }
  return auth;
}

export function getFirebaseAuth(): Auth {
  if (!auth) throw new Error('Firebase is not initialised: call initFirebase(config) at boot.');
  return auth;
}

/**
 * Whether a signInWithRedirect left a result to collect on this page load. Firebase marks it in
 * sessionStorage under `firebase:pendingRedirect:{apiKey}:{appName}` (the resolver's redirect
 * persistence, @firebase/auth's pendingRedirectKey) and removes the mark once it reads it. With
 * no mark, getRedirectResult resolves null without a request, so it need not run at all.
 * (Users marked by linkWithRedirect or reauthenticateWithRedirect would need the resolver at
 * initializeAuth; the app uses neither.)
 */
export function hasPendingRedirect(auth: Auth): boolean {
  try {
    const key = `firebase:pendingRedirect:${auth.config.apiKey}:${auth.name}`;
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    // Storage can be blocked; Firebase's redirect flow cannot have left a mark there either.
    return false;
  }
}

/** The signed-in user's ID token for the API's Bearer header, or null when nobody is signed in. */
export async function currentIdToken(): Promise<string | null> {
  if (!auth) return null;
  // A returning family's page draws before Firebase has restored the session (issue 36): its
  // first calls wait for that restore rather than go out without the token.
  await auth.authStateReady();
  const user = auth.currentUser;
  return user ? user.getIdToken() : null;
}

/**
 * The uid Firebase holds right now. Firebase updates it before it tells listeners, so code that
 * reacts to a session ending (the saved-list sync) can tell that the account changed under it.
 */
export function currentUid(): string | null {
  return auth?.currentUser?.uid ?? null;
}
