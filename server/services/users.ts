import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CreateUserBody, UserRecord } from '../../contract/user.ts';
import type { Database } from '../db/client.ts';
import { savedEvents, users } from '../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

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
    location: row.location,
    // No photo column until the profile photo lands (POST /api/me/photo).
    photoUpdatedAt: null,
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
    .select()
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
      .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
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
        .returning();
      if (!row) return null;
      await tx.delete(savedEvents).where(eq(savedEvents.userId, row.id));
      return toRecord(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function storedValues(input: CreateUserBody) {
  return {
    email: input.email.toLowerCase(),
    name: input.name.trim(),
    familySituation: input.familySituation,
    musicPreferences: input.musicPreferences,
    location: input.location.trim(),
  };
}
