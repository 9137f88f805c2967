import type { Database } from '../db/client.ts';
import { replaceSavedList, savedEventIds, userIdOf } from '../stores/saved.ts';
import { ConflictError, NotFoundError } from './errors.ts';

/**
 * The signed-in caller's saved list. Every function takes the Firebase uid the token proved and
 * reaches rows only through that user's record (server/stores/saved.ts), so no caller can read
 * or change another's list.
 */

/** Saved event ids in the order of the caller's list; not found before onboarding. */
export async function readSavedIds(db: Database, firebaseUid: string): Promise<string[]> {
  const userId = await userIdOf(db, firebaseUid);
  if (userId === null) {
    throw new NotFoundError((i18n) => i18n.t('server.error.saved.noProfile'));
  }
  return savedEventIds(db, userId);
}

/**
 * Replaces the caller's list with `ids` (duplicates once, in first-seen order). Ids naming no
 * event (deleted since the phone saved them) are left out and reported. Events already saved
 * keep their saved-at time; only their position follows the new list. A conflict before
 * onboarding: the profile must exist first.
 */
export async function replaceSavedIds(
  db: Database,
  firebaseUid: string,
  ids: readonly string[],
): Promise<{ ids: string[]; unknownIds: string[] }> {
  const replaced = await replaceSavedList(db, firebaseUid, [...new Set(ids)]);
  if (replaced === null) {
    throw new ConflictError((i18n) => i18n.t('server.error.saved.saveBeforeProfile'));
  }
  return replaced;
}
