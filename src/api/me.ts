import type { SavedIds, SavedIdsBody } from '../../contract/events.ts';
import { type ApiClient, api, HTTPError } from './client.ts';

/*
 * The signed-in caller's own saved list (`/api/me/saved`, server/routes/me.ts). Without a FamJam
 * profile yet the API answers 404 (read) or 409 (write); both mean "nothing to sync with", so
 * they come back as null rather than as errors. Other failures throw the client's
 * "{status}: {body}" error.
 */

function isNoProfile(error: unknown): boolean {
  return (
    error instanceof HTTPError && (error.response.status === 404 || error.response.status === 409)
  );
}

/** The saved ids in list order (newest first), or null when the account has no profile yet. */
export async function getSavedIds(client: ApiClient = api): Promise<string[] | null> {
  try {
    return (await client.get('me/saved').json<SavedIds>()).ids;
  } catch (error) {
    if (isNoProfile(error)) return null;
    throw error;
  }
}

/**
 * Replaces the saved list with `ids`. Returns what the server kept (ids naming no event are left
 * out and listed in `unknownIds`), or null when the account has no profile yet.
 */
export async function replaceSavedIds(
  ids: readonly string[],
  client: ApiClient = api,
): Promise<SavedIds | null> {
  const body: SavedIdsBody = { ids: [...ids] };
  try {
    return await client.put('me/saved', { json: body }).json<SavedIds>();
  } catch (error) {
    if (isNoProfile(error)) return null;
    throw error;
  }
}
