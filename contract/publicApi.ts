/**
 * The parts of the API anyone may read (server/routes/index.ts, `publicResources`), as paths
 * below `/api`: the app sends these without waiting for the signed-in user's token. A returning
 * family's page draws before Firebase has restored the session (issue 36), and its events,
 * places and pictures need not wait for that round trip. server/routes/scopes.test.ts holds the
 * list to the server: every route under these prefixes is public there.
 */
export const publicApiPrefixes = ['config', 'events', 'restaurants', 'geo'] as const;

/** Whether `path` (below `/api`, no leading slash, query allowed) is a public read. */
export function isPublicApiPath(path: string): boolean {
  const [first = ''] = path.replace(/^\/+/, '').split(/[/?#]/, 1);
  return (publicApiPrefixes as readonly string[]).includes(first);
}
