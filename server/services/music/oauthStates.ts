import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import {
  deleteAuthorizations,
  deleteExpiredAuthorizations,
  insertAuthorization,
  isAuthorizationOpen,
  openStatesOf,
  takeAuthorization,
} from '../../stores/musicAuthorizations.ts';

/** What the server keeps between `auth-url` and `exchange-code`; never sent to the browser. */
interface PendingAuthorization {
  /** The Firebase uid that asked for the URL: only that account may redeem the state. */
  uid: string;
  /** The PKCE code verifier; the browser only ever sees its S256 challenge. */
  verifier: string;
  /** The redirect URI the authorize URL named; the token request must repeat it exactly. */
  redirectUri: string;
}

type TakeResult =
  | { ok: true; pending: PendingAuthorization }
  | { ok: false; problem: 'unknown' | 'another_account' };

interface OAuthStateStoreOptions {
  /** How long an authorize attempt may take, from URL to code exchange. */
  ttlMs?: number;
  /** Open attempts one account may hold; beyond it its oldest is dropped (storage stays bounded). */
  maxPerAccount?: number;
  now?: () => Date;
}

/** RFC 7636: S256 of a high-entropy verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * The open OAuth attempts, in the database (table music_authorizations): the popup's code
 * exchange may reach another API process than the one that made the URL (docs/scaling.md), and
 * a restart loses nothing. Each state is random (32 bytes, base64url), expires, and is used at
 * most once: redeeming deletes the row in the same statement that reads it, so two processes
 * cannot both redeem it. The queries are in server/stores/musicAuthorizations.ts.
 */
export class OAuthStateStore {
  readonly #db: Database;
  readonly #ttlMs: number;
  readonly #maxPerAccount: number;
  readonly #now: () => Date;

  constructor(
    db: Database,
    {
      ttlMs = 10 * 60 * 1000,
      maxPerAccount = 5,
      now = () => new Date(),
    }: OAuthStateStoreOptions = {},
  ) {
    this.#db = db;
    this.#ttlMs = ttlMs;
    this.#maxPerAccount = maxPerAccount;
    this.#now = now;
  }

  /** A new attempt for `uid`: its state (for the URL) and PKCE challenge. */
  async create(uid: string, redirectUri: string): Promise<{ state: string; challenge: string }> {
    const now = this.#now();
    // Expired attempts of anyone go here, not on a timer: nothing runs when nobody connects.
    await deleteExpiredAuthorizations(this.#db, now);
    const open = await openStatesOf(this.#db, uid);
    const surplus = open.length - (this.#maxPerAccount - 1);
    if (surplus > 0) await deleteAuthorizations(this.#db, open.slice(0, surplus));
    const state = randomBytes(32).toString('base64url');
    // 64 random bytes: an 86-character verifier, inside RFC 7636's 43-128.
    const verifier = randomBytes(64).toString('base64url');
    await insertAuthorization(this.#db, {
      state,
      uid,
      verifier,
      redirectUri,
      expiresAt: new Date(now.getTime() + this.#ttlMs),
    });
    return { state, challenge: pkceChallenge(verifier) };
  }

  /**
   * Redeems `state` for `uid`. Another account's state is refused and left in place, so a caller
   * who learned someone's state cannot use it up for them.
   */
  async take(state: string, uid: string): Promise<TakeResult> {
    const now = this.#now();
    const taken = await takeAuthorization(this.#db, state, uid, now);
    if (taken) return { ok: true, pending: taken };
    const other = await isAuthorizationOpen(this.#db, state, now);
    return { ok: false, problem: other ? 'another_account' : 'unknown' };
  }
}
