import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { StoredCategoryId } from '../../contract/categories.ts';
import type { Database } from '../db/client.ts';
import { events, savedEvents, users } from '../db/schema/index.ts';
// The listings' shared conditions.
import { goingAhead, upcoming, withinArea } from './events.ts';

/**
 * What the bell's list is computed from (server/services/notifications.ts holds the rules):
 * the account's row and stamp, its saved events, and the events table. Every query is keyed
 * by the caller's uid or their own users row id.
 */

/** The event columns every notification is worded from. */
const eventFacts = {
  id: events.id,
  title: events.title,
  venue: events.venue,
  location: events.location,
  startsAt: events.startsAt,
  timeZone: events.timeZone,
  hasTime: events.hasTime,
};

export interface ReaderRow {
  userId: string;
  createdAt: Date;
  readAt: Date | null;
  location: string;
  musicPreferences: string[];
  musicArtists: string[];
  /** The database's clock: every instant compared with it comes from the database too. */
  now: Date;
}

/** What the list needs of the caller's account, and the database's now; null without a row. */
export async function readerRow(db: Database, firebaseUid: string): Promise<ReaderRow | null> {
  const [row] = await db
    .select({
      userId: users.id,
      createdAt: users.createdAt,
      readAt: users.notificationsReadAt,
      location: users.location,
      musicPreferences: users.musicPreferences,
      musicArtists: users.musicArtists,
      now: sql<string>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(users)
    .where(eq(users.firebaseUid, firebaseUid))
    .limit(1);
  return row ?? null;
}

/**
 * The user's upcoming saved events that a source cancelled, or moved (and did not cancel),
 * after `since` and after they were saved.
 */
export async function changedSavedEvents(db: Database, userId: string, now: Date, since: Date) {
  return db
    .select({
      ...eventFacts,
      cancelledAt: events.cancelledAt,
      rescheduledAt: events.rescheduledAt,
      previousStartsAt: events.previousStartsAt,
      savedAt: savedEvents.savedAt,
    })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .where(
      and(
        eq(savedEvents.userId, userId),
        upcoming(now),
        or(
          and(gt(events.cancelledAt, since), gt(events.cancelledAt, savedEvents.savedAt)),
          and(
            isNull(events.cancelledAt),
            gt(events.rescheduledAt, since),
            gt(events.rescheduledAt, savedEvents.savedAt),
          ),
        ),
      ),
    );
}

/** The user's saved events going ahead that start after `now` and no later than `until`. */
export async function savedEventsStartingBy(db: Database, userId: string, now: Date, until: Date) {
  return db
    .select({ ...eventFacts, savedAt: savedEvents.savedAt })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .where(
      and(
        eq(savedEvents.userId, userId),
        gt(events.startsAt, now),
        lte(events.startsAt, until),
        goingAhead,
      ),
    );
}

/** The categories of every event the user saved, past ones too. */
export async function savedCategories(db: Database, userId: string): Promise<StoredCategoryId[]> {
  const rows = await db
    .selectDistinct({ category: events.category })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .where(eq(savedEvents.userId, userId));
  return rows.map((row) => row.category);
}

/** The user's saved event ids, as a subquery. */
function savedBy(db: Database, userId: string) {
  return db
    .select({ eventId: savedEvents.eventId })
    .from(savedEvents)
    .where(eq(savedEvents.userId, userId));
}

/**
 * The conditions a concert notification's event meets besides matching the taste (the
 * recommendations' matcher adds area, upcoming and going ahead): music, added after `since`,
 * not saved by the user.
 */
export function newConcertConditions(db: Database, userId: string, since: Date): SQL[] {
  return [
    gt(events.createdAt, since),
    eq(events.category, 'music'),
    notInArray(events.id, savedBy(db, userId)),
  ];
}

/**
 * Upcoming events going ahead, added after `since`, in these categories and this area, not
 * saved by the user and not among `excludedIds`; newest first, at most `limit`.
 */
export async function newEventsFor(
  db: Database,
  filter: {
    userId: string;
    since: Date;
    categories: StoredCategoryId[];
    area: Parameters<typeof withinArea>[0];
    now: Date;
    excludedIds: string[];
    limit: number;
  },
) {
  return db
    .select({ ...eventFacts, createdAt: events.createdAt })
    .from(events)
    .where(
      and(
        gt(events.createdAt, filter.since),
        inArray(events.category, filter.categories),
        withinArea(filter.area),
        upcoming(filter.now),
        goingAhead,
        notInArray(events.id, savedBy(db, filter.userId)),
        filter.excludedIds.length > 0 ? notInArray(events.id, filter.excludedIds) : undefined,
      ),
    )
    .orderBy(desc(events.createdAt), events.id)
    .limit(filter.limit);
}

/** Stamps the account's list read as of the database's now; false when it has no row. */
export async function stampNotificationsRead(db: Database, firebaseUid: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ notificationsReadAt: sql`now()` })
    .where(eq(users.firebaseUid, firebaseUid))
    .returning({ id: users.id });
  return updated.length > 0;
}
