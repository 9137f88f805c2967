import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic, type StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { UserRecord } from '../contract/user.ts';
import {
  type AuthGateSnapshot,
  authGateMachine,
  type GateDecision,
  type GateUser,
  gateDecision,
  isPublicPath,
} from './authGate.ts';
import {
  chartCoverage,
  createPromiseActorController,
  describeChartEvents,
  describeChartTransitions,
  followPath,
  toTestMachine,
} from './testing/testModel.ts';

const alice: GateUser = { uid: 'uid-alice', email: 'alice@example.com' };
const bob: GateUser = { uid: 'uid-bob', email: 'bob@example.com' };

const recordFor = (user: GateUser): UserRecord => ({
  id: `record-${user.uid}`,
  email: user.email ?? '',
  name: 'FamJam Explorer',
  familySituation: 'kids',
  musicPreferences: ['jazz'],
  musicArtists: [],
  location: 'Austin, TX',
  photoUpdatedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function startGate() {
  const lookupUser = createPromiseActorController<UserRecord | null, { user: GateUser }>();
  const logLookupError = vi.fn();
  const actor = createActor(
    authGateMachine.provide({
      actors: { lookupUser: lookupUser.logic },
      actions: { logLookupError },
    }),
  );
  actor.start();
  return { actor, lookupUser, logLookupError };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('authGate model', () => {
  const testMachine = toTestMachine(authGateMachine);
  const model = createTestModel(testMachine, {
    // Payloads per state: both users (to switch accounts), sign-out, and the lookup's three
    // outcomes; the record always belongs to the user the gate knows.
    events: (snapshot) => {
      const { user } = snapshot.context;
      const events: EventFromLogic<typeof testMachine>[] = [
        { type: 'AUTH_CHANGED', user: alice },
        { type: 'AUTH_CHANGED', user: bob },
        { type: 'AUTH_CHANGED', user: null },
        { type: 'lookupUser.done', output: null },
        { type: 'lookupUser.error', error: new Error('500: Internal Server Error') },
      ];
      if (user !== null) {
        events.push(
          { type: 'lookupUser.done', output: recordFor(user) },
          { type: 'RECORD_SAVED', record: recordFor(user) },
        );
      }
      return events;
    },
  });
  const paths = model.getShortestPaths();

  it('has the chart events plus one per lookup outcome', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'AUTH_CHANGED',
      'RECORD_SAVED',
      'lookupUser.done',
      'lookupUser.error',
    ]);
  });

  it('is the reviewed chart', () => {
    // The model is derived from the chart, so pin the chart itself against SPEC "Routing gate".
    expect(describeChartTransitions(authGateMachine)).toEqual([
      'authGate.authLoading --AUTH_CHANGED [isSignedIn]--> authGate.lookingUpUser actions:1',
      'authGate.authLoading --AUTH_CHANGED--> authGate.signedOut.visiting actions:0',
      'authGate.lookingUpUser --AUTH_CHANGED [isAnotherUser]--> authGate.lookingUpUser (reenter) actions:1',
      'authGate.lookingUpUser --AUTH_CHANGED [not(isSignedIn)]--> authGate.signedOut.afterSignOut actions:1',
      'authGate.lookingUpUser --lookupUser.done [hasRecord]--> authGate.signedIn.hasRecord actions:1',
      'authGate.lookingUpUser --lookupUser.done--> authGate.signedIn.needsOnboarding actions:0',
      'authGate.lookingUpUser --lookupUser.error--> authGate.signedIn.needsOnboarding actions:1',
      'authGate.signedIn --AUTH_CHANGED [isAnotherUser]--> authGate.lookingUpUser actions:1',
      'authGate.signedIn --AUTH_CHANGED [not(isSignedIn)]--> authGate.signedOut.afterSignOut actions:1',
      'authGate.signedIn --RECORD_SAVED--> authGate.signedIn.hasRecord actions:1',
      'authGate.signedOut --AUTH_CHANGED [isSignedIn]--> authGate.lookingUpUser actions:1',
    ]);
  });

  it('generates paths through every state and every transition', () => {
    expect(chartCoverage(testMachine, paths)).toEqual({
      unvisitedStates: [],
      unvisitedTransitions: [],
    });
  });

  // What a visitor gets at each representative address, per gate state (SPEC "Routing gate"),
  // including a shared event link and the sign-in page that remembers it.
  const sharedEvent = '/event/e1?ref=share#event-e1';
  const signInForSharedEvent = `/auth?redirect=${encodeURIComponent(sharedEvent)}`;
  /** What /auth's validateSearch hands the gate for each address (only the one above has one). */
  const redirectOf: Record<string, string> = { [signInForSharedEvent]: sharedEvent };
  const addresses = [
    '/',
    '/auth',
    '/test-onboarding',
    '/auth/spotify/callback',
    '/privacy-policy',
    '/saved',
    sharedEvent,
    signInForSharedEvent,
  ];
  const loadingEverywhere = { kind: 'loading' } as const;
  const expectedDecisions: Record<string, Record<string, GateDecision>> = {
    authLoading: Object.fromEntries(addresses.map((href) => [href, loadingEverywhere])),
    // Arrived signed out: sent to sign in, with the page they were opening remembered.
    'signedOut.visiting': {
      '/': { kind: 'redirect', to: '/auth' },
      '/auth': { kind: 'render' },
      '/test-onboarding': { kind: 'render' },
      '/auth/spotify/callback': { kind: 'render' },
      '/privacy-policy': { kind: 'render' },
      '/saved': { kind: 'redirect', to: '/auth?redirect=%2Fsaved' },
      [sharedEvent]: { kind: 'redirect', to: signInForSharedEvent },
      [signInForSharedEvent]: { kind: 'render' },
    },
    // Signed out here: the plain sign-in page, so the next person starts at home.
    'signedOut.afterSignOut': {
      '/': { kind: 'redirect', to: '/auth' },
      '/auth': { kind: 'render' },
      '/test-onboarding': { kind: 'render' },
      '/auth/spotify/callback': { kind: 'render' },
      '/privacy-policy': { kind: 'render' },
      '/saved': { kind: 'redirect', to: '/auth' },
      [sharedEvent]: { kind: 'redirect', to: '/auth' },
      [signInForSharedEvent]: { kind: 'render' },
    },
    'signedIn.hasRecord': {
      '/': { kind: 'render' },
      '/auth': { kind: 'redirect', to: '/' },
      '/test-onboarding': { kind: 'render' },
      '/auth/spotify/callback': { kind: 'render' },
      '/privacy-policy': { kind: 'render' },
      '/saved': { kind: 'render' },
      [sharedEvent]: { kind: 'render' },
      [signInForSharedEvent]: { kind: 'redirect', to: sharedEvent },
    },
    'signedIn.needsOnboarding': {
      '/': { kind: 'render' },
      '/auth': { kind: 'redirect', to: '/onboarding' },
      '/test-onboarding': { kind: 'render' },
      '/auth/spotify/callback': { kind: 'render' },
      '/privacy-policy': { kind: 'render' },
      '/saved': { kind: 'render' },
      [sharedEvent]: { kind: 'render' },
      [signInForSharedEvent]: {
        kind: 'redirect',
        to: `/onboarding?redirect=${encodeURIComponent(sharedEvent)}`,
      },
    },
  };
  expectedDecisions.lookingUpUser = expectedDecisions.authLoading ?? {};

  const stateName = (snapshot: { value: StateValue }): string =>
    typeof snapshot.value === 'string'
      ? snapshot.value
      : Object.entries(snapshot.value)
          .map(([parent, child]) => `${parent}.${String(child)}`)
          .join();

  it.each(paths.map((path) => [path.description, path] as const))(
    'the real gate follows: %s',
    async (_description, path) => {
      const { actor, lookupUser, logLookupError } = startGate();

      await followPath(
        path,
        async (event) => {
          switch (event.type) {
            case 'AUTH_CHANGED':
            case 'RECORD_SAVED':
              actor.send(event);
              return;
            case 'lookupUser.done':
              await lookupUser.resolve(event.output);
              return;
            case 'lookupUser.error':
              await lookupUser.reject(event.error);
              expect(logLookupError).toHaveBeenLastCalledWith(expect.anything(), {
                error: event.error,
              });
              return;
            default:
              throw new Error(`The auth gate has no event ${event.type}`);
          }
        },
        (expected) => {
          const real: AuthGateSnapshot = actor.getSnapshot();
          expect(real.value).toEqual(expected.value);
          expect(real.context).toEqual(expected.context);
          if (real.matches('lookingUpUser')) {
            // The lookup the gate waits on is the signed-in user's own.
            expect(lookupUser.runs.at(-1)?.input).toEqual({ user: real.context.user });
          }
          const decisions = expectedDecisions[stateName(expected)];
          expect(decisions, `decisions for ${stateName(expected)}`).toBeDefined();
          for (const [href, decision] of Object.entries(decisions ?? {})) {
            expect(gateDecision(real, href, redirectOf[href]), href).toEqual(decision);
          }
        },
      );

      actor.stop();
    },
  );
});

describe('authGate details', () => {
  it('without a provided lookup, logs the failure and treats the user as new', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(authGateMachine).start();
    actor.send({ type: 'AUTH_CHANGED', user: alice });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'needsOnboarding' }),
    );
    expect(consoleError).toHaveBeenCalledWith(
      expect.any(String),
      new Error('lookupUser must be provided by the app'),
    );
    actor.stop();
  });

  it('ignores the same user reported again while the lookup runs', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'AUTH_CHANGED', user: alice });
    actor.send({ type: 'AUTH_CHANGED', user: { ...alice } });
    expect(lookupUser.runs).toHaveLength(1);
    await lookupUser.resolve(recordFor(alice));
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'hasRecord' });
  });

  it('restarts the lookup for another user and drops the first one', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'AUTH_CHANGED', user: alice });
    actor.send({ type: 'AUTH_CHANGED', user: bob });
    expect(lookupUser.runs.map((run) => run.input.user.uid)).toEqual(['uid-alice', 'uid-bob']);
    expect(lookupUser.runs[0]?.signal.aborted).toBe(true);
    await lookupUser.resolve(recordFor(bob));
    expect(actor.getSnapshot().context).toEqual({ user: bob, record: recordFor(bob) });
  });

  it('signing out during the lookup cancels it and forgets the user', () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'AUTH_CHANGED', user: alice });
    actor.send({ type: 'AUTH_CHANGED', user: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'afterSignOut' });
    expect(actor.getSnapshot().context).toEqual({ user: null, record: null });
    expect(lookupUser.runs[0]?.signal.aborted).toBe(true);
  });

  it('after onboarding saves the profile, /auth leads home', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'AUTH_CHANGED', user: alice });
    await lookupUser.resolve(null);
    expect(gateDecision(actor.getSnapshot(), '/auth')).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
    actor.send({ type: 'RECORD_SAVED', record: recordFor(alice) });
    expect(actor.getSnapshot().context.record).toEqual(recordFor(alice));
    expect(gateDecision(actor.getSnapshot(), '/auth')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('signing out of the app clears the user and the record, and forgets the page', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'AUTH_CHANGED', user: alice });
    await lookupUser.resolve(recordFor(alice));
    actor.send({ type: 'AUTH_CHANGED', user: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'afterSignOut' });
    expect(actor.getSnapshot().context).toEqual({ user: null, record: null });
    // The next person to sign in on this device starts at home, not on Alice's page.
    expect(gateDecision(actor.getSnapshot(), '/saved')).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('a visitor who arrives signed out is sent to sign in with the page remembered', () => {
    const { actor } = startGate();
    actor.send({ type: 'AUTH_CHANGED', user: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'visiting' });
    expect(gateDecision(actor.getSnapshot(), '/saved')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fsaved',
    });
  });
});

describe('isPublicPath', () => {
  it.each([
    '/auth',
    '/auth/',
    '/Auth',
    '/test-onboarding',
    '/test-onboarding/',
    '/privacy-policy',
    '/terms-of-service/',
    '/auth/spotify/callback',
    '/auth/apple-music/callback/',
  ])('%s is available signed out', (pathname) => {
    expect(isPublicPath(pathname)).toBe(true);
  });

  it.each([
    '/',
    '',
    '/saved',
    '/onboarding',
    '/authx',
    '/auth/spotify',
    '/auth//callback',
    '/auth/spotify/callback/extra',
    '/test-onboarding-extra',
    '/privacy-policy/more',
  ])('%s needs a signed-in user', (pathname) => {
    expect(isPublicPath(pathname)).toBe(false);
  });
});

describe('gateDecision', () => {
  const signedIn = (record: UserRecord | null) =>
    authGateMachine.resolveState({
      value: { signedIn: record ? 'hasRecord' : 'needsOnboarding' },
      context: { user: alice, record },
    });
  const signedOut = authGateMachine.resolveState({
    value: { signedOut: 'visiting' },
    context: { user: null, record: null },
  });

  it('treats /auth/ like /auth for a signed-in user', () => {
    expect(gateDecision(signedIn(recordFor(alice)), '/auth/')).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(gateDecision(signedIn(null), '/auth/')).toEqual({ kind: 'redirect', to: '/onboarding' });
  });

  it('lets a signed-in user finish a music-service sign-in', () => {
    expect(gateDecision(signedIn(null), '/auth/spotify/callback')).toEqual({ kind: 'render' });
  });

  it('lets a signed-in user reach unknown paths (the 404 page)', () => {
    expect(gateDecision(signedIn(recordFor(alice)), '/no-such-page')).toEqual({ kind: 'render' });
  });

  it('sends a visitor on /auth/spotify (not a callback) to sign in', () => {
    expect(gateDecision(signedOut, '/auth/spotify')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fauth%2Fspotify',
    });
    expect(gateDecision(signedOut, '/no-such-page')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fno-such-page',
    });
  });

  it('keeps the query and hash of the page a visitor was opening, but not of / itself', () => {
    expect(gateDecision(signedOut, '/search?category=music#results')).toEqual({
      kind: 'redirect',
      to: `/auth?redirect=${encodeURIComponent('/search?category=music#results')}`,
    });
    expect(gateDecision(signedOut, '/?date=weekend')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2F%3Fdate%3Dweekend',
    });
    expect(gateDecision(signedOut, '/')).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('reads the path of an address with a query on the public pages', () => {
    expect(gateDecision(signedOut, '/auth?redirect=%2Fsaved')).toEqual({ kind: 'render' });
    expect(gateDecision(signedOut, '/privacy-policy#cookies')).toEqual({ kind: 'render' });
  });

  it('never sends a signed-in user from /auth back to /auth', () => {
    for (const redirect of ['/auth', '/auth/', '/Auth?redirect=%2Fsaved']) {
      expect(gateDecision(signedIn(recordFor(alice)), '/auth', redirect)).toEqual({
        kind: 'redirect',
        to: '/',
      });
      expect(gateDecision(signedIn(null), '/auth', redirect)).toEqual({
        kind: 'redirect',
        to: '/onboarding',
      });
    }
  });

  it('sends a user to the redirect only from the sign-in page', () => {
    expect(gateDecision(signedIn(recordFor(alice)), '/saved', '/event/e1')).toEqual({
      kind: 'render',
    });
  });
});
