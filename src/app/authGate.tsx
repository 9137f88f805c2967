import { useQueryClient } from '@tanstack/react-query';
import { Navigate, type RegisteredRouter, useRouterState } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useDeferredValue, useEffect, useLayoutEffect, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { authGateMachine, type GateUser, gateDecision } from '../../machines/authGate.ts';
import { getUserByEmail } from '../api/users.ts';
import { storageKeys } from '../domain/constants.ts';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { useAppStateStore } from './appState.tsx';
import { useAuth } from './auth.tsx';
import { inspect } from './inspector.ts';
import { followAccountLanguage } from './languageFollow.ts';
import { revealApp } from './pageFrame.ts';
import { useRedirectParam } from './redirect.ts';
import { storedSession } from './storedSession.ts';

type AuthGateRef = ActorRefFrom<typeof authGateMachine>;

/**
 * The running gate (docs/machines/README.md, "How a machine is started"): started by AuthGate
 * below, which the root route mounts (src/routes/__root.tsx, through AppProviders).
 */
const AuthGateActor = createActorContext(authGateMachine);

/**
 * The running gate, for screens that move it on: onboarding sends onboarding.saved once the profile
 * is created, so / stops redirecting to /onboarding.
 */
export function useAuthGate(): AuthGateRef {
  return AuthGateActor.useActorRef();
}

/**
 * docs/product.md#spec-2's routing gate at the React edge: starts machines/authGate with its user
 * lookup supplied (once, when the app mounts); GateDecision below feeds it Firebase's auth state
 * and renders what `gateDecision` says for the current path (spinner, the page, or a redirect).
 */
function BrowserAuthGate({ children }: { children: ReactNode }) {
  const appState = useAppStateStore();
  // Provided once: the provider starts its actor from the first logic it is given. The store
  // stays the same for the life of the app.
  const [logic] = useState(() =>
    authGateMachine.provide({
      actors: {
        lookupUser: fromPromise<Awaited<ReturnType<typeof getUserByEmail>>, { user: GateUser }>(
          async ({ input, signal }) => {
            // An account without an email (not one we create) cannot have a record yet.
            if (!input.user.email) return null;
            const email = input.user.email;
            const record = await getUserByEmail(email).catch((error: unknown) => {
              // Offline (a reload in a car park), the record kept on this device stands in for
              // the server's, instead of sending a known family back to onboarding.
              const kept = appState.getSnapshot().currentUser;
              if (!navigator.onLine && kept?.email === email) return kept;
              throw error;
            });
            // The gate abandons a lookup when the account changes mid-flight; its late answer
            // belongs to the previous account and must not become the current user.
            if (!signal.aborted) {
              appState.setCurrentUser(record);
              // The family's city comes back with their record (unless chosen here since).
              if (record) appState.adoptProfileLocation(record.location, record.updatedAt);
              // So does their language (issue 35), once they chose one.
              if (record?.language) followAccountLanguage(record.language);
            }
            return record;
          },
        ),
      },
    }),
  );
  return (
    <AuthGateActor.Provider logic={logic} options={{ inspect }}>
      <GateDecision>{children}</GateDecision>
    </AuthGateActor.Provider>
  );
}

function GateDecision({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const appState = useAppStateStore();
  const queryClient = useQueryClient();
  const gate = AuthGateActor.useActorRef();

  // A returning family's kept session and profile (issue 36) let the page draw before Firebase
  // and the lookup answer; told once, before Firebase's first report can reach the gate.
  useLayoutEffect(() => {
    const kept = storedSession(appState.getSnapshot().currentUser);
    if (kept) gate.send({ type: 'session.stored', user: kept.user, record: kept.record });
  }, [gate, appState]);

  useEffect(() => {
    // Until Firebase's first report, "no user" means "not known yet", not "signed out".
    if (loading) return;
    gate.send({
      type: 'auth.changed',
      user: user ? { uid: user.uid, email: user.email } : null,
    });
  }, [gate, loading, user]);

  // Saved events follow a user with a profile across devices, and votes made offline are sent
  // when the network returns (offlineSync.ts). The sync loads on first use, so
  // it adds nothing to the first-load path, and stops when the user signs out or changes.
  const syncedUid = AuthGateActor.useSelector((current) =>
    current.matches({ signedIn: 'hasRecord' }) ? (current.context.user?.uid ?? null) : null,
  );
  useEffect(() => {
    if (syncedUid === null) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import('./offlineSync.ts')
      .then(({ startUserSync }) => {
        if (!ended)
          stop = startUserSync({
            store: appState,
            uid: syncedUid,
            syncedKey: storageKeys.savedSynced,
            queryClient,
          });
      })
      .catch((error: unknown) => {
        console.warn(
          'Could not load the saved-events sync; saved events stay on this device:',
          error,
        );
      });
    return () => {
      ended = true;
      stop?.();
    };
  }, [appState, syncedUid, queryClient]);

  const href = useRouterState({ select: (state) => state.location.href });
  const redirect = useRedirectParam();
  const snapshot = AuthGateActor.useSelector((current) => current);
  const decision = gateDecision(snapshot, href, redirect);
  // The gate's answer arrives as an external-store update, which React renders in one blocking
  // task; mounting a whole page that way froze a phone for a third of a second. Deferred, the
  // page mounts in a background render that React slices between the browser's own work (the
  // spinner or the server's frame stays meanwhile). Redirects and spinners are not deferred.
  const deferredKind = useDeferredValue(decision.kind);
  const pageReady = decision.kind !== 'render' || deferredKind === 'render';

  return decision.kind === 'loading' || !pageReady ? (
    <LoadingScreen />
  ) : decision.kind === 'redirect' ? (
    // An href, not a route path: it may carry a query (`?redirect=`) and a hash. `to` is
    // typed as any string so that the router takes `href` alone.
    <Navigate<RegisteredRouter, string, string> href={decision.to} replace />
  ) : (
    <>
      {children}
      <RevealPage />
    </>
  );
}

// The server-rendered frame of a page (src/prerender) is drawn as the page itself; the browser's
// gate decides again from the real session before anything of it can be used.
function FrameAuthGate({ children }: { children: ReactNode }) {
  return children;
}

export const AuthGate = import.meta.env.SSR ? FrameAuthGate : BrowserAuthGate;

/**
 * The gate let the page through: the server's frame of it (src/app/pageFrame.ts) gives way to
 * the app, before the browser paints this commit.
 */
function RevealPage() {
  useLayoutEffect(revealApp, []);
  return null;
}
