/**
 * The parts of the API anyone may read (server/routes/index.ts, `publicResources`), as paths
 * below `/api`: the app sends these without waiting for the signed-in user's token. A returning
 * family's page draws before Firebase has restored the session (issue 36), and its events,
 * places and pictures need not wait for that round trip. server/routes/scopes.test.ts holds the
 * list to the server: every route under these prefixes is public there.
 */
export const publicApiPrefixes = ['config', 'events', 'restaurants', 'geo'] as const;

function firstSegment(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
}

/** Whether `path` (below `/api`, no leading slash, query allowed) is a public read. */
export function isPublicApiPath(path: string): boolean {
  return (publicApiPrefixes as readonly string[]).includes(firstSegment(path));
}

/**
 * A public read that carries a family's question (what, where, which ids): all but the
 * configuration, which is the same for everyone and which the service worker keeps so that the
 * app starts offline.
 */
export function carriesFamilyQuery(path: string): boolean {
  return isPublicApiPath(path) && firstSegment(path) !== 'config';
}

/**
 * Marks a public read sent for a device with a signed-in family (no token: Firebase may still be
 * restoring it). The service worker keeps anonymous public reads for offline use, but not these:
 * what a family searched for, and where, must not outlive its session on a shared device (the
 * app's own cache, cleared at sign-out, keeps what its offline mode needs). vite.config.ts's
 * matcher spells the name out (it runs inside the worker).
 */
export const SIGNED_IN_READ_HEADER = 'X-FamJam-Signed-In';
