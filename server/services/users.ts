import type {
  CreateUserBody,
  ProfilePhotoType,
  UpdateUserBody,
  UserRecord,
} from '../../contract/user.ts';
import type { Database } from '../db/client.ts';
import {
  clearPhotoByUid,
  findUserByUidAndEmail,
  moveUserToAccount,
  type ProfileValues,
  readPhotoByUid,
  setPhotoByUid,
  type UserRow,
  type UserValues,
  uidOwningEmail,
  updateProfileByUid,
  upsertUserByUid,
} from '../stores/users.ts';
import { ConflictError, NotFoundError } from './errors.ts';

/**
 * The caller's profile (the users row of the Firebase account the token proved): onboarding's
 * create, 'Edit preferences' and the photo. Every function takes that uid; the SQL is in
 * server/stores/users.ts.
 */

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    familySituation: row.familySituation,
    musicPreferences: row.musicPreferences,
    musicArtists: row.musicArtists,
    location: row.location,
    language: row.language ?? null,
    photoUpdatedAt: row.photoUpdatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's own record, if it is stored under this email. */
export async function findOwnUserByEmail(
  db: Database,
  uid: string,
  email: string,
): Promise<UserRecord | null> {
  const row = await findUserByUidAndEmail(db, uid, email.toLowerCase());
  return row ? toRecord(row) : null;
}

/**
 * Creates the caller's record, or updates it when the account already has one (the onboarding
 * form may be submitted twice, e.g. after a network retry: an idempotent update, not a
 * conflict). Keyed by Firebase uid, never email. `created` is false for an update.
 *
 * When another account's record holds the email, that account may be gone for good (deleted,
 * or emulator accounts lost with .data/auth) while the person signs up again with the same
 * address. Then nobody else can ever use the record: it moves to the caller (`created` false:
 * it existed), with the posted values, and its saved list is emptied (the new account proves
 * the address, not that it is the same person, and the list was the old account's). While the
 * old account exists the record stays theirs: ConflictError.
 */
export async function saveOwnUser(
  db: Database,
  uid: string,
  input: CreateUserBody,
  accountGone: (uid: string) => Promise<boolean>,
): Promise<{ user: UserRecord; created: boolean }> {
  const values = storedValues(input);
  const saved = await upsertUserByUid(db, uid, values);
  if (saved !== 'email_taken') return { user: toRecord(saved.row), created: saved.created };
  const ownerUid = await uidOwningEmail(db, values.email);
  if (ownerUid !== null && (await accountGone(ownerUid))) {
    // Null when it did not move: another claim won, or the caller's account holds another record.
    const claimed = await moveUserToAccount(db, ownerUid, uid, values);
    if (claimed) return { user: toRecord(claimed), created: false };
  }
  throw new ConflictError((i18n) => i18n.t('server.error.profile.emailTaken'));
}

/**
 * Replaces the caller's profile fields ('Edit preferences'); the email stays the one it was
 * created with. NotFoundError when the account has no record yet (onboarding not done).
 */
export async function updateOwnUser(
  db: Database,
  uid: string,
  input: UpdateUserBody,
): Promise<UserRecord> {
  const row = await updateProfileByUid(db, uid, profileValues(input));
  if (!row) {
    throw new NotFoundError((i18n) => i18n.t('server.error.profile.missing'));
  }
  return toRecord(row);
}

/**
 * Stores the caller's profile photo (bytes already checked and re-encoded by the route).
 * ConflictError without a record: the photo belongs to the profile.
 */
export async function setOwnPhoto(
  db: Database,
  uid: string,
  photo: Buffer,
  type: ProfilePhotoType,
): Promise<UserRecord> {
  const row = await setPhotoByUid(db, uid, photo, type);
  if (!row) {
    throw new ConflictError((i18n) => i18n.t('server.error.profile.photoBeforeProfile'));
  }
  return toRecord(row);
}

interface StoredPhoto {
  bytes: Buffer;
  type: ProfilePhotoType;
}

/** The caller's photo; NotFoundError when they have no record or no photo. */
export async function readOwnPhoto(db: Database, uid: string): Promise<StoredPhoto> {
  const row = await readPhotoByUid(db, uid);
  if (!row?.bytes || !row.type)
    throw new NotFoundError((i18n) => i18n.t('server.error.profile.noPhoto'));
  return { bytes: row.bytes, type: row.type };
}

/**
 * Removes the caller's photo. ConflictError when the account has no record; removing a photo
 * that is not there is not an error (the result is the same).
 */
export async function removeOwnPhoto(db: Database, uid: string): Promise<void> {
  if (!(await clearPhotoByUid(db, uid))) {
    throw new ConflictError((i18n) => i18n.t('server.error.profile.none'));
  }
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

function profileValues(input: UpdateUserBody): ProfileValues {
  return {
    name: input.name.trim(),
    familySituation: input.familySituation,
    musicPreferences: input.musicPreferences,
    // Left out, the stored artists stay (an edit that never touched the music services).
    ...(input.musicArtists === undefined
      ? {}
      : { musicArtists: normalizedArtists(input.musicArtists) }),
    location: input.location.trim(),
    ...(input.language === undefined ? {} : { language: input.language }),
  };
}

function storedValues(input: CreateUserBody): UserValues {
  return { email: input.email.toLowerCase(), ...profileValues(input) };
}
