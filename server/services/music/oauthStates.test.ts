import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../test/database.ts';
import { OAuthStateStore, pkceChallenge } from './oauthStates.ts';

const redirectUri = 'http://127.0.0.1:8080/auth/spotify/callback';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

// Each test its own account ids, so rows one leaves behind never reach the next.
let accounts = 0;
const account = () => `uid-${++accounts}`;

describe('OAuthStateStore', () => {
  it('issues a random 32-byte state and the S256 challenge of the verifier it keeps', async () => {
    const store = new OAuthStateStore(handle.db);
    const uid = account();
    const { state, challenge } = await store.create(uid, redirectUri);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await store.create(uid, redirectUri)).state).not.toBe(state);
    const taken = await store.take(state, uid);
    if (!taken.ok) throw new Error('expected the state to be redeemable');
    expect(taken.pending.verifier).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(pkceChallenge(taken.pending.verifier)).toBe(challenge);
    expect(taken.pending).toEqual({ uid, redirectUri, verifier: taken.pending.verifier });
  });

  it('redeems a state once', async () => {
    const store = new OAuthStateStore(handle.db);
    const uid = account();
    const { state } = await store.create(uid, redirectUri);
    expect((await store.take(state, uid)).ok).toBe(true);
    expect(await store.take(state, uid)).toEqual({ ok: false, problem: 'unknown' });
  });

  it('is one store for every process: a state made by one is redeemed by another, once', async () => {
    // Two stores on one database stand for two API processes on one PostgreSQL.
    const first = new OAuthStateStore(handle.db);
    const second = new OAuthStateStore(handle.db);
    const uid = account();
    const { state } = await first.create(uid, redirectUri);
    const [a, b] = await Promise.all([second.take(state, uid), first.take(state, uid)]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
  });

  it("refuses another account's state and keeps it for its owner", async () => {
    const store = new OAuthStateStore(handle.db);
    const [owner, other] = [account(), account()];
    const { state } = await store.create(owner, redirectUri);
    expect(await store.take(state, other)).toEqual({ ok: false, problem: 'another_account' });
    expect((await store.take(state, owner)).ok).toBe(true);
  });

  it('lets a state expire after its lifetime', async () => {
    let now = Date.UTC(2026, 10, 27, 12);
    const store = new OAuthStateStore(handle.db, {
      ttlMs: 10 * 60 * 1000,
      now: () => new Date(now),
    });
    const uid = account();
    const early = (await store.create(uid, redirectUri)).state;
    const late = (await store.create(uid, redirectUri)).state;
    now += 10 * 60 * 1000 - 1;
    expect((await store.take(early, uid)).ok).toBe(true);
    now += 1;
    expect(await store.take(late, uid)).toEqual({ ok: false, problem: 'unknown' });
  });

  it("holds a bounded number of one account's attempts, dropping the oldest first", async () => {
    let now = Date.UTC(2026, 10, 27, 13);
    const store = new OAuthStateStore(handle.db, { maxPerAccount: 3, now: () => new Date(now) });
    const uid = account();
    const states: string[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      now += 1000;
      states.push((await store.create(uid, redirectUri)).state);
    }
    expect((await store.take(states[0] ?? '', uid)).ok).toBe(false);
    for (const state of states.slice(1)) expect((await store.take(state, uid)).ok).toBe(true);
  });
});
