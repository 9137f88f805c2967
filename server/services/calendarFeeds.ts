import { randomBytes } from 'node:crypto';
import { CALENDAR_SECRET_BYTES } from '../../contract/calendarFeed.ts';
import type { CalendarEvent, SavedCalendarWords } from '../../contract/icalendar.ts';
import type { AppLocale } from '../../contract/locales.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';
import type { Database } from '../db/client.ts';
import { messagesIn } from '../i18n.ts';
import {
  feedBySecret,
  feedOfUser,
  recordFeedContent,
  replaceFeedSecret,
  savedEventsWithChanges,
} from '../stores/calendarFeeds.ts';
import { toEvent } from '../stores/eventFields.ts';
import { userIdOf } from '../stores/saved.ts';
import { ConflictError } from './errors.ts';

/**
 * Private calendar feeds. The owner reaches their feed through the uid the token proves (and
 * must have a users row: a conflict otherwise, as for saving to the list); a calendar app
 * reaches it through the secret alone.
 */

export interface FeedSecret {
  secret: string;
  rotatedAt: Date;
}

/** The owner's users row id; a conflict before onboarding, since the feed is of their list. */
async function ownerId(db: Database, firebaseUid: string): Promise<string> {
  const userId = await userIdOf(db, firebaseUid);
  if (userId === null) {
    throw new ConflictError((i18n) => i18n.t('server.error.calendar.feedBeforeProfile'));
  }
  return userId;
}

/** 256 bits from the CSPRNG: nothing to guess, enumerate or count up. */
function newSecret(): string {
  return randomBytes(CALENDAR_SECRET_BYTES).toString('base64url');
}

/** The caller's feed secret, made on first use. */
export async function feedSecretFor(db: Database, firebaseUid: string): Promise<FeedSecret> {
  const userId = await ownerId(db, firebaseUid);
  const feed = await feedOfUser(db, userId, newSecret());
  if (!feed) throw new Error(`The calendar feed of user ${userId} vanished while being read.`);
  return feed;
}

/** A new secret for the caller's feed; the old one stops working with this write. */
export async function rotateFeedSecret(db: Database, firebaseUid: string): Promise<FeedSecret> {
  const userId = await ownerId(db, firebaseUid);
  const feed = await replaceFeedSecret(db, userId, newSecret());
  if (!feed) throw new Error(`Resetting the calendar feed of user ${userId} wrote no row.`);
  return feed;
}

/**
 * The feed's own words (its name, a cancelled event's title) in the owner's language
 * (users.language; English without one), from the server catalogue ('server.calendar.*').
 */
export function calendarWordsIn(locale: AppLocale | null): SavedCalendarWords {
  const i18n = messagesIn(locale);
  return {
    calendarName: i18n.t('server.calendar.name', { product: PRODUCT_NAME }),
    cancelledTitle: (title) => i18n.t('server.calendar.cancelled', { title }),
    language: i18n.locale.toUpperCase(),
  };
}

/** What a feed secret opens: the saved events and what was last served from them. */
interface FeedContent {
  /** The owner's saved events in list order, each with when it last changed. */
  events: CalendarEvent[];
  /** The feed's own words, in the owner's language. */
  words: SavedCalendarWords;
  /** The ETag of the text last served from this feed, and since when it has been served. */
  served: { etag: string; since: Date } | null;
}

/**
 * The saved events behind a feed secret, in the owner's list order, each with when it last
 * changed (so calendars take the new version of a rescheduled event). null: no such feed.
 */
export async function feedContent(db: Database, secret: string): Promise<FeedContent | null> {
  const feed = await feedBySecret(db, secret);
  if (!feed) return null;
  const rows = await savedEventsWithChanges(db, feed.userId);
  return {
    events: rows.map((row) => ({ ...toEvent(row), updatedAt: row.updatedAt.toISOString() })),
    words: calendarWordsIn(feed.language),
    served:
      feed.etag !== null && feed.since !== null ? { etag: feed.etag, since: feed.since } : null,
  };
}

/**
 * Records that the feed now serves the text with `etag`, from now on: its Last-Modified. Called
 * only when the text differs from what was served before. Returns the time written.
 */
export async function recordFeedServed(db: Database, secret: string, etag: string): Promise<Date> {
  const since = new Date();
  await recordFeedContent(db, secret, etag, since);
  return since;
}
