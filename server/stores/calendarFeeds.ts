import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { calendarFeeds, events, savedEvents, users } from '../db/schema/index.ts';
import { eventSelection } from './eventFields.ts';

/*
 * The private calendar feeds: one row per user, found by the user (the owner, through the uid
 * the token proved) or by its secret (a calendar app). Minting secrets and what a feed serves
 * is server/services/calendarFeeds.ts.
 */

/**
 * The user's feed, made with `secret` if they have none. Two first requests at once (two tabs)
 * must agree on one secret: the loser's insert does nothing and both read the winner's row.
 */
export async function feedOfUser(db: Database, userId: string, secret: string) {
  await db.insert(calendarFeeds).values({ userId, secret }).onConflictDoNothing({
    target: calendarFeeds.userId,
  });
  const [feed] = await db
    .select({ secret: calendarFeeds.secret, rotatedAt: calendarFeeds.rotatedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return feed;
}

/** Gives the user's feed `secret` (making the feed if need be): the old one stops working. */
export async function replaceFeedSecret(db: Database, userId: string, secret: string) {
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { secret, rotatedAt: new Date() },
    })
    .returning({ secret: calendarFeeds.secret, rotatedAt: calendarFeeds.rotatedAt });
  return feed;
}

/**
 * The feed behind a secret: its owner and the owner's language (the feed's own words are in
 * it), and the ETag last served and since when (or nulls).
 */
export async function feedBySecret(db: Database, secret: string) {
  const [feed] = await db
    .select({
      userId: calendarFeeds.userId,
      language: users.language,
      etag: calendarFeeds.contentEtag,
      since: calendarFeeds.contentChangedAt,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.secret, secret));
  return feed;
}

/** The user's saved events in list order, each with when it last changed. */
export async function savedEventsWithChanges(db: Database, userId: string) {
  return db
    .select({ ...eventSelection(null), updatedAt: events.updatedAt })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .where(eq(savedEvents.userId, userId))
    .orderBy(asc(savedEvents.position), asc(savedEvents.savedAt));
}

/** Records that the feed with `secret` serves the text with `etag` since `since`. */
export async function recordFeedContent(
  db: Database,
  secret: string,
  etag: string,
  since: Date,
): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({ contentEtag: etag, contentChangedAt: since })
    .where(eq(calendarFeeds.secret, secret));
}
