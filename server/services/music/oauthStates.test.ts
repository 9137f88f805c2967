import { describe, expect, it } from 'vitest';
import { OAuthStateStore, pkceChallenge } from './oauthStates.ts';

const redirectUri = 'http://127.0.0.1:8080/auth/spotify/callback';

describe('OAuthStateStore', () => {
  it('issues a random 32-byte state and the S256 challenge of the verifier it keeps', () => {
    const store = new OAuthStateStore();
    const { state, challenge } = store.create('uid-1', redirectUri);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.create('uid-1', redirectUri).state).not.toBe(state);
    const taken = store.take(state, 'uid-1');
    if (!taken.ok) throw new Error('expected the state to be redeemable');
    expect(taken.pending.verifier).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(pkceChallenge(taken.pending.verifier)).toBe(challenge);
    expect(taken.pending).toMatchObject({ uid: 'uid-1', redirectUri });
  });

  it('redeems a state once', () => {
    const store = new OAuthStateStore();
    const { state } = store.create('uid-1', redirectUri);
    expect(store.take(state, 'uid-1').ok).toBe(true);
    expect(store.take(state, 'uid-1')).toEqual({ ok: false, problem: 'unknown' });
  });

  it("refuses another account's state and keeps it for its owner", () => {
    const store = new OAuthStateStore();
    const { state } = store.create('uid-1', redirectUri);
    expect(store.take(state, 'uid-2')).toEqual({ ok: false, problem: 'another_account' });
    expect(store.take(state, 'uid-1').ok).toBe(true);
  });

  it('lets a state expire after its lifetime', () => {
    let now = 1_000_000;
    const store = new OAuthStateStore({ ttlMs: 10 * 60 * 1000, now: () => now });
    const early = store.create('uid-1', redirectUri).state;
    const late = store.create('uid-1', redirectUri).state;
    now += 10 * 60 * 1000 - 1;
    expect(store.take(early, 'uid-1').ok).toBe(true);
    now += 1;
    expect(store.take(late, 'uid-1')).toEqual({ ok: false, problem: 'unknown' });
  });

  it('holds a bounded number of attempts, dropping the oldest first', () => {
    const store = new OAuthStateStore({ maxEntries: 3 });
    const states = Array.from({ length: 4 }, () => store.create('uid-1', redirectUri).state);
    expect(store.size).toBe(3);
    expect(store.take(states[0] ?? '', 'uid-1').ok).toBe(false);
    for (const state of states.slice(1)) expect(store.take(state, 'uid-1').ok).toBe(true);
  });
});
