import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WatchedSearchFilters } from '../../../contract/outreach.ts';
import { events } from './events.ts';
import { users } from './users.ts';

/*
 * Issue 34: reaching a family outside the app (contract/outreach.ts). Every row belongs to one
 * user and goes with the account (ON DELETE CASCADE): subscriptions, settings, watched searches,
 * their matches and the record of what was sent.
 */

/**
 * The family's outreach settings, one row per user, made on first use with the defaults below:
 * every push kind on (push itself is on per device, by subscribing), the weekly email off.
 */
export const outreachSettings = pgTable('outreach_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushChanges: boolean('push_changes').notNull().default(true),
  pushReminders: boolean('push_reminders').notNull().default(true),
  pushConcerts: boolean('push_concerts').notNull().default(true),
  pushWatched: boolean('push_watched').notNull().default(true),
  weeklyEmail: boolean('weekly_email').notNull().default(false),
  weeklyEmailOffered: boolean('weekly_email_offered').notNull().default(false),
  /**
   * The weekly email's Family Safe and radius ('5mi', '10km', as Search's URL writes it; null
   * for the default). Both are settings of each device in the app; the email follows the device
   * that last changed one or turned the email on (docs/outreach.md, 'Weekly email').
   */
  familySafe: boolean('family_safe').notNull().default(true),
  radius: text('radius'),
  /** IANA zone for reminders, quiet hours and the Thursday email; the last device's. */
  timeZone: text('time_zone').notNull(),
  /**
   * The weekly email's one-click unsubscribe (RFC 8058) works without signing in: this random
   * token (32 bytes, base64url) in its link is the only key, and it unlocks that one switch.
   */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per device that turned push on: PushSubscription.toJSON(), by its endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device: a capability, never logged. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** Failed sends in a row (5xx, network); a 404 or 410 deletes the row instead. */
    failures: integer('failures').notNull().default(0),
  },
  (table) => [index('push_subscriptions_user_id_idx').on(table.userId)],
);

/** A search the family asked FamJam to watch ("Tell me about new events like this"). */
export const watchedSearches = pgTable(
  'watched_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<WatchedSearchFilters>().notNull(),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('watched_searches_user_id_idx').on(table.userId)],
);

/**
 * A new event that matched a watched search: written once per search and event by the matching
 * after an import, read by the bell, the push sender and the weekly email.
 */
export const watchedSearchMatches = pgTable(
  'watched_search_matches',
  {
    watchedSearchId: uuid('watched_search_id')
      .notNull()
      .references(() => watchedSearches.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.watchedSearchId, table.eventId] }),
    index('watched_search_matches_user_idx').on(table.userId, table.matchedAt),
    index('watched_search_matches_event_idx').on(table.eventId),
  ],
);

/**
 * What was sent to whom, by channel ('push', 'email') and subject ('cancelled:{eventId}',
 * 'reminder:{eventId}:{day}', 'watched:{eventId}', 'weekly:{thursday}'): a fact is told once per
 * channel, and the daily push cap counts these rows.
 */
export const outreachDeliveries = pgTable(
  'outreach_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'push' | 'email'>().notNull(),
    subject: text('subject').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.channel, table.subject] }),
    index('outreach_deliveries_sent_idx').on(table.userId, table.sentAt),
  ],
);
