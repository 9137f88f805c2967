/**
 * The routing gate (docs/product.md#spec-2-routing-gate, section 4 "Auth loading").
 *
 *   authLoading   --auth.changed user-->  lookingUpUser   (invokes lookupUser)
 *   authLoading   --auth.changed null-->  signedOut.visiting
 *   signedOut     --auth.changed user-->  lookingUpUser
 *   lookingUpUser --record-->             signedIn.hasRecord
 *   lookingUpUser --null (404) / error--> signedIn.needsOnboarding   (errors are logged)
 *   lookingUpUser --auth.changed null-->  signedOut.afterSignOut
 *   signedIn      --onboarding.saved-->       signedIn.hasRecord
 *   signedIn      --auth.changed null-->  signedOut.afterSignOut  (user and record cleared)
 *   signedIn      --auth.changed another uid--> lookingUpUser
 *
 * A returning family (issue 36): a device that kept the family's session and profile need not
 * wait for Firebase and the lookup before drawing the page.
 *   authLoading   --session.stored-->     signedIn.stored     (drawn from what the device kept)
 *   stored        --auth.changed same uid and email--> signedIn.confirmed (lookupUser; still drawn)
 *   stored        --auth.changed another uid or email--> lookingUpUser ('Loading...')
 *   stored        --auth.changed null-->  signedOut.revoked   (Firebase's first word: gone)
 *   confirmed     --record-->             signedIn.hasRecord  (a changed profile replaces the kept one)
 *   confirmed     --null (404)-->         signedIn.needsOnboarding
 *   confirmed     --error-->              signedIn.hasRecord  (the kept record stays; logged)
 *   (another uid from confirmed is signedIn's own: lookingUpUser, behind 'Loading...')
 *
 * Decisions where the spec is silent:
 * - auth.changed while the lookup runs: another user restarts the lookup for that user (the stale
 *   lookup is stopped, so its late answer can never land on the wrong account); null goes to
 *   signedOut; the same uid again (Firebase repeats the current user, e.g. after a token refresh)
 *   changes nothing.
 * - A lookup error other than 404 is logged (`logLookupError`) and treated as "no user record"
 *   (docs/product.md), so the user lands on onboarding instead of a dead end.
 * - onboarding.saved is only meaningful while signed in (onboarding needs an ID token to post).
 * - Two ways to be signed out. A visitor who arrives signed out (`visiting`, say from an Invite
 *   Friends link) is sent to sign in with the page they were opening remembered, and lands there
 *   afterwards. Someone who signs out (`afterSignOut`; also an expired session or a sign-out in
 *   another tab) gets the plain sign-in page: whoever signs in next on this device should start at
 *   home, not on the page the last person left.
 * - A stored session is only the last word of this device: the page it draws is the one the
 *   family would get once confirmed. Firebase then either confirms the same account, or says the
 *   session is gone (`revoked`, which is treated like arriving signed out: the page opened now is
 *   remembered for after sign-in, exactly as without a stored session), or names another account
 *   (the lookup behind 'Loading...', as for any change of account). /auth itself waits for the
 *   confirmation, so a revoked session never bounces there and back. A failed lookup keeps the
 *   stored record rather than sending a known family to onboarding: the spec's rule (an error goes
 *   to onboarding) is for a gate that has no record at all.
 *
 * Pure: the route supplies `lookupUser` (GET /api/users/by-email, null for 404) and may replace
 * `logLookupError` with `authGateMachine.provide(...)`.
 */
import { assign, fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import type { UserRecord } from '../contract/user.ts';

/** The part of a Firebase user the gate needs. */
export type GateUser = { uid: string; email: string | null };

type AuthGateContext = { user: GateUser | null; record: UserRecord | null };

type AuthGateEvent =
  /** Firebase's auth state, from `onAuthStateChanged` (null: signed out). */
  | { type: 'auth.changed'; user: GateUser | null }
  /** Onboarding created the profile. */
  | { type: 'onboarding.saved'; record: UserRecord }
  /**
   * The device kept the family's session and profile from its last visit (sent once at start,
   * before Firebase reports): the page may be drawn from them while Firebase and the lookup
   * confirm (issue 36).
   */
  | { type: 'session.stored'; user: GateUser; record: UserRecord };

export const authGateMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as AuthGateContext,
    events: {} as AuthGateEvent,
  },
  actors: {
    /** Resolves the user's record, or null when the API answers 404. */
    lookupUser: fromPromise<UserRecord | null, { user: GateUser }>(async () => {
      throw new Error('lookupUser must be provided by the app');
    }),
  },
  actions: {
    logLookupError: (_, params: { error: unknown }) => {
      console.error('User lookup failed; continuing without a user record.', params.error);
    },
    rememberUser: assign({
      user: ({ event }) => (event.type === 'auth.changed' ? event.user : null),
      record: null,
    }),
    forgetUser: assign({ user: null, record: null }),
    forgetRecord: assign({ record: null }),
    rememberStoredSession: assign((_, params: { user: GateUser; record: UserRecord }) => params),
    rememberRecord: assign({ record: (_, params: { record: UserRecord | null }) => params.record }),
  },
  guards: {
    /** The auth event carries a signed-in user. */
    isSignedIn: ({ event }) => event.type === 'auth.changed' && event.user !== null,
    /** The auth event carries a signed-in user other than the one the gate knows. */
    isAnotherUser: ({ context, event }) =>
      event.type === 'auth.changed' && event.user !== null && event.user.uid !== context.user?.uid,
    hasRecord: (_, params: { record: UserRecord | null }) => params.record !== null,
    /** The auth event carries the user the gate knows, with the same email (Firebase confirming it). */
    isKnownUser: ({ context }, params: { user: GateUser | null }) =>
      params.user?.uid === context.user?.uid && params.user?.email === context.user?.email,
  },
}).createMachine({
  id: 'authGate',
  initial: 'authLoading',
  context: { user: null, record: null },
  states: {
    authLoading: {
      on: {
        'auth.changed': [
          { guard: 'isSignedIn', target: 'lookingUpUser', actions: 'rememberUser' },
          { target: 'signedOut.visiting' },
        ],
        'session.stored': {
          target: 'signedIn.stored',
          actions: {
            type: 'rememberStoredSession',
            params: ({ event }) => ({ user: event.user, record: event.record }),
          },
        },
      },
    },
    lookingUpUser: {
      invoke: {
        src: 'lookupUser',
        input: ({ context }) => {
          if (context.user === null) throw new Error('lookingUpUser is entered only with a user');
          return { user: context.user };
        },
        onDone: [
          {
            guard: { type: 'hasRecord', params: ({ event }) => ({ record: event.output }) },
            target: 'signedIn.hasRecord',
            actions: { type: 'rememberRecord', params: ({ event }) => ({ record: event.output }) },
          },
          { target: 'signedIn.needsOnboarding' },
        ],
        onError: {
          target: 'signedIn.needsOnboarding',
          actions: { type: 'logLookupError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'auth.changed': [
          { guard: not('isSignedIn'), target: 'signedOut.afterSignOut', actions: 'forgetUser' },
          // reenter: stops the running lookup and starts one for the new user.
          {
            guard: 'isAnotherUser',
            target: 'lookingUpUser',
            reenter: true,
            actions: 'rememberUser',
          },
        ],
      },
    },
    signedOut: {
      // Every transition into signedOut names its child; the initial state is only the safe default.
      initial: 'afterSignOut',
      on: {
        'auth.changed': { guard: 'isSignedIn', target: 'lookingUpUser', actions: 'rememberUser' },
      },
      states: {
        /** Arrived signed out: a protected page sends them to sign in and back again. */
        visiting: {},
        /** Signed out here: the plain sign-in page. */
        afterSignOut: {},
        /**
         * The session this device kept is gone (expired, or signed out elsewhere): as arriving
         * signed out, the page being opened is remembered for after sign-in.
         */
        revoked: {},
      },
    },
    signedIn: {
      // Every transition into signedIn names its child; the initial state is only the safe default.
      initial: 'needsOnboarding',
      on: {
        'auth.changed': [
          { guard: not('isSignedIn'), target: 'signedOut.afterSignOut', actions: 'forgetUser' },
          { guard: 'isAnotherUser', target: 'lookingUpUser', actions: 'rememberUser' },
        ],
        'onboarding.saved': {
          target: '.hasRecord',
          actions: { type: 'rememberRecord', params: ({ event }) => ({ record: event.record }) },
        },
      },
      states: {
        /** Drawn from the session and profile this device kept; Firebase has not reported yet. */
        stored: {
          on: {
            'auth.changed': [
              {
                guard: not('isSignedIn'),
                target: '#authGate.signedOut.revoked',
                actions: 'forgetUser',
              },
              {
                guard: { type: 'isKnownUser', params: ({ event }) => ({ user: event.user }) },
                target: 'confirmed',
              },
              // Another account, or this one under another email since the device kept it: the
              // kept profile cannot be trusted; the lookup runs behind 'Loading...'.
              { target: '#authGate.lookingUpUser', actions: 'rememberUser' },
            ],
          },
        },
        /** Firebase holds the same session; the lookup confirms the profile, the page stays. */
        confirmed: {
          invoke: {
            src: 'lookupUser',
            input: ({ context }) => {
              if (context.user === null) throw new Error('confirmed is entered only with a user');
              return { user: context.user };
            },
            onDone: [
              {
                guard: { type: 'hasRecord', params: ({ event }) => ({ record: event.output }) },
                target: 'hasRecord',
                actions: {
                  type: 'rememberRecord',
                  params: ({ event }) => ({ record: event.output }),
                },
              },
              // The profile is gone (404): the kept one must not outlive it.
              { target: 'needsOnboarding', actions: 'forgetRecord' },
            ],
            onError: {
              target: 'hasRecord',
              actions: { type: 'logLookupError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          // A sign-out now is signedIn's own (afterSignOut): Firebase has already confirmed.
        },
        needsOnboarding: {},
        hasRecord: {},
      },
    },
  },
});

export type AuthGateSnapshot = SnapshotFrom<typeof authGateMachine>;

export type GateDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: string };

/** The sign-in screen's path; visitors are sent here. */
const AUTH_PATH = '/auth';
/** Where a signed-in user without a profile is sent. */
const ONBOARDING_PATH = '/onboarding';

const alwaysAvailablePaths = new Set([
  AUTH_PATH,
  '/test-onboarding',
  '/privacy-policy',
  '/terms-of-service',
]);
const musicCallbackPath = /^\/auth\/[^/]+\/callback$/;

/**
 * Lower-cased, without trailing slashes: TanStack Router matches paths case-insensitively and
 * ignores a trailing slash, so `/Auth/` is the sign-in screen and must be treated as one.
 */
function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  // Stryker disable next-line StringLiteral: '' and '/' are both neither public nor /auth, the only questions asked of a normalized path.
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** Whether `pathname` is available signed out (docs/product.md#spec-2-route-table: "always"). */
export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return alwaysAvailablePaths.has(path) || musicCallbackPath.test(path);
}

/** Only the path: the part of an href before its query or hash. */
function pathOf(href: string): string {
  // Stryker disable next-line StringLiteral: split always returns at least one string.
  return href.split(/[?#]/, 1)[0] ?? '';
}

/** `path` with `?redirect=` when there is somewhere to return to. */
function withRedirect(path: string, redirect: string | undefined): string {
  return redirect === undefined ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * What the app shows at `href` (path, query and hash, as the address bar has it) for the gate's
 * current state. A redirect's `to` is an href on this site.
 *
 * A shared link survives sign-in: a visitor who arrived signed out and is sent to sign in gets
 * `/auth?redirect={href}` (plain `/auth` from `/` itself, where there is nothing to return to,
 * and after a sign-out, see the chart's notes), and `redirect` (the sign-in
 * page's `?redirect=`, already checked to be a path on this site by the caller's validateSearch)
 * is where a user with a record goes from /auth instead of `/`. A user who still needs onboarding
 * goes to `/onboarding?redirect=...` from /auth and from every other signed-in page (the one they
 * opened is the redirect), so onboarding can send them on when it completes. The address
 * carries the destination through both redirects; the chart only tells arriving from leaving.
 */
export function gateDecision(
  snapshot: AuthGateSnapshot,
  href: string,
  redirect?: string,
): GateDecision {
  if (snapshot.matches('authLoading') || snapshot.matches('lookingUpUser')) {
    return { kind: 'loading' };
  }
  const pathname = pathOf(href);
  const storedSession =
    snapshot.matches({ signedIn: 'stored' }) || snapshot.matches({ signedIn: 'confirmed' });
  if (storedSession && normalizePath(pathname) === AUTH_PATH) {
    // Sent on from /auth only once confirmed: a revoked session would bounce straight back.
    return { kind: 'loading' };
  }
  if (snapshot.matches('signedOut')) {
    if (isPublicPath(pathname)) return { kind: 'render' };
    const remember = !snapshot.matches({ signedOut: 'afterSignOut' }) && href !== '/';
    return { kind: 'redirect', to: withRedirect(AUTH_PATH, remember ? href : undefined) };
  }
  if (normalizePath(pathname) === AUTH_PATH) {
    // A redirect back to the sign-in page would only bounce here again.
    const destination =
      redirect !== undefined && normalizePath(pathOf(redirect)) !== AUTH_PATH
        ? redirect
        : undefined;
    return {
      kind: 'redirect',
      to: snapshot.matches({ signedIn: 'hasRecord' })
        ? (destination ?? '/')
        : withRedirect(ONBOARDING_PATH, destination),
    };
  }
  // No profile (docs/product.md's lookup rule: 404 goes to onboarding): every signed-in page
  // sends the family there first, with the page they opened to go on to afterwards; home
  // would otherwise greet them as a nameless default family.
  if (
    snapshot.matches({ signedIn: 'needsOnboarding' }) &&
    normalizePath(pathname) !== ONBOARDING_PATH &&
    !isPublicPath(pathname)
  ) {
    return { kind: 'redirect', to: withRedirect(ONBOARDING_PATH, href === '/' ? undefined : href) };
  }
  return { kind: 'render' };
}
