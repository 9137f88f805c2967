import { and, eq, sql } from 'drizzle-orm';
import type { AppLocale } from '../../contract/locales.ts';
import type { ProfilePhotoType } from '../../contract/user.ts';
import type { Database } from '../db/client.ts';
import {
  calendarFeeds,
  musicAuthorizations,
  outreachDeliveries,
  outreachSettings,
  polls,
  pollVotes,
  pushSubscriptions,
  savedEvents,
  suggestions,
  users,
  watchedSearches,
  watchedSearchMatches,
} from '../db/schema/index.ts';

/**
 * The users table: one row per Firebase account that finished onboarding (server/services/users.ts
 * holds the rules). Every statement is keyed by the Firebase uid the token proved, or by the
 * email a claim names together with the uid that owns it.
 */

/**
 * What a record read needs: every column but the photo's bytes (up to 2 MB, fetched only by
 * GET /api/me/photo) and the notification stamp (the notifications service reads it).
 */
const recordColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  familySituation: users.familySituation,
  musicPreferences: users.musicPreferences,
  musicArtists: users.musicArtists,
  location: users.location,
  language: users.language,
  photoUpdatedAt: users.photoUpdatedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type UserRow = {
  [K in keyof typeof recordColumns]: (typeof users.$inferSelect)[K];
};

/** The profile's columns a create or an edit writes. */
export interface ProfileValues {
  name: string;
  familySituation: string;
  musicPreferences: string[];
  /** Left out, the stored artists stay. */
  musicArtists?: string[];
  location: string;
  /** Left out, the stored choice stays. */
  language?: AppLocale;
}

/** A create also writes the email (lower case), which an edit never changes. */
export interface UserValues extends ProfileValues {
  email: string;
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}

/** The row of `uid` if it is stored under this (lower-case) email. */
export async function findUserByUidAndEmail(
  db: Database,
  uid: string,
  email: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select(recordColumns)
    .from(users)
    .where(and(eq(users.firebaseUid, uid), eq(users.email, email)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts `uid`'s row, or updates it when the uid already has one; `created` tells which.
 * 'email_taken' when another uid's row holds the email (the uid is the conflict target, so a
 * unique violation can only be the email).
 */
export async function upsertUserByUid(
  db: Database,
  uid: string,
  values: UserValues,
): Promise<{ row: UserRow; created: boolean } | 'email_taken'> {
  try {
    const [row] = await db
      .insert(users)
      .values({ firebaseUid: uid, ...values })
      .onConflictDoUpdate({
        target: users.firebaseUid,
        set: { ...values, updatedAt: sql`now()` },
      })
      // xmax is 0 only on a freshly inserted row version: tells create from update in one trip.
      .returning({ ...recordColumns, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('upsert returned no row');
    const { created, ...stored } = row;
    return { row: stored, created };
  } catch (error) {
    if (isUniqueViolation(error)) return 'email_taken';
    throw error;
  }
}

/** The Firebase uid whose row holds this (lower-case) email; null when none does. */
export async function uidOwningEmail(db: Database, email: string): Promise<string | null> {
  const [owner] = await db
    .select({ uid: users.firebaseUid })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return owner?.uid ?? null;
}

/**
 * Moves the row stored under `values.email` from `fromUid` to `toUid` with these values, and
 * empties its saved list in the same transaction. Only while it still belongs to `fromUid`, so
 * two moves racing cannot both win. Null when it did not move (already moved, or `toUid`
 * holds another row).
 */
export async function moveUserToAccount(
  db: Database,
  fromUid: string,
  toUid: string,
  values: UserValues,
): Promise<UserRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ firebaseUid: toUid, ...values, updatedAt: sql`now()` })
        .where(and(eq(users.firebaseUid, fromUid), eq(users.email, values.email)))
        .returning(recordColumns);
      if (!row) return null;
      await tx.delete(savedEvents).where(eq(savedEvents.userId, row.id));
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Replaces `uid`'s profile columns; null when the uid has no row. */
export async function updateProfileByUid(
  db: Database,
  uid: string,
  values: ProfileValues,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.firebaseUid, uid))
    .returning(recordColumns);
  return row ?? null;
}

/** Stores `uid`'s photo; null when the uid has no row. */
export async function setPhotoByUid(
  db: Database,
  uid: string,
  photo: Buffer,
  type: ProfilePhotoType,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ photo, photoType: type, photoUpdatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.firebaseUid, uid))
    .returning(recordColumns);
  return row ?? null;
}

/** `uid`'s photo columns; null when the uid has no row. */
export async function readPhotoByUid(
  db: Database,
  uid: string,
): Promise<{ bytes: Buffer | null; type: ProfilePhotoType | null } | null> {
  const [row] = await db
    .select({ bytes: users.photo, type: users.photoType })
    .from(users)
    .where(eq(users.firebaseUid, uid))
    .limit(1);
  return row ?? null;
}

/** Clears `uid`'s photo columns; false when the uid has no row. */
export async function clearPhotoByUid(db: Database, uid: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ photo: null, photoType: null, photoUpdatedAt: null, updatedAt: sql`now()` })
    .where(eq(users.firebaseUid, uid))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Every row of one Firebase account, in one transaction (server/services/account.ts says why).
 * Each table with a user column is named here, also those whose foreign key to users cascades:
 * this list is the whole story, whatever a later migration does to the constraints. Every
 * statement is keyed by the uid or by that uid's own users row. Returns whether there was a
 * users row.
 */
export async function deleteAccountRows(db: Database, firebaseUid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Keyed by uid (an account that never onboarded may have these): options and everyone's
    // votes on the polls go with them by cascade (poll_options and poll_votes hold the poll id).
    await tx.delete(polls).where(eq(polls.ownerUid, firebaseUid));
    await tx.delete(pollVotes).where(eq(pollVotes.voterUid, firebaseUid));
    await tx.delete(musicAuthorizations).where(eq(musicAuthorizations.uid, firebaseUid));
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebaseUid, firebaseUid))
      .limit(1);
    if (!user) return false;
    await tx.delete(savedEvents).where(eq(savedEvents.userId, user.id));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    // A published suggestion's event stays (events.source_id keeps its id, not the person).
    await tx.delete(suggestions).where(eq(suggestions.userId, user.id));
    // Issue 34: what FamJam may send them and what it sent; the devices' push endpoints, the
    // unsubscribe token and the watched searches with their matches.
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    await tx.delete(outreachDeliveries).where(eq(outreachDeliveries.userId, user.id));
    await tx.delete(outreachSettings).where(eq(outreachSettings.userId, user.id));
    await tx.delete(watchedSearchMatches).where(eq(watchedSearchMatches.userId, user.id));
    await tx.delete(watchedSearches).where(eq(watchedSearches.userId, user.id));
    // The photo lives in the users row, so it goes with it.
    await tx.delete(users).where(eq(users.id, user.id));
    return true;
  });
}
