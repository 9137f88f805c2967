import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_HINT_KEY, storageKeys } from '../domain/constants.ts';
import { samUserRecord } from '../test/fixtures.ts';
import { keepSessionUser, storedSession, storedSessionUser } from './storedSession.ts';

const sam = { uid: 'u1', email: 'Sam@Example.com', displayName: null, photoURL: null };

afterEach(() => localStorage.clear());

describe('the session kept on this device', () => {
  it('is what Firebase last reported, and goes when it reports nobody', () => {
    keepSessionUser(sam);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('signed-in');
    expect(storedSessionUser()).toEqual(sam);
    keepSessionUser(null);
    expect(storedSessionUser()).toBeNull();
    expect(localStorage.getItem(storageKeys.sessionUser)).toBeNull();
  });

  it('keeps only who signed in, nothing else of Firebase’s user', () => {
    keepSessionUser({ ...sam, refreshToken: 'secret' } as typeof sam);
    expect(localStorage.getItem(storageKeys.sessionUser)).not.toContain('secret');
  });

  it('is nobody without the session hint, or when what is kept is not a user', () => {
    localStorage.setItem(storageKeys.sessionUser, JSON.stringify(sam));
    expect(storedSessionUser()).toBeNull();
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    for (const kept of ['{broken', '{"uid":""}', '{"uid":"u1","email":7}', 'null']) {
      localStorage.setItem(storageKeys.sessionUser, kept);
      expect(storedSessionUser(), kept).toBeNull();
    }
  });

  it("lets the gate draw only with a profile that is the session's own (emails match in any case)", () => {
    keepSessionUser(sam);
    expect(storedSession(samUserRecord)).toEqual({
      user: sam,
      record: samUserRecord,
    });
    expect(storedSession(null)).toBeNull();
    expect(storedSession({ ...samUserRecord, email: 'alex@example.com' })).toBeNull();
    keepSessionUser({ ...sam, email: null });
    expect(storedSession(samUserRecord)).toBeNull();
  });
});
