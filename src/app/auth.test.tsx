import { act, render, renderHook, screen } from '@testing-library/react';
import type { Auth, User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth.tsx';

/**
 * Just enough of Firebase's Auth for the provider: firebase/auth's onAuthStateChanged(auth, …)
 * delegates to auth.onAuthStateChanged, so the test drives the reports by hand.
 */
function fakeAuth() {
  let listener: ((user: User | null) => void) | null = null;
  const auth = {
    onAuthStateChanged(next: (user: User | null) => void) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
  return {
    auth: auth as unknown as Auth,
    report(user: Partial<User> | null) {
      act(() => listener?.(user as User | null));
    },
  };
}

function Probe() {
  const { user, loading } = useAuth();
  if (loading) return <p>checking</p>;
  return <p>{user ? `signed in as ${user.email}` : 'signed out'}</p>;
}

beforeEach(() => {
  // getRedirectResult cannot run against the fake; its failure is logged by design.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('useAuth', () => {
  it('throws when used outside AuthProvider', () => {
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });

  it('is loading until the first sign-in state arrives', () => {
    const firebase = fakeAuth();
    render(
      <AuthProvider auth={firebase.auth}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('checking')).toBeInTheDocument();

    firebase.report({ uid: 'u1', email: 'sam@example.com', displayName: null, photoURL: null });
    expect(screen.getByText('signed in as sam@example.com')).toBeInTheDocument();

    firebase.report(null);
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('ends the session (clears user data) on sign-out and on an account switch, not on sign-in', () => {
    const firebase = fakeAuth();
    const onSessionEnded = vi.fn();
    render(
      <AuthProvider auth={firebase.auth} onSessionEnded={onSessionEnded}>
        <Probe />
      </AuthProvider>,
    );

    firebase.report({ uid: 'u1', email: 'a@example.com' });
    expect(onSessionEnded).not.toHaveBeenCalled();
    firebase.report({ uid: 'u1', email: 'a@example.com' });
    expect(onSessionEnded).not.toHaveBeenCalled();

    firebase.report({ uid: 'u2', email: 'b@example.com' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);

    firebase.report(null);
    expect(onSessionEnded).toHaveBeenCalledTimes(2);
  });
});
