import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AppLocale } from '../../../contract/locales.ts';
import type { ProfilePhotoType } from '../../../contract/user.ts';
import { bytea } from './columnTypes.ts';

/**
 * A FamJam user record (docs/product.md#spec-3-user-record). One row per Firebase account:
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
  /** Artists from a connected music service, matched first by the recommendations. */
  musicArtists: jsonb('music_artists').$type<string[]>().notNull().default([]),
  location: text('location').notNull().default(''),
  /** The language the family chose ('en', 'es'; contract/locales.ts), null before any choice. */
  language: text('language').$type<AppLocale>(),
  /**
   * The profile photo's bytes (at most PROFILE_PHOTO_MAX_BYTES), in the database rather than on
   * disk: it is deleted with the account in the same transaction, backed up with the rest, and
   * never lands in the repository or the static directory. PostgreSQL stores values this size
   * out of line (TOAST), and record reads leave the column out (server/stores/users.ts).
   */
  photo: bytea('photo'),
  /** The type read from the photo's bytes when it was uploaded, served as its Content-Type. */
  photoType: text('photo_type').$type<ProfilePhotoType>(),
  photoUpdatedAt: timestamp('photo_updated_at', { withTimezone: true }),
  /** When the caller last opened the bell's list: what is older counts as read. */
  notificationsReadAt: timestamp('notifications_read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
