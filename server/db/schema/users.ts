import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A FamJam user record (SPEC section 3 "User record"). One row per Firebase account:
 * `firebaseUid` is the owner, and every query on user data is scoped by it.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  firebaseUid: text('firebase_uid').notNull().unique(),
  // Stored lower-cased: Firebase treats emails case-insensitively, so must we.
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  familySituation: text('family_situation').notNull().default(''),
  musicPreferences: jsonb('music_preferences').$type<string[]>().notNull().default([]),
  location: text('location').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
