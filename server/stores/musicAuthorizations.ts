import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { musicAuthorizations } from '../db/schema/index.ts';

/**
 * The open music-service sign-ins (table music_authorizations), between `auth-url` and
 * `exchange-code`; server/services/music/oauthStates.ts holds the rules (expiry, the cap per
 * account, who may redeem).
 */

export interface PendingAuthorizationRow {
  uid: string;
  verifier: string;
  redirectUri: string;
}

/** Removes every sign-in, of anyone, that expired by `now`. */
export async function deleteExpiredAuthorizations(db: Database, now: Date): Promise<void> {
  await db.delete(musicAuthorizations).where(lte(musicAuthorizations.expiresAt, now));
}

/** The states `uid` holds open, the soonest to expire first. */
export async function openStatesOf(db: Database, uid: string): Promise<string[]> {
  const rows = await db
    .select({ state: musicAuthorizations.state })
    .from(musicAuthorizations)
    .where(eq(musicAuthorizations.uid, uid))
    .orderBy(asc(musicAuthorizations.expiresAt));
  return rows.map((row) => row.state);
}

export async function deleteAuthorizations(db: Database, states: string[]): Promise<void> {
  await db.delete(musicAuthorizations).where(inArray(musicAuthorizations.state, states));
}

export async function insertAuthorization(
  db: Database,
  row: PendingAuthorizationRow & { state: string; expiresAt: Date },
): Promise<void> {
  await db.insert(musicAuthorizations).values(row);
}

/**
 * Deletes and returns `uid`'s unexpired sign-in under `state`, in one statement (so two
 * processes cannot both take it); null when there is none.
 */
export async function takeAuthorization(
  db: Database,
  state: string,
  uid: string,
  now: Date,
): Promise<PendingAuthorizationRow | null> {
  const [taken] = await db
    .delete(musicAuthorizations)
    .where(
      and(
        eq(musicAuthorizations.state, state),
        eq(musicAuthorizations.uid, uid),
        gt(musicAuthorizations.expiresAt, now),
      ),
    )
    .returning({
      uid: musicAuthorizations.uid,
      verifier: musicAuthorizations.verifier,
      redirectUri: musicAuthorizations.redirectUri,
    });
  return taken ?? null;
}

/** Whether some account holds an unexpired sign-in under `state`. */
export async function isAuthorizationOpen(
  db: Database,
  state: string,
  now: Date,
): Promise<boolean> {
  const [other] = await db
    .select({ uid: musicAuthorizations.uid })
    .from(musicAuthorizations)
    .where(and(eq(musicAuthorizations.state, state), gt(musicAuthorizations.expiresAt, now)));
  return other !== undefined;
}
