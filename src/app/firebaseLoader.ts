/*
 * The only way the rest of the app reaches Firebase. The SDK (about 30 KB gzipped, and its
 * evaluation) is a chunk of its own, fetched by boot beside /api/config while the page frame is
 * already painted, so it is not part of any page's first load (issue 16). Nothing here imports
 * firebase/*: a static import of it from any module in the entry would pull the SDK back in.
 */
type FirebaseModule = typeof import('./firebase.ts');

let loading: Promise<FirebaseModule> | null = null;
let loaded: FirebaseModule | null = null;

/** Fetches and evaluates the Firebase chunk once; later calls get the same module. */
export function loadFirebase(): Promise<FirebaseModule> {
  if (!loading) {
    loading = import('./firebase.ts').then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (offline before the chunk was cached) may be tried again by Retry.
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}

/**
 * The signed-in user's ID token for the API's Bearer header, or null when nobody is signed in.
 * Before the SDK has loaded nobody can be: the gate shows 'Loading...' until Firebase reports.
 */
export function currentIdToken(): Promise<string | null> {
  return loaded ? loaded.currentIdToken() : Promise.resolve(null);
}

/** The uid Firebase holds right now (null before the SDK has loaded, as no one is signed in). */
export function currentUid(): string | null {
  return loaded ? loaded.currentUid() : null;
}
