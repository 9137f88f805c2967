import type { Database } from '../db/client.ts';
import { deleteAccountRows } from '../stores/users.ts';

/**
 * Everything FamJam stores about one Firebase account, removed in one transaction ('Delete
 * account'): either all of it goes or none does, so a failure never leaves half a profile.
 * - the polls they created, with their options and everyone's votes on them;
 * - their votes on other people's polls (those polls' totals drop by their vote);
 * - their open music-service sign-ins;
 * - their saved list, calendar feed, suggestions (an event published from one stays), profile
 *   photo, and the profile itself.
 * Every table with a column naming the person (users, saved_events, calendar_feeds,
 * suggestions, polls, poll_votes, music_authorizations) is deleted from by name in
 * server/stores/users.ts (deleteAccountRows). Only what hangs off their polls goes by the polls'
 * cascade: the options, and other people's votes on them (the voters' rows, not theirs).
 * Only the caller's rows are touched. Returns whether there was a profile.
 */
export async function deleteAccountData(db: Database, firebaseUid: string): Promise<boolean> {
  return deleteAccountRows(db, firebaseUid);
}
