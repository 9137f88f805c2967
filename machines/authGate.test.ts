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
  describeModel,
  expectEffectsToBeProvided,
  followPathWithOracle,
} from './testing/modelTests.ts';
import {
  chartCoverage,
  createPromiseActorController,
  describeChartEvents,
  describeChartTransitions,
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

const stateName = (snapshot: { value: StateValue }): string =>
  typeof snapshot.value === 'string'
    ? snapshot.value
    : Object.entries(snapshot.value)
        .map(([parent, child]) => `${parent}.${String(child)}`)
        .join();

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

describeModel('authGate model', () => {
  const testMachine = toTestMachine(authGateMachine);
  const model = createTestModel(testMachine, {
    // Payloads per state: both users (to switch accounts), sign-out, and the lookup's three
    // outcomes; the record always belongs to the user the gate knows.
    events: (snapshot) => {
      const { user } = snapshot.context;
      const events: EventFromLogic<typeof testMachine>[] = [
        { type: 'auth.changed', user: alice },
        { type: 'auth.changed', user: bob },
        { type: 'auth.changed', user: null },
        { type: 'lookupUser.done', output: null },
        { type: 'lookupUser.error', error: new Error('500: Internal Server Error') },
        // A device that kept Alice's session and profile (issue 36).
        { type: 'session.stored', user: alice, record: recordFor(alice) },
      ];
      if (user !== null) {
        events.push(
          { type: 'lookupUser.done', output: recordFor(user) },
          { type: 'onboarding.saved', record: recordFor(user) },
        );
      }
      return events;
    },
  });
  const paths = model.getShortestPaths();

  it('has the chart events plus one per lookup outcome', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'auth.changed',
      'lookupUser.done',
      'lookupUser.error',
      'onboarding.saved',
      'session.stored',
    ]);
  });

  it('is the reviewed chart', () => {
    // The model is derived from the chart, so pin the chart itself against docs/product.md#spec-2-routing-gate.
    expect(describeChartTransitions(authGateMachine)).toEqual([
      'authGate.authLoading --auth.changed [isSignedIn]--> authGate.lookingUpUser actions:1',
      'authGate.authLoading --auth.changed--> authGate.signedOut.visiting actions:0',
      'authGate.authLoading --session.stored--> authGate.signedIn.stored actions:1',
      'authGate.lookingUpUser --auth.changed [isAnotherUser]--> authGate.lookingUpUser (reenter) actions:1',
      'authGate.lookingUpUser --auth.changed [not(isSignedIn)]--> authGate.signedOut.afterSignOut actions:1',
      'authGate.lookingUpUser --lookupUser.done [hasRecord]--> authGate.signedIn.hasRecord actions:1',
      'authGate.lookingUpUser --lookupUser.done--> authGate.signedIn.needsOnboarding actions:0',
      'authGate.lookingUpUser --lookupUser.error--> authGate.signedIn.needsOnboarding actions:1',
      'authGate.signedIn --auth.changed [isAnotherUser]--> authGate.lookingUpUser actions:1',
      'authGate.signedIn --auth.changed [not(isSignedIn)]--> authGate.signedOut.afterSignOut actions:1',
      'authGate.signedIn --onboarding.saved--> authGate.signedIn.hasRecord actions:1',
      'authGate.signedIn.confirmed --lookupUser.done [hasRecord]--> authGate.signedIn.hasRecord actions:1',
      'authGate.signedIn.confirmed --lookupUser.done--> authGate.signedIn.needsOnboarding actions:1',
      'authGate.signedIn.confirmed --lookupUser.error--> authGate.signedIn.hasRecord actions:1',
      'authGate.signedIn.stored --auth.changed [isKnownUser]--> authGate.signedIn.confirmed actions:0',
      'authGate.signedIn.stored --auth.changed [not(isSignedIn)]--> authGate.signedOut.revoked actions:1',
      'authGate.signedIn.stored --auth.changed--> authGate.lookingUpUser actions:1',
      'authGate.signedOut --auth.changed [isSignedIn]--> authGate.lookingUpUser actions:1',
    ]);
  });

  it('generates paths through every state and every transition', () => {
    expect(chartCoverage(testMachine, paths)).toEqual({
      unvisitedStates: [],
      unvisitedTransitions: [],
    });
  });

  // What a visitor gets at each representative address, per gate state (docs/product.md#spec-2-routing-gate),
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
    '/search',
    '/onboarding',
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
      '/search': { kind: 'redirect', to: '/auth?redirect=%2Fsearch' },
      '/onboarding': { kind: 'redirect', to: '/auth?redirect=%2Fonboarding' },
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
      '/search': { kind: 'redirect', to: '/auth' },
      '/onboarding': { kind: 'redirect', to: '/auth' },
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
      '/search': { kind: 'render' },
      '/onboarding': { kind: 'render' },
      [sharedEvent]: { kind: 'render' },
      [signInForSharedEvent]: { kind: 'redirect', to: sharedEvent },
    },
    // No profile (the lookup answered 404, or failed): every signed-in page sends the family
    // to onboarding, which sends them on to the page they opened once it is done (issue 31).
    'signedIn.needsOnboarding': {
      '/': { kind: 'redirect', to: '/onboarding' },
      '/auth': { kind: 'redirect', to: '/onboarding' },
      '/test-onboarding': { kind: 'render' },
      '/auth/spotify/callback': { kind: 'render' },
      '/privacy-policy': { kind: 'render' },
      '/saved': { kind: 'redirect', to: '/onboarding?redirect=%2Fsaved' },
      '/search': { kind: 'redirect', to: '/onboarding?redirect=%2Fsearch' },
      '/onboarding': { kind: 'render' },
      [sharedEvent]: {
        kind: 'redirect',
        to: `/onboarding?redirect=${encodeURIComponent(sharedEvent)}`,
      },
      [signInForSharedEvent]: {
        kind: 'redirect',
        to: `/onboarding?redirect=${encodeURIComponent(sharedEvent)}`,
      },
    },
  };
  expectedDecisions.lookingUpUser = expectedDecisions.authLoading ?? {};
  // The page is drawn from what the device kept, as it will be once confirmed; only /auth waits
  // for the confirmation, so a session found gone does not send the family there and back.
  const storedDecisions = {
    ...expectedDecisions['signedIn.hasRecord'],
    '/auth': loadingEverywhere,
    [signInForSharedEvent]: loadingEverywhere,
  };
  expectedDecisions['signedIn.stored'] = storedDecisions;
  expectedDecisions['signedIn.confirmed'] = storedDecisions;
  // A kept session found gone on arrival: as arriving signed out, the page opened is remembered.
  expectedDecisions['signedOut.revoked'] = expectedDecisions['signedOut.visiting'] ?? {};

  it.each(paths.map((path) => [path.description, path] as const))(
    'the real gate follows: %s',
    async (_description, path) => {
      const { actor, lookupUser, logLookupError } = startGate();

      await followPathWithOracle(
        path,
        actor,
        async (event) => {
          switch (event.type) {
            case 'auth.changed':
            case 'onboarding.saved':
            case 'session.stored':
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
        {
          initial: { state: 'authLoading', user: null, record: null, lookups: [], logged: 0 },
          next: expectAfter,
          check: (real, expected) => {
            expect(stateName(real)).toBe(expected.state);
            expect(real.context).toEqual({ user: expected.user, record: expected.record });
            // Every lookup the gate started was for the user it knew then; a stale one stopped.
            expect(lookupUser.runs.map((run) => run.input.user)).toEqual(expected.lookups);
            expect(
              lookupUser.runs.slice(0, -1).every((run) => run.settled || run.signal.aborted),
            ).toBe(true);
            expect(logLookupError).toHaveBeenCalledTimes(expected.logged);
            expectAccepts(real, expected);
            const decisions = expectedDecisions[expected.state];
            expect(decisions, `decisions for ${expected.state}`).toBeDefined();
            for (const [href, decision] of Object.entries(decisions ?? {})) {
              expect(gateDecision(real, href, redirectOf[href]), href).toEqual(decision);
            }
          },
        },
      );
    },
  );
});

/** What the test expects of the gate, worked out here and not by the machine. */
interface ExpectedGate {
  /** 'authLoading', 'signedIn.hasRecord', ... */
  state: string;
  user: GateUser | null;
  record: UserRecord | null;
  /** The user of each lookup started. */
  lookups: readonly GateUser[];
  /** logLookupError calls. */
  logged: number;
}

/** docs/product.md#spec-2-routing-gate, with the chart's decisions where the spec is silent. */
function expectAfter(
  expected: ExpectedGate,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof authGateMachine>>>,
): ExpectedGate {
  const [top] = expected.state.split('.');
  const lookUp = (user: GateUser): ExpectedGate => ({
    ...expected,
    state: 'lookingUpUser',
    user,
    record: null,
    lookups: [...expected.lookups, user],
  });
  const signedOut = { ...expected, state: 'signedOut.afterSignOut', user: null, record: null };
  switch (event.type) {
    case 'session.stored':
      return top === 'authLoading'
        ? { ...expected, state: 'signedIn.stored', user: event.user, record: event.record }
        : expected;
    case 'auth.changed': {
      const { user } = event;
      if (top === 'authLoading')
        return user ? lookUp(user) : { ...expected, state: 'signedOut.visiting' };
      if (top === 'signedOut') return user ? lookUp(user) : expected;
      // Firebase's first word on a kept session: gone. (Later, a sign-out is a sign-out.)
      if (expected.state === 'signedIn.stored' && user === null)
        return { ...signedOut, state: 'signedOut.revoked' };
      // Firebase confirms the kept session: the lookup runs while the page stays drawn.
      const kept = expected.user;
      if (expected.state === 'signedIn.stored' && kept !== null && user !== null) {
        // The same account as kept: confirmed behind the page. Any other (or the same uid under
        // a new email): the kept profile is dropped and the lookup runs behind 'Loading...'.
        return user.uid === kept.uid && user.email === kept.email
          ? { ...expected, state: 'signedIn.confirmed', lookups: [...expected.lookups, kept] }
          : lookUp(user);
      }
      // Looking up or signed in: a sign-out forgets the user, another user starts over, the
      // same user again (a token refresh) changes nothing.
      if (user === null) return signedOut;
      return user.uid === expected.user?.uid ? expected : lookUp(user);
    }
    case 'lookupUser.done':
      if (top !== 'lookingUpUser' && expected.state !== 'signedIn.confirmed') return expected;
      return event.output === null
        ? { ...expected, state: 'signedIn.needsOnboarding', record: null }
        : { ...expected, state: 'signedIn.hasRecord', record: event.output };
    case 'lookupUser.error':
      if (expected.state === 'signedIn.confirmed')
        // The kept record stays: a known family is not sent to onboarding by a failed lookup.
        return { ...expected, state: 'signedIn.hasRecord', logged: expected.logged + 1 };
      return top === 'lookingUpUser'
        ? { ...expected, state: 'signedIn.needsOnboarding', logged: expected.logged + 1 }
        : expected;
    case 'onboarding.saved':
      return top === 'signedIn'
        ? { ...expected, state: 'signedIn.hasRecord', record: event.record }
        : expected;
    default:
      return expected;
  }
}

/** Which auth events each state reacts to, and whether it takes a saved record. */
function expectAccepts(real: AuthGateSnapshot, expected: ExpectedGate): void {
  const [top] = expected.state.split('.');
  const known = expected.user;
  const other = known?.uid === alice.uid ? bob : alice;
  expect({
    signIn: real.can({ type: 'auth.changed', user: other }),
    sameUser: known === null ? null : real.can({ type: 'auth.changed', user: { ...known } }),
    renamed:
      known === null
        ? null
        : real.can({ type: 'auth.changed', user: { ...known, email: 'new@example.com' } }),
    signOut: real.can({ type: 'auth.changed', user: null }),
    recordSaved: real.can({ type: 'onboarding.saved', record: recordFor(known ?? alice) }),
    storedSession: real.can({ type: 'session.stored', user: alice, record: recordFor(alice) }),
  }).toEqual({
    signIn: true,
    // Only a kept session waits for Firebase to confirm the same account.
    sameUser: known === null ? null : expected.state === 'signedIn.stored',
    // The same uid under another email: only a kept session drops its profile for a lookup.
    renamed: known === null ? null : expected.state === 'signedIn.stored',
    signOut: top !== 'signedOut',
    recordSaved: top === 'signedIn',
    storedSession: top === 'authLoading',
  });
}

describe('authGate details', () => {
  it("every effect is the app's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(authGateMachine, 'the app', { actors: ['lookupUser'] });
  });

  it('without a provided lookup, logs the failure and treats the user as new', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(authGateMachine).start();
    actor.send({ type: 'auth.changed', user: alice });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'needsOnboarding' }),
    );
    expect(consoleError).toHaveBeenCalledWith(
      'User lookup failed; continuing without a user record.',
      new Error('lookupUser must be provided by the app'),
    );
    actor.stop();
  });

  it('ignores the same user reported again while the lookup runs', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'auth.changed', user: alice });
    actor.send({ type: 'auth.changed', user: { ...alice } });
    expect(lookupUser.runs).toHaveLength(1);
    await lookupUser.resolve(recordFor(alice));
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'hasRecord' });
  });

  it('restarts the lookup for another user and drops the first one', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'auth.changed', user: alice });
    actor.send({ type: 'auth.changed', user: bob });
    expect(lookupUser.runs.map((run) => run.input.user.uid)).toEqual(['uid-alice', 'uid-bob']);
    expect(lookupUser.runs[0]?.signal.aborted).toBe(true);
    await lookupUser.resolve(recordFor(bob));
    expect(actor.getSnapshot().context).toEqual({ user: bob, record: recordFor(bob) });
  });

  it('signing out during the lookup cancels it and forgets the user', () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'auth.changed', user: alice });
    actor.send({ type: 'auth.changed', user: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'afterSignOut' });
    expect(actor.getSnapshot().context).toEqual({ user: null, record: null });
    expect(lookupUser.runs[0]?.signal.aborted).toBe(true);
  });

  it('after onboarding saves the profile, /auth leads home', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'auth.changed', user: alice });
    await lookupUser.resolve(null);
    expect(gateDecision(actor.getSnapshot(), '/auth')).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
    actor.send({ type: 'onboarding.saved', record: recordFor(alice) });
    expect(actor.getSnapshot().context.record).toEqual(recordFor(alice));
    expect(gateDecision(actor.getSnapshot(), '/auth')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('signing out of the app clears the user and the record, and forgets the page', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'auth.changed', user: alice });
    await lookupUser.resolve(recordFor(alice));
    actor.send({ type: 'auth.changed', user: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'afterSignOut' });
    expect(actor.getSnapshot().context).toEqual({ user: null, record: null });
    // The next person to sign in on this device starts at home, not on Alice's page.
    expect(gateDecision(actor.getSnapshot(), '/saved')).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('a returning family sees the page at once, and it stays while Firebase and the lookup confirm', async () => {
    const { actor, lookupUser } = startGate();
    const kept = recordFor(alice);
    actor.send({ type: 'session.stored', user: alice, record: kept });
    expect(gateDecision(actor.getSnapshot(), '/search')).toEqual({ kind: 'render' });
    expect(lookupUser.runs).toHaveLength(0);
    actor.send({ type: 'auth.changed', user: { ...alice } });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'confirmed' });
    expect(gateDecision(actor.getSnapshot(), '/search')).toEqual({ kind: 'render' });
    // The profile changed on another device: the new record replaces the kept one.
    const renamed = { ...kept, name: 'The Riveras' };
    await lookupUser.resolve(renamed);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'hasRecord' });
    expect(actor.getSnapshot().context.record).toEqual(renamed);
  });

  it('a kept session found gone sends the family to sign in, remembering the page', () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'session.stored', user: alice, record: recordFor(alice) });
    actor.send({ type: 'auth.changed', user: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'revoked' });
    expect(actor.getSnapshot().context).toEqual({ user: null, record: null });
    expect(lookupUser.runs).toHaveLength(0);
    expect(gateDecision(actor.getSnapshot(), '/saved')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fsaved',
    });
  });

  it('the kept account under a new email is looked up again, behind Loading...', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'session.stored', user: alice, record: recordFor(alice) });
    const renamed = { ...alice, email: 'alice.new@example.com' };
    actor.send({ type: 'auth.changed', user: renamed });
    expect(actor.getSnapshot().context).toEqual({ user: renamed, record: null });
    expect(gateDecision(actor.getSnapshot(), '/search')).toEqual({ kind: 'loading' });
    expect(lookupUser.runs.map((run) => run.input.user)).toEqual([renamed]);
  });

  it('another account than the kept one waits behind Loading... for its own lookup', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'session.stored', user: alice, record: recordFor(alice) });
    actor.send({ type: 'auth.changed', user: bob });
    expect(actor.getSnapshot().context).toEqual({ user: bob, record: null });
    expect(gateDecision(actor.getSnapshot(), '/search')).toEqual({ kind: 'loading' });
    await lookupUser.resolve(recordFor(bob));
    expect(actor.getSnapshot().context.record).toEqual(recordFor(bob));
  });

  it('a kept profile deleted since is dropped, and the family goes to onboarding', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'session.stored', user: alice, record: recordFor(alice) });
    actor.send({ type: 'auth.changed', user: alice });
    await lookupUser.resolve(null);
    expect(actor.getSnapshot().context).toEqual({ user: alice, record: null });
    expect(gateDecision(actor.getSnapshot(), '/search')).toEqual({
      kind: 'redirect',
      to: '/onboarding?redirect=%2Fsearch',
    });
  });

  it('a failed confirmation keeps the kept record, logged, rather than sending them to onboarding', async () => {
    const { actor, lookupUser, logLookupError } = startGate();
    actor.send({ type: 'session.stored', user: alice, record: recordFor(alice) });
    actor.send({ type: 'auth.changed', user: alice });
    const failure = new Error('503: Service Unavailable');
    await lookupUser.reject(failure);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'hasRecord' });
    expect(actor.getSnapshot().context.record).toEqual(recordFor(alice));
    expect(logLookupError).toHaveBeenCalledWith(expect.anything(), { error: failure });
  });

  it('/auth waits for the confirmation before sending a returning family on', async () => {
    const { actor, lookupUser } = startGate();
    actor.send({ type: 'session.stored', user: alice, record: recordFor(alice) });
    expect(gateDecision(actor.getSnapshot(), '/auth?redirect=%2Fsaved', '/saved')).toEqual({
      kind: 'loading',
    });
    actor.send({ type: 'auth.changed', user: alice });
    await lookupUser.resolve(recordFor(alice));
    expect(gateDecision(actor.getSnapshot(), '/auth?redirect=%2Fsaved', '/saved')).toEqual({
      kind: 'redirect',
      to: '/saved',
    });
  });

  it('a visitor who arrives signed out is sent to sign in with the page remembered', () => {
    const { actor } = startGate();
    actor.send({ type: 'auth.changed', user: null });
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
    '/auth//',
    '/Privacy-Policy///',
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
    '/x/auth/spotify/callback',
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
  // Resolved in each test, not while the tests are collected: a machine that cannot resolve it
  // fails those tests instead of the whole file.
  const signedOut = () =>
    authGateMachine.resolveState({
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

  it('sends a signed-in user without a profile to onboarding from every signed-in page', () => {
    for (const href of ['/profile', '/profile/edit', '/event-detail', '/poll/p1', '/nowhere']) {
      expect(gateDecision(signedIn(null), href), href).toEqual({
        kind: 'redirect',
        to: `/onboarding?redirect=${encodeURIComponent(href)}`,
      });
    }
    // Onboarding itself, however it is spelt, and with where to go afterwards.
    for (const href of ['/onboarding', '/Onboarding/', '/onboarding?redirect=%2Fsaved']) {
      expect(gateDecision(signedIn(null), href), href).toEqual({ kind: 'render' });
    }
    expect(gateDecision(signedIn(null), '/?shake=true')).toEqual({
      kind: 'redirect',
      to: '/onboarding?redirect=%2F%3Fshake%3Dtrue',
    });
  });

  it('sends a visitor on /auth/spotify (not a callback) to sign in', () => {
    expect(gateDecision(signedOut(), '/auth/spotify')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fauth%2Fspotify',
    });
    expect(gateDecision(signedOut(), '/no-such-page')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fno-such-page',
    });
  });

  it('keeps the query and hash of the page a visitor was opening, but not of / itself', () => {
    expect(gateDecision(signedOut(), '/search?category=music#results')).toEqual({
      kind: 'redirect',
      to: `/auth?redirect=${encodeURIComponent('/search?category=music#results')}`,
    });
    expect(gateDecision(signedOut(), '/?date=weekend')).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2F%3Fdate%3Dweekend',
    });
    expect(gateDecision(signedOut(), '/')).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('reads the path of an address with a query on the public pages', () => {
    expect(gateDecision(signedOut(), '/auth?redirect=%2Fsaved')).toEqual({ kind: 'render' });
    expect(gateDecision(signedOut(), '/privacy-policy#cookies')).toEqual({ kind: 'render' });
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
