import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events, savedEvents, users } from '../db/schema/index.ts';

/**
 * The signed-in caller's saved list. Every function takes the Firebase uid the token proved and
 * reaches rows only through that user's record, so no caller can read or change another's list.
 */

/** The token is valid but the account has not finished onboarding (no users row yet). */
export class NoUserRecordError extends Error {
  override name = 'NoUserRecordError';
}

/** The caller's users row id; NoUserRecordError before onboarding. */
export async function userIdFor(
  db: Pick<Database, 'select'>,
  firebaseUid: string,
): Promise<string> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.firebaseUid, firebaseUid))
    .limit(1);
  if (!user) throw new NoUserRecordError();
  return user.id;
}

/** Saved event ids in the order of the caller's list. */
export async function readSavedIds(db: Database, firebaseUid: string): Promise<string[]> {
  const userId = await userIdFor(db, firebaseUid);
  const rows = await db
    .select({ eventId: savedEvents.eventId })
    .from(savedEvents)
    .where(eq(savedEvents.userId, userId))
    .orderBy(asc(savedEvents.position), asc(savedEvents.savedAt));
  return rows.map((row) => row.eventId);
}

/**
 * Replaces the caller's list with `ids` (duplicates once, in first-seen order). Ids naming no
 * event (deleted since the phone saved them) are left out and reported. Events already saved
 * keep their saved-at time; only their position follows the new list.
 */
export async function replaceSavedIds(
  db: Database,
  firebaseUid: string,
  ids: readonly string[],
): Promise<{ ids: string[]; unknownIds: string[] }> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const userId = await userIdFor(tx, firebaseUid);
    const existing =
      wanted.length === 0
        ? []
        : await tx.select({ id: events.id }).from(events).where(inArray(events.id, wanted));
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
