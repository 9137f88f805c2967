import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredCategoryId } from '../../../contract/categories.ts';
import { events } from './events.ts';
import { images } from './images.ts';
import { users } from './users.ts';

export const suggestionStatuses = ['waiting', 'published', 'declined'] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

const statusList = sql.raw(suggestionStatuses.map((status) => `'${status}'`).join(', '));

/**
 * An event a signed-in family suggested, waiting for an operator (docs/sources.md). Publishing
 * it creates an `events` row (source 'suggestion', source id = this row's id) and links it
 * here; declining keeps the row with the operator's reason, which the family sees on Profile.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<SuggestionStatus>().notNull().default('waiting'),
    /** The operator's words when declined; shown to the family as 'Not published: {reason}'. */
    reason: text('reason'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    hasTime: boolean('has_time').notNull().default(true),
    venue: text('venue').notNull(),
    address: text('address').notNull().default(''),
    location: text('location').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    priceText: text('price_text'),
    category: text('category').$type<StoredCategoryId>().notNull(),
    minAge: smallint('min_age'),
    maxAge: smallint('max_age'),
    ticketUrl: text('ticket_url'),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    /** The published event; null while waiting or when declined. */
    eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('suggestions_status_check', sql`${table.status} IN (${statusList})`),
    check('suggestions_min_age_check', sql`${table.minAge} BETWEEN 0 AND 120`),
    check('suggestions_max_age_check', sql`${table.maxAge} BETWEEN 0 AND 120`),
    index('suggestions_user_id_idx').on(table.userId, table.createdAt),
    index('suggestions_waiting_idx').on(table.createdAt).where(sql`${table.status} = 'waiting'`),
  ],
);

export type SuggestionRow = typeof suggestions.$inferSelect;
