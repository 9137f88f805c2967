// Types only: the SDK itself comes through firebaseLoader.ts, out of the first load.
import type { Auth, User } from 'firebase/auth';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { loadFirebase } from './firebaseLoader.ts';
import { forgetDevicePush } from './forgetDevicePush.ts';
import { keepSessionUser, storedSessionUser } from './storedSession.ts';

/** The signed-in identity as the identity service gives it (docs/product.md#spec-3). */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** True until the identity service reports the first sign-in state (docs/product.md#spec-4). */
  loading: boolean;
  signInWithEmail(email: string, password: string): Promise<void>;
  createAccount(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
  };
}

/** docs/product.md#spec-8: sign-in, sign-up and redirect failures are logged, then re-thrown to the caller. */
async function logAndRethrow<T>(what: string, attempt: Promise<T>): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    console.error(`${what} failed:`, error);
    throw error;
  }
}

interface AuthProviderProps {
  children: ReactNode;
  /** Tests may pass an Auth; the app uses the instance initialised at boot. */
  auth?: Auth;
  /**
   * Called when a session ends: sign-out (here or in another tab), an expired session, or a
   * different account taking over. The app clears the previous user's data there.
   */
  onSessionEnded?: () => void;
}

/**
 * The identity the server-rendered frame of a page is drawn for, given by renderFrame.tsx in
 * src/prerender (a context, so frames can render side by side): a placeholder
 * account on signed-in pages, nobody on public ones. No Firebase runs there; the browser's
 * AuthProvider replaces the frame with the real state.
 */
export const FrameUserContext = createContext<AuthUser | null>(null);
const noSession = async () => {
  throw new Error('Nobody can sign in while a page frame is rendered on the server.');
};

function FrameAuthProvider({ children }: AuthProviderProps) {
  const value: AuthContextValue = {
    user: useContext(FrameUserContext),
    loading: false,
    signInWithEmail: noSession,
    createAccount: noSession,
    signInWithGoogle: noSession,
    signOut: noSession,
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The SDK and the Auth instance the provider works with, once the Firebase chunk is in. */
async function firebaseWith(givenAuth: Auth | undefined) {
  const firebase = await loadFirebase();
  return { firebase, auth: givenAuth ?? firebase.getFirebaseAuth() };
}

function BrowserAuthProvider({ children, auth: givenAuth, onSessionEnded }: AuthProviderProps) {
  // Until Firebase reports, the user it last reported on this device (storedSession.ts): a
  // returning family's page draws with it while `loading` still says Firebase has not spoken.
  const [storedUser] = useState(storedSessionUser);
  const [user, setUser] = useState<AuthUser | null>(storedUser);
  const [loading, setLoading] = useState(true);
  const onSessionEndedRef = useRef(onSessionEnded);
  onSessionEndedRef.current = onSessionEnded;

  useEffect(() => {
    let stopped = false;
    let unsubscribe = () => {};
    // The uid last reported, or null when signed out; before the first report, the uid this
    // device kept (so a first report of another account clears the kept one's data), else
    // undefined.
    let previousUid: string | null | undefined = storedUser?.uid;
    void firebaseWith(givenAuth).then(({ firebase, auth }) => {
      if (stopped) return;
      unsubscribe = firebase.onAuthStateChanged(auth, (firebaseUser) => {
        const uid = firebaseUser?.uid ?? null;
        // A first report of "signed out" also clears, in case a previous session's data was
        // left behind (the browser closed before sign-out finished, or the session expired).
        if (uid === null || (previousUid != null && previousUid !== uid)) {
          onSessionEndedRef.current?.();
        }
        previousUid = uid;
        const reported = firebaseUser ? toAuthUser(firebaseUser) : null;
        keepSessionUser(reported);
        setUser(reported);
        setLoading(false);
      });
      // docs/product.md#spec-7: the redirect result is checked on load. A failure is already logged, and
      // the visitor simply stays signed out on the sign-in screen, so nothing more is done with
      // it here. Only a pending redirect loads the resolver (and Google's iframe helper with it).
      if (firebase.hasPendingRedirect(auth)) {
        logAndRethrow(
          'Redirect sign-in',
          firebase.getRedirectResult(auth, firebase.browserPopupRedirectResolver),
        ).catch(() => undefined);
      }
    });
    // (A chunk that fails to load leaves the gate on 'Loading...'; boot loads the same chunk
    // first and shows its error page with Retry when it cannot.)
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [givenAuth, storedUser]);

  const signInWithEmail = useCallback(
    async (email: string, password: string) => {
      const { firebase, auth } = await firebaseWith(givenAuth);
      await logAndRethrow('Sign-in', firebase.signInWithEmailAndPassword(auth, email, password));
    },
    [givenAuth],
  );

  const createAccount = useCallback(
    async (email: string, password: string) => {
      const { firebase, auth } = await firebaseWith(givenAuth);
      const credential = await logAndRethrow(
        'Sign-up',
        firebase.createUserWithEmailAndPassword(auth, email, password),
      );
      // With a real Firebase project the API serves a profile only to a proven address
      // (server/plugins/auth.ts), so every new account gets the verification link at once.
      // The account exists either way: a failed send is worth a warning, not a failed sign-up.
      await firebase.sendEmailVerification(credential.user).catch((error: unknown) => {
        console.warn('Could not send the email verification link:', error);
      });
    },
    [givenAuth],
  );

  const signInWithGoogle = useCallback(async () => {
    const { firebase, auth } = await firebaseWith(givenAuth);
    // The resolver is given here, not at initializeAuth (see firebase.ts): its first use loads
    // Google's iframe helper.
    await logAndRethrow(
      'Google sign-in',
      firebase.signInWithPopup(
        auth,
        new firebase.GoogleAuthProvider(),
        firebase.browserPopupRedirectResolver,
      ),
    );
  }, [givenAuth]);

  const signOut = useCallback(async () => {
    const { firebase, auth } = await firebaseWith(givenAuth);
    // This device's push goes with the family (issue 34); never in the way of signing out.
    await forgetDevicePush().catch(() => undefined);
    await logAndRethrow('Sign-out', firebase.signOut(auth));
  }, [givenAuth]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      signInWithEmail,
      createAccount,
      signInWithGoogle,
      signOut,
    }),
    [user, loading, signInWithEmail, createAccount, signInWithGoogle, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

// import.meta.env.SSR is a build-time constant: the browser bundle keeps only its provider.
export const AuthProvider = import.meta.env.SSR ? FrameAuthProvider : BrowserAuthProvider;

/** The authentication context. Throws outside AuthProvider (docs/product.md#spec-8). */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
