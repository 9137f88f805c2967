import type { AuthContextValue } from '../../app/auth.tsx';

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
    getIdToken: async () => 'token',
    ...overrides,
  };
}

export function signedOutAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return signedInAuth({ user: null, ...overrides });
}
