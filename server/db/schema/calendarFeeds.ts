import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's private calendar feed (`/api/calendar/{secret}.ics`): one row per user, made on first
 * use. The secret is stored as it is, not hashed: Saved's "Subscribe" shows the same URL again
 * whenever it is opened, which a hash cannot give back. It unlocks only what the database holds
 * beside it anyway (the user's saved events, which are public listings), and resetting it
 * replaces the row's secret, so the old URL stops working at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 32 random bytes, base64url; the unique index is also the feed's lookup. */
  secret: text('secret').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The ETag of the feed text last served, and when this server first served that text: the
   * feed's Last-Modified. No single row's timestamp covers every change (removing a saved event
   * leaves no row behind), so the served text itself is the record. Null until first served.
   */
  contentEtag: text('content_etag'),
  contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
});
