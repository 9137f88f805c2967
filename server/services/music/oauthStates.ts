import { createHash, randomBytes } from 'node:crypto';

/** What the server keeps between `auth-url` and `exchange-code`; never sent to the browser. */
interface PendingAuthorization {
  /** The Firebase uid that asked for the URL: only that account may redeem the state. */
  uid: string;
  /** The PKCE code verifier; the browser only ever sees its S256 challenge. */
  verifier: string;
  /** The redirect URI the authorize URL named; the token request must repeat it exactly. */
  redirectUri: string;
  expiresAt: number;
}

type TakeResult =
  | { ok: true; pending: PendingAuthorization }
  | { ok: false; problem: 'unknown' | 'another_account' };

interface OAuthStateStoreOptions {
  /** How long an authorize attempt may take, from URL to code exchange. */
  ttlMs?: number;
  /** Open attempts held at most; beyond it the oldest is dropped (memory stays bounded). */
  maxEntries?: number;
  now?: () => number;
}

/** RFC 7636: S256 of a high-entropy verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * The open OAuth attempts, in memory: a restart only loses attempts in flight (the user clicks
 * again). Each state is random (32 bytes, base64url), expires, and is used at most once.
 */
export class OAuthStateStore {
  readonly #pending = new Map<string, PendingAuthorization>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor({
    ttlMs = 10 * 60 * 1000,
    maxEntries = 10_000,
    now = Date.now,
  }: OAuthStateStoreOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#pending.size;
  }

  /** A new attempt for `uid`: its state (for the URL) and PKCE challenge. */
  create(uid: string, redirectUri: string): { state: string; challenge: string } {
    this.#dropExpired();
    // A Map iterates in insertion order, so its first key is the oldest attempt.
    while (this.#pending.size >= this.#maxEntries) {
      const oldest = this.#pending.keys().next().value;
      if (oldest === undefined) break;
      this.#pending.delete(oldest);
    }
    const state = randomBytes(32).toString('base64url');
    // 64 random bytes: an 86-character verifier, inside RFC 7636's 43-128.
    const verifier = randomBytes(64).toString('base64url');
    this.#pending.set(state, { uid, verifier, redirectUri, expiresAt: this.#now() + this.#ttlMs });
    return { state, challenge: pkceChallenge(verifier) };
  }

  /**
   * Redeems `state` for `uid`. Another account's state is refused and left in place, so a caller
   * who learned someone's state cannot use it up for them.
   */
  take(state: string, uid: string): TakeResult {
    const pending = this.#pending.get(state);
    if (pending === undefined || pending.expiresAt <= this.#now()) {
      this.#pending.delete(state);
      return { ok: false, problem: 'unknown' };
    }
    if (pending.uid !== uid) return { ok: false, problem: 'another_account' };
    this.#pending.delete(state);
    return { ok: true, pending };
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [state, pending] of this.#pending) {
      if (pending.expiresAt <= now) this.#pending.delete(state);
    }
  }
}
