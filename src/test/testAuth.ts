import type { AuthContextValue } from '../app/auth.tsx';

/** A signed-in auth context for component tests; override what a test needs. */
export function signedInAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: {
      uid: 'uid-ada',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      photoURL: null,
    },
    loading: false,
    signInWithEmail: async () => {},
    createAccount: async () => {},
    signInWithGoogle: async () => {},
    signOut: async () => {},
    ...overrides,
  };
}

export function signedOutAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return signedInAuth({ user: null, ...overrides });
}

/**
 * The context a mocked useAuth returns, set by each test. Mock with
 * `vi.mock('…/app/auth.tsx', async () => ({ useAuth: (await import('…/test/testAuth.ts')).useTestAuth }))`.
 */
export const testAuth: { current: AuthContextValue | null } = { current: null };

export function useTestAuth(): AuthContextValue {
  if (!testAuth.current) throw new Error('test forgot to set testAuth.current');
  return testAuth.current;
}
