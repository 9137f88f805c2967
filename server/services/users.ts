import { and, eq, sql } from 'drizzle-orm';
import type {
  CreateUserBody,
  ProfilePhotoType,
  UpdateUserBody,
  UserRecord,
} from '../../contract/user.ts';
import type { Database } from '../db/client.ts';
import { savedEvents, users } from '../db/schema/index.ts';

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
  photoUpdatedAt: users.photoUpdatedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserRow = {
  [K in keyof typeof recordColumns]: (typeof users.$inferSelect)[K];
};

/** Another Firebase account already owns the record for this email. */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
  constructor(
    email: string,
    /** The Firebase uid that owns it; null if that row vanished in the meantime. */
    readonly ownerUid: string | null,
  ) {
    super(email);
  }
}

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    familySituation: row.familySituation,
    musicPreferences: row.musicPreferences,
    musicArtists: row.musicArtists,
    location: row.location,
    photoUpdatedAt: row.photoUpdatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}

/** The caller's own record, if it is stored under this email. */
export async function findOwnUserByEmail(
  db: Database,
  uid: string,
  email: string,
): Promise<UserRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(users)
    .where(and(eq(users.firebaseUid, uid), eq(users.email, email.toLowerCase())))
    .limit(1);
  return row ? toRecord(row) : null;
}

/**
 * Creates the caller's record, or updates it when the account already has one (the onboarding
 * form may be submitted twice, e.g. after a network retry). Keyed by Firebase uid, never email.
 */
export async function upsertOwnUser(
  db: Database,
  uid: string,
  input: CreateUserBody,
): Promise<{ user: UserRecord; created: boolean }> {
  const values = storedValues(input);
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
    return { user: toRecord(stored), created };
  } catch (error) {
    // The uid is the conflict target, so a unique violation here can only be the email.
    if (isUniqueViolation(error)) {
      const [owner] = await db
        .select({ uid: users.firebaseUid })
        .from(users)
        .where(eq(users.email, values.email))
        .limit(1);
      throw new EmailTakenError(values.email, owner?.uid ?? null);
    }
    throw error;
  }
}

/**
 * Moves the record stored under `input.email` from a Firebase account that no longer exists to
 * the caller's, with the posted values. Only while it still belongs to `fromUid`, so two
 * claims racing cannot both win. Null when it did not move (already moved, or the caller's
 * account holds another record).
 * The old account's saved list is emptied in the same transaction: the new account proves the
 * address, not that it is the same person, and the list was the old account's.
 */
export async function claimUserOfGoneAccount(
  db: Database,
  fromUid: string,
  toUid: string,
  input: CreateUserBody,
): Promise<UserRecord | null> {
  const values = storedValues(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ firebaseUid: toUid, ...values, updatedAt: sql`now()` })
        .where(and(eq(users.firebaseUid, fromUid), eq(users.email, values.email)))
        .returning(recordColumns);
      if (!row) return null;
      await tx.delete(savedEvents).where(eq(savedEvents.userId, row.id));
      return toRecord(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Replaces the caller's profile fields ('Edit preferences'); the email stays the one it was
 * created with. Null when the account has no record yet (onboarding not done).
 */
export async function updateOwnUser(
  db: Database,
  uid: string,
  input: UpdateUserBody,
): Promise<UserRecord | null> {
  const [row] = await db
    .update(users)
    .set({ ...profileValues(input), updatedAt: sql`now()` })
    .where(eq(users.firebaseUid, uid))
    .returning(recordColumns);
  return row ? toRecord(row) : null;
}

/**
 * Stores the caller's profile photo (bytes already checked by the route). Null without a
 * record: the photo belongs to the profile.
 */
export async function setOwnPhoto(
  db: Database,
  uid: string,
  photo: Buffer,
  type: ProfilePhotoType,
): Promise<UserRecord | null> {
  const [row] = await db
    .update(users)
    .set({ photo, photoType: type, photoUpdatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.firebaseUid, uid))
    .returning(recordColumns);
  return row ? toRecord(row) : null;
}

interface StoredPhoto {
  bytes: Buffer;
  type: ProfilePhotoType;
}

/** The caller's photo, or null when they have no record or no photo. */
export async function readOwnPhoto(db: Database, uid: string): Promise<StoredPhoto | null> {
  const [row] = await db
    .select({ bytes: users.photo, type: users.photoType })
    .from(users)
    .where(eq(users.firebaseUid, uid))
    .limit(1);
  if (!row?.bytes || !row.type) return null;
  return { bytes: row.bytes, type: row.type };
}

/**
 * Removes the caller's photo. False when the account has no record; removing a photo that is
 * not there is not an error (the result is the same).
 */
export async function removeOwnPhoto(db: Database, uid: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ photo: null, photoType: null, photoUpdatedAt: null, updatedAt: sql`now()` })
    .where(eq(users.firebaseUid, uid))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Trimmed, blank-free, the first spelling of each name kept (case-insensitively). */
function normalizedArtists(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const name of names) {
    const trimmed = name.trim();
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

function profileValues(input: UpdateUserBody) {
  return {
    name: input.name.trim(),
    familySituation: input.familySituation,
    musicPreferences: input.musicPreferences,
    // Left out, the stored artists stay (an edit that never touched the music services).
    ...(input.musicArtists === undefined
      ? {}
      : { musicArtists: normalizedArtists(input.musicArtists) }),
    location: input.location.trim(),
  };
}

function storedValues(input: CreateUserBody) {
  return { email: input.email.toLowerCase(), ...profileValues(input) };
}
