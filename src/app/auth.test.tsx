import { act, render, renderHook, screen } from '@testing-library/react';
import type { Auth, User } from 'firebase/auth';
import { browserPopupRedirectResolver } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { SESSION_HINT_KEY, storageKeys } from '../domain/constants.ts';
import { type AuthContextValue, AuthProvider, useAuth } from './auth.tsx';
import { keepSessionUser } from './storedSession.ts';

// The calls that reach Firebase's servers, replaced per test; everything else is the real module.
const firebaseCalls = vi.hoisted(() => ({
  signInWithEmailAndPassword: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  sendEmailVerification: vi.fn(),
  signInWithPopup: vi.fn(),
  getRedirectResult: vi.fn(),
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/auth')>()),
  ...firebaseCalls,
}));

/**
 * Just enough of Firebase's Auth for the provider: firebase/auth's onAuthStateChanged(auth, …)
 * delegates to auth.onAuthStateChanged, so the test drives the reports by hand.
 */
function fakeAuth() {
  let listener: ((user: User | null) => void) | null = null;
  const auth = {
    name: '[DEFAULT]',
    config: { apiKey: 'test-api-key' },
    onAuthStateChanged(next: (user: User | null) => void) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
  return {
    auth: auth as unknown as Auth,
    /** Resolves once the provider listens: it loads the Firebase chunk first (firebaseLoader). */
    async subscribed() {
      await vi.waitFor(() => expect(listener).not.toBeNull());
    },
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

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  // Failed actions are logged by design (docs/product.md#spec-8); the tests read the log here.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const call of Object.values(firebaseCalls)) call.mockReset();
});

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

function ActionsProbe({ onActions }: { onActions: (actions: AuthContextValue) => void }) {
  onActions(useAuth());
  return null;
}

/** The provider's actions, rendered over a fake Auth. */
function renderActions(): AuthContextValue {
  let actions: AuthContextValue | null = null;
  render(
    <AuthProvider auth={fakeAuth().auth}>
      <ActionsProbe
        onActions={(given) => {
          actions = given;
        }}
      />
    </AuthProvider>,
  );
  if (!actions) throw new Error('AuthProvider rendered nothing');
  return actions;
}

describe('useAuth', () => {
  it('throws when used outside AuthProvider', () => {
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });

  it('is loading until the first sign-in state arrives', async () => {
    const firebase = fakeAuth();
    render(
      <AuthProvider auth={firebase.auth}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('checking')).toBeInTheDocument();
    await firebase.subscribed();
    expect(screen.getByText('checking')).toBeInTheDocument();

    firebase.report({ uid: 'u1', email: 'sam@example.com', displayName: null, photoURL: null });
    expect(screen.getByText('signed in as sam@example.com')).toBeInTheDocument();

    firebase.report(null);
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('ends the session (clears user data) on sign-out and on an account switch, not on sign-in', async () => {
    const firebase = fakeAuth();
    const onSessionEnded = vi.fn();
    render(
      <AuthProvider auth={firebase.auth} onSessionEnded={onSessionEnded}>
        <Probe />
      </AuthProvider>,
    );
    await firebase.subscribed();

    firebase.report({ uid: 'u1', email: 'a@example.com' });
    expect(onSessionEnded).not.toHaveBeenCalled();
    firebase.report({ uid: 'u1', email: 'a@example.com' });
    expect(onSessionEnded).not.toHaveBeenCalled();

    firebase.report({ uid: 'u2', email: 'b@example.com' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);

    firebase.report(null);
    expect(onSessionEnded).toHaveBeenCalledTimes(2);
  });

  it("keeps the device's signed-in flag for the next page load's frame, and drops it at sign-out", async () => {
    const firebase = fakeAuth();
    render(
      <AuthProvider auth={firebase.auth}>
        <Probe />
      </AuthProvider>,
    );
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
    await firebase.subscribed();
    firebase.report({ uid: 'u1', email: 'a@example.com' });
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('signed-in');
    firebase.report(null);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('offers the user Firebase last reported here while it has not yet reported (issue 36)', async () => {
    // What an earlier visit's report left on this device.
    keepSessionUser({ uid: 'u1', email: 'sam@example.com', displayName: 'Sam', photoURL: null });

    // The next visit: the kept user is there from the first render, still 'loading'.
    const next = fakeAuth();
    const onSessionEnded = vi.fn();
    render(
      <AuthProvider auth={next.auth} onSessionEnded={onSessionEnded}>
        <StoredProbe />
      </AuthProvider>,
    );
    expect(screen.getByText('kept sam@example.com, loading')).toBeInTheDocument();
    await next.subscribed();
    // Firebase says the session is gone: the kept user goes, with the session's data.
    next.report(null);
    expect(screen.getByText('nobody')).toBeInTheDocument();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(storageKeys.sessionUser)).toBeNull();
  });

  it("clears the kept account's data when Firebase's first report is another account", async () => {
    keepSessionUser({ uid: 'u1', email: 'sam@example.com', displayName: null, photoURL: null });
    const next = fakeAuth();
    const onSessionEnded = vi.fn();
    render(
      <AuthProvider auth={next.auth} onSessionEnded={onSessionEnded}>
        <StoredProbe />
      </AuthProvider>,
    );
    await next.subscribed();
    next.report({ uid: 'u2', email: 'alex@example.com', displayName: null, photoURL: null });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(screen.getByText('kept alex@example.com, known')).toBeInTheDocument();
    // The same account confirmed on a later visit ends nothing.
    next.report({ uid: 'u2', email: 'alex@example.com', displayName: null, photoURL: null });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });
});

function StoredProbe() {
  const { user, loading } = useAuth();
  if (!user) return <p>nobody</p>;
  return <p>{`kept ${user.email}, ${loading ? 'loading' : 'known'}`}</p>;
}

describe('the auth actions', () => {
  it('log a failed sign-in and hand the same error to the caller (docs/product.md#spec-8)', async () => {
    const refused = Object.assign(new Error('wrong password'), { code: 'auth/wrong-password' });
    firebaseCalls.signInWithEmailAndPassword.mockRejectedValue(refused);
    const { signInWithEmail } = renderActions();

    await expect(signInWithEmail('sam@example.com', 'nope')).rejects.toBe(refused);
    expect(consoleError).toHaveBeenCalledWith('Sign-in failed:', refused);
  });

  it('log a failed sign-up and send no verification link', async () => {
    const taken = Object.assign(new Error('taken'), { code: 'auth/email-already-in-use' });
    firebaseCalls.createUserWithEmailAndPassword.mockRejectedValue(taken);
    const { createAccount } = renderActions();

    await expect(createAccount('sam@example.com', 'Sunny-day-1')).rejects.toBe(taken);
    expect(consoleError).toHaveBeenCalledWith('Sign-up failed:', taken);
    expect(firebaseCalls.sendEmailVerification).not.toHaveBeenCalled();
  });

  it('send the new account its verification link, and keep the account if sending fails', async () => {
    const newUser = { uid: 'u9', email: 'sam@example.com' };
    firebaseCalls.createUserWithEmailAndPassword.mockResolvedValue({ user: newUser });
    firebaseCalls.sendEmailVerification.mockRejectedValue(new Error('quota exceeded'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { createAccount } = renderActions();

    await expect(createAccount('sam@example.com', 'Sunny-day-1')).resolves.toBeUndefined();
    expect(firebaseCalls.sendEmailVerification).toHaveBeenCalledWith(newUser);
    expect(warn).toHaveBeenCalledWith(
      'Could not send the email verification link:',
      expect.any(Error),
    );
    warn.mockRestore();
  });
});

describe("Firebase's popup/redirect resolver (and Google's iframe helper it loads)", () => {
  const pendingRedirectKey = 'firebase:pendingRedirect:test-api-key:[DEFAULT]';

  it('is not used at start when no redirect sign-in is pending', async () => {
    renderActions();
    await vi.dynamicImportSettled();
    expect(firebaseCalls.getRedirectResult).not.toHaveBeenCalled();
  });

  it("collects a pending redirect's result with the resolver", async () => {
    // What signInWithRedirect leaves in sessionStorage before leaving the page.
    window.sessionStorage.setItem(pendingRedirectKey, '"true"');
    firebaseCalls.getRedirectResult.mockResolvedValue(null);
    const firebase = fakeAuth();
    render(
      <AuthProvider auth={firebase.auth}>
        <Probe />
      </AuthProvider>,
    );
    await vi.waitFor(() =>
      expect(firebaseCalls.getRedirectResult).toHaveBeenCalledWith(
        firebase.auth,
        browserPopupRedirectResolver,
      ),
    );
  });

  it('is handed to the Google popup sign-in when it starts', async () => {
    firebaseCalls.signInWithPopup.mockResolvedValue({ user: { uid: 'g1' } });
    const { signInWithGoogle } = renderActions();
    await signInWithGoogle();
    expect(firebaseCalls.signInWithPopup).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ providerId: 'google.com' }),
      browserPopupRedirectResolver,
    );
  });
});
