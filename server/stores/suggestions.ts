import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  events,
  type NewEventRow,
  type SuggestionRow,
  suggestions,
  users,
} from '../db/schema/index.ts';

/*
 * The SQL of suggested events and their review (docs/suggestions.md); the rules (what may be
 * suggested, how many may wait, what a review may change) are server/services/suggestions.ts's.
 * The family's queries reach suggestions only through the users row of the uid the token proved.
 */

/** What the service writes for a new suggestion; the store adds its author and the defaults. */
export type NewSuggestion = Omit<
  typeof suggestions.$inferInsert,
  | 'id'
  | 'userId'
  | 'status'
  | 'reason'
  | 'imageId'
  | 'eventId'
  | 'reviewedAt'
  | 'createdAt'
  | 'updatedAt'
>;

/** Why insertSuggestionUnderLimit stored nothing, or the row it stored. */
export type InsertOutcome =
  | { stored: SuggestionRow }
  | { refused: 'no_user' }
  | { refused: 'too_many_waiting' };

/**
 * Stores a waiting suggestion for the person with this uid unless `maxWaiting` of theirs wait
 * already. The count and the insert run in one transaction holding the person's users row, so
 * two posts at once cannot both slip under the limit.
 */
export async function insertSuggestionUnderLimit(
  db: Database,
  uid: string,
  suggestion: NewSuggestion,
  maxWaiting: number,
): Promise<InsertOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebaseUid, uid))
      .for('update');
    if (!user) return { refused: 'no_user' };
    const [waiting] = await tx
      .select({ total: count() })
      .from(suggestions)
      .where(and(eq(suggestions.userId, user.id), eq(suggestions.status, 'waiting')));
    if ((waiting?.total ?? 0) >= maxWaiting) return { refused: 'too_many_waiting' };
    const [row] = await tx
      .insert(suggestions)
      .values({ ...suggestion, userId: user.id })
      .returning();
    if (!row) throw new Error('insert returned no suggestion');
    return { stored: row };
  });
}

/** The person's own suggestions, newest first; null when the uid has no users row. */
export async function suggestionsOfUser(
  db: Database,
  uid: string,
  limit: number,
): Promise<SuggestionRow[] | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.firebaseUid, uid))
    .limit(1);
  if (!user) return null;
  return db
    .select()
    .from(suggestions)
    .where(eq(suggestions.userId, user.id))
    .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
    .limit(limit);
}

/** The suggestion with this id if the uid's person made it; another person's is null too. */
export async function ownSuggestion(
  db: Database,
  uid: string,
  id: string,
): Promise<SuggestionRow | null> {
  const [row] = await db
    .select({ suggestion: suggestions })
    .from(suggestions)
    .innerJoin(users, eq(users.id, suggestions.userId))
    .where(and(eq(suggestions.id, id), eq(users.firebaseUid, uid)))
    .limit(1);
  return row?.suggestion ?? null;
}

/** Sets the suggestion's picture (an images row the picture store wrote); null when it is gone. */
export async function setSuggestionImage(
  db: Database,
  id: string,
  imageId: string,
): Promise<SuggestionRow | null> {
  const [row] = await db
    .update(suggestions)
    .set({ imageId, updatedAt: sql`now()` })
    .where(eq(suggestions.id, id))
    .returning();
  return row ?? null;
}

/** Every waiting suggestion, oldest first. */
export async function waitingSuggestions(db: Database, limit: number): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(suggestions)
    .where(eq(suggestions.status, 'waiting'))
    .orderBy(asc(suggestions.createdAt), asc(suggestions.id))
    .limit(limit);
}

/** An operator's verdict on a suggestion: the event it becomes, or the reason it does not. */
export type SuggestionReview =
  | { status: 'published'; event: NewEventRow & { id: string } }
  | { status: 'declined'; reason: string };

/**
 * Reviews the suggestion with this id: it is locked for the transaction (two operators, one
 * review), `decide` sees it as it is then and answers the verdict (or throws, which writes
 * nothing), and the verdict is written: a published one inserts its event and links it. Null
 * when there is no suggestion with this id.
 */
export async function reviewSuggestion(
  db: Database,
  id: string,
  decide: (suggestion: SuggestionRow) => SuggestionReview,
): Promise<SuggestionRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(suggestions)
      .where(eq(suggestions.id, id))
      .for('update');
    if (!locked) return null;
    const review = decide(locked);
    if (review.status === 'published') await tx.insert(events).values(review.event);
    const [reviewed] = await tx
      .update(suggestions)
      .set({
        ...(review.status === 'published'
          ? { status: 'published', eventId: review.event.id, reason: null }
          : { status: 'declined', reason: review.reason }),
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(suggestions.id, id))
      .returning();
    return reviewed ?? null;
  });
}
