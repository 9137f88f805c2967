import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events, savedEvents, users } from '../db/schema/index.ts';

/*
 * The saved lists. Every read and write reaches rows through the users row of the Firebase uid
 * the token proved, so no caller can read or change another's list. The rules (what a missing
 * profile means) are in server/services/saved.ts.
 */

/** The account's users row id, or null before onboarding. */
export async function userIdOf(
  db: Pick<Database, 'select'>,
  firebaseUid: string,
): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.firebaseUid, firebaseUid))
    .limit(1);
  return user?.id ?? null;
}

/** The user's saved event ids in the order of their list. */
export async function savedEventIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ eventId: savedEvents.eventId })
    .from(savedEvents)
    .where(eq(savedEvents.userId, userId))
    .orderBy(asc(savedEvents.position), asc(savedEvents.savedAt));
  return rows.map((row) => row.eventId);
}

/**
 * In one transaction, makes the account's list `wanted` (distinct ids, in order), leaving out
 * ids that name no event and reporting them. Events already saved keep their saved-at time;
 * only their position follows the new list. null, and nothing written, without a users row.
 */
export async function replaceSavedList(
  db: Database,
  firebaseUid: string,
  wanted: readonly string[],
): Promise<{ ids: string[]; unknownIds: string[] } | null> {
  return db.transaction(async (tx) => {
    const userId = await userIdOf(tx, firebaseUid);
    if (userId === null) return null;
    const existing =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: events.id })
            .from(events)
            .where(inArray(events.id, [...wanted]));
    const known = new Set(existing.map((row) => row.id));
    const kept = wanted.filter((id) => known.has(id));
    const unknownIds = wanted.filter((id) => !known.has(id));
    await tx
      .delete(savedEvents)
      .where(
        kept.length === 0
          ? eq(savedEvents.userId, userId)
          : and(eq(savedEvents.userId, userId), notInArray(savedEvents.eventId, kept)),
      );
    if (kept.length > 0) {
      await tx
        .insert(savedEvents)
        .values(kept.map((eventId, position) => ({ userId, eventId, position })))
        .onConflictDoUpdate({
          target: [savedEvents.userId, savedEvents.eventId],
          set: { position: sql`excluded.position` },
        });
    }
    return { ids: kept, unknownIds };
  });
}
