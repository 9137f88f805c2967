import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { calendarFeeds, polls, pollVotes, savedEvents, users } from '../db/schema/index.ts';

/**
 * Everything FamJam stores about one Firebase account, removed in one transaction ('Delete
 * account'): either all of it goes or none does, so a failure never leaves half a profile.
 * - the polls they created, with their options and everyone's votes on them (cascade);
 * - their votes on other people's polls (those polls' totals drop by their vote);
 * - their saved list, calendar feed and profile photo, and the profile itself.
 * Every statement is keyed by the caller's uid (or their own users row), so nobody else's rows
 * are touched. Returns whether there was a profile.
 */
export async function deleteAccountData(db: Database, firebaseUid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(polls).where(eq(polls.ownerUid, firebaseUid));
    await tx.delete(pollVotes).where(eq(pollVotes.voterUid, firebaseUid));
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebaseUid, firebaseUid))
      .limit(1);
    if (!user) return false;
    // The foreign keys cascade these from users too; deleted by name so this list is the
    // whole story, whatever a later migration does to the constraints.
    await tx.delete(savedEvents).where(eq(savedEvents.userId, user.id));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    // The photo lives in the users row, so it goes with it.
    await tx.delete(users).where(eq(users.id, user.id));
    return true;
  });
}
