import type { UserRecord } from '../../contract/user.ts';
import { SESSION_HINT_KEY, storageKeys } from '../domain/constants.ts';
import type { AuthUser } from './auth.tsx';

/*
 * The session a returning family left on this device (issue 36). Firebase keeps its own session
 * in IndexedDB, which only its SDK can read, after its chunk has loaded and, on a reload, after
 * `accounts:lookup` has answered; this copy of who it last reported lets the auth gate draw the
 * page from the first render. It is only ever a guess that Firebase then confirms or overrules
 * (machines/authGate.ts: stored, confirmed, revoked), and it goes the moment Firebase reports
 * nobody or the session ends.
 */

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  const stringOrNull = (field: unknown) => field === null || typeof field === 'string';
  return (
    typeof user.uid === 'string' &&
    user.uid !== '' &&
    stringOrNull(user.email) &&
    stringOrNull(user.displayName) &&
    stringOrNull(user.photoURL)
  );
}

/** Who Firebase last reported signed in on this device, or null (nobody, or storage blocked). */
export function storedSessionUser(): AuthUser | null {
  const store = storage();
  if (store?.getItem(SESSION_HINT_KEY) !== 'signed-in') return null;
  try {
    const kept: unknown = JSON.parse(store.getItem(storageKeys.sessionUser) ?? 'null');
    return isAuthUser(kept) ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Kept on every report of Firebase: the hint public/theme-init.js reads (only a flag) and the
 * user the gate starts from; both go when nobody is signed in.
 */
export function keepSessionUser(user: AuthUser | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (user) {
      store.setItem(SESSION_HINT_KEY, 'signed-in');
      const { uid, email, displayName, photoURL } = user;
      store.setItem(storageKeys.sessionUser, JSON.stringify({ uid, email, displayName, photoURL }));
    } else {
      store.removeItem(SESSION_HINT_KEY);
      store.removeItem(storageKeys.sessionUser);
    }
  } catch {
    // Storage full or blocked: the next visit simply waits for Firebase, as a first one does.
  }
}

/**
 * The kept session and profile the gate may draw from, when both are here and the profile is
 * that session's (the same email): a device with only one of them waits for Firebase.
 */
export function storedSession(
  keptRecord: UserRecord | null,
): { user: AuthUser & { email: string }; record: UserRecord } | null {
  const user = storedSessionUser();
  if (!user?.email || !keptRecord) return null;
  if (user.email.toLowerCase() !== keptRecord.email.toLowerCase()) return null;
  return { user: { ...user, email: user.email }, record: keptRecord };
}
