import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic, type StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { UserRecord } from '../contract/user.ts';
import {
  currentStep,
  EmailNotVerifiedError,
  type OnboardingAnswers,
  type OnboardingContext,
  type OnboardingEvent,
  type OnboardingInput,
  onboardingMachine,
  onboardingProgress,
} from './onboarding.ts';
import {
  describeModel,
  describePath,
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

const record: UserRecord = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  familySituation: 'teens',
  musicPreferences: ['Jazz'],
  musicArtists: [],
  location: 'Oakland, CA',
  photoUpdatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const serverError = new Error('500: boom');
const unverified = new EmailNotVerifiedError('Verify your email address first.');

const signedIn: OnboardingInput = { postsProfile: true };
const signedOut: OnboardingInput = { postsProfile: false };
const editing: OnboardingInput = {
  mode: 'edit',
  postsProfile: true,
  answers: { familyGroups: ['young_kids'], genres: ['Pop'], location: 'San Francisco, CA' },
};

function startOnboarding(input: OnboardingInput) {
  const saveProfile = createPromiseActorController<UserRecord, OnboardingAnswers>();
  const resendVerification = createPromiseActorController<void, void>();
  const checkVerified = createPromiseActorController<boolean, void>();
  const actions = {
    profileSaved: vi.fn((_args: unknown, _params: { record: UserRecord }) => undefined),
    returnToProfile: vi.fn(),
    reportSaveError: vi.fn((_args: unknown, _params: { error: unknown }) => undefined),
    reportResent: vi.fn(),
    reportResendError: vi.fn((_args: unknown, _params: { error: unknown }) => undefined),
    reportStillUnverified: vi.fn(),
    reportCheckError: vi.fn((_args: unknown, _params: { error: unknown }) => undefined),
  };
  const actor = createActor(
    onboardingMachine.provide({
      actors: {
        saveProfile: saveProfile.logic,
        resendVerification: resendVerification.logic,
        checkVerified: checkVerified.logic,
      },
      actions,
    }),
    { input },
  );
  actor.start();
  return { actor, saveProfile, resendVerification, checkVerified, actions };
}

describeModel('onboarding model', () => {
  const testMachine = toTestMachine(onboardingMachine);
  type TestEvent = EventFromLogic<typeof testMachine>;
  const events = (): TestEvent[] => [
    { type: 'user.next' },
    { type: 'user.back' },
    { type: 'user.chooseAge', ageRange: '26-35' },
    { type: 'user.toggleGroup', id: 'teens' },
    { type: 'user.toggleGenre', genre: 'Jazz' },
    { type: 'user.setLocation', location: 'Oakland, CA' },
    { type: 'user.setLocation', location: '   ' },
    { type: 'user.resend' },
    { type: 'user.checkVerified' },
    { type: 'saveProfile.done', output: record },
    { type: 'saveProfile.error', error: serverError },
    { type: 'saveProfile.error', error: unverified },
    { type: 'resendVerification.done', output: undefined },
    { type: 'resendVerification.error', error: serverError },
    { type: 'checkVerified.done', output: true },
    { type: 'checkVerified.done', output: false },
    { type: 'checkVerified.error', error: serverError },
  ];
  const runs = [
    ['signed in', signedIn],
    ['signed out (/test-onboarding)', signedOut],
    ['editing', editing],
  ] as const;
  const pathsByRun = runs.map(([label, input]) => {
    const model = createTestModel(testMachine, { events, input });
    return model.getShortestPaths().map((path) => ({ label, input, path }));
  });
  const allPaths = pathsByRun.flat();

  const nameEvent = (event: OnboardingEvent | EventFromLogic<typeof testMachine>): string => {
    if ('ageRange' in event) return `${event.type}(${event.ageRange})`;
    if ('id' in event) return `${event.type}(${event.id})`;
    if ('genre' in event) return `${event.type}(${event.genre})`;
    if ('location' in event) return `${event.type}(${JSON.stringify(event.location)})`;
    if ('error' in event) return `${event.type}(${String(event.error)})`;
    if ('output' in event && typeof event.output === 'boolean') {
      return `${event.type}(${event.output})`;
    }
    return event.type;
  };
  const nameRun = ({ label, path }: (typeof allPaths)[number]) =>
    `${label}: ${describePath(path, nameEvent)}`;

  it('has exactly the chart events', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'checkVerified.done',
      'checkVerified.error',
      'resendVerification.done',
      'resendVerification.error',
      'saveProfile.done',
      'saveProfile.error',
      'user.back',
      'user.checkVerified',
      'user.chooseAge',
      'user.next',
      'user.resend',
      'user.setLocation',
      'user.toggleGenre',
      'user.toggleGroup',
    ]);
  });

  it('is the reviewed chart (docs/product.md#spec-4-onboarding)', () => {
    expect(describeChartTransitions(onboardingMachine)).toEqual([
      'onboarding.age --user.back--> onboarding.welcome actions:0',
      'onboarding.age --user.chooseAge--> (none) actions:1',
      'onboarding.age --user.next [hasAgeRange]--> onboarding.family actions:0',
      'onboarding.family --user.back [not(editing)]--> onboarding.age actions:0',
      'onboarding.family --user.next [hasFamilyGroup]--> onboarding.music actions:0',
      'onboarding.family --user.toggleGroup--> (none) actions:1',
      'onboarding.location --user.back--> onboarding.music actions:0',
      'onboarding.location --user.next [and(hasLocation, postsProfile)]--> onboarding.saving actions:0',
      'onboarding.location --user.next [hasLocation]--> onboarding.complete actions:0',
      'onboarding.location --user.setLocation--> (none) actions:1',
      'onboarding.music --user.back--> onboarding.family actions:0',
      'onboarding.music --user.next [hasGenre]--> onboarding.location actions:0',
      'onboarding.music --user.toggleGenre--> (none) actions:1',
      'onboarding.saving --saveProfile.done [editing]--> onboarding.saved actions:2',
      'onboarding.saving --saveProfile.done--> onboarding.complete actions:1',
      'onboarding.saving --saveProfile.error [emailNotVerified]--> onboarding.verifyEmail actions:0',
      'onboarding.saving --saveProfile.error--> onboarding.location actions:1',
      'onboarding.start --(always) [editing]--> onboarding.family actions:0',
      'onboarding.start --(always)--> onboarding.welcome actions:0',
      'onboarding.verifyEmail --user.back--> onboarding.location actions:0',
      'onboarding.verifyEmail.checking --checkVerified.done [verified]--> onboarding.saving actions:0',
      'onboarding.verifyEmail.checking --checkVerified.done--> onboarding.verifyEmail.waiting actions:1',
      'onboarding.verifyEmail.checking --checkVerified.error--> onboarding.verifyEmail.waiting actions:1',
      'onboarding.verifyEmail.resending --resendVerification.done--> onboarding.verifyEmail.waiting actions:1',
      'onboarding.verifyEmail.resending --resendVerification.error--> onboarding.verifyEmail.waiting actions:1',
      'onboarding.verifyEmail.waiting --user.checkVerified--> onboarding.verifyEmail.checking actions:0',
      'onboarding.verifyEmail.waiting --user.resend--> onboarding.verifyEmail.resending actions:0',
      'onboarding.welcome --user.next--> onboarding.age actions:0',
    ]);
  });

  it('generates paths through every state and every transition (the three ways in together)', () => {
    expect(
      chartCoverage(
        testMachine,
        allPaths.map(({ path }) => path),
      ),
    ).toEqual({
      // A transient state: its `always` picks Welcome or Family before any snapshot exists.
      unvisitedStates: ['onboarding.start'],
      unvisitedTransitions: [],
    });
  });

  it.each(allPaths.map((entry) => [nameRun(entry), entry] as const))(
    'the real flow follows: %s',
    async (_description, { label, input, path }) => {
      const { actor, saveProfile, resendVerification, checkVerified, actions } =
        startOnboarding(input);
      await followPathWithOracle(
        path,
        actor,
        async (event) => {
          switch (event.type) {
            case 'saveProfile.done':
              return saveProfile.resolve(event.output);
            case 'saveProfile.error':
              return saveProfile.reject(event.error);
            case 'resendVerification.done':
              return resendVerification.resolve(undefined);
            case 'resendVerification.error':
              return resendVerification.reject(event.error);
            case 'checkVerified.done':
              return checkVerified.resolve(event.output);
            case 'checkVerified.error':
              return checkVerified.reject(event.error);
            default:
              actor.send(event as OnboardingEvent);
          }
        },
        {
          initial: startsAs[label],
          next: expectAfter,
          check: (snapshot, expected) => {
            expect(stateName(snapshot)).toBe(expected.state);
            expect(snapshot.context).toEqual(expected.context);
            // Each post carried the answers as they were, the location trimmed.
            expect(saveProfile.runs.map((run) => run.input)).toEqual(expected.posts);
            expect(resendVerification.runs).toHaveLength(expected.resends);
            expect(checkVerified.runs).toHaveLength(expected.checks);
            const calls = (effect: keyof typeof actions) =>
              actions[effect].mock.calls.map((call) => call[1] ?? null);
            expect({
              profileSaved: calls('profileSaved'),
              returnToProfile: calls('returnToProfile').length,
              reportSaveError: calls('reportSaveError'),
              reportResent: calls('reportResent').length,
              reportResendError: calls('reportResendError'),
              reportStillUnverified: calls('reportStillUnverified').length,
              reportCheckError: calls('reportCheckError'),
            }).toEqual(expected.effects);
            // The gating (docs/product.md#spec-4): Next only with the step answered, Back where there is one.
            expect(snapshot.can({ type: 'user.next' })).toBe(canGoOn(expected));
            expect(snapshot.can({ type: 'user.back' })).toBe(canGoBack(expected));
            expect(currentStep(snapshot)).toBe(stepShown(expected.state));
            expect(snapshot.status).toBe(
              expected.state === 'complete' || expected.state === 'saved' ? 'done' : 'active',
            );
          },
        },
      );
    },
  );
});

/** What the test expects of onboarding, worked out here and not by the machine. */
interface ExpectedOnboarding {
  /** 'welcome', 'verifyEmail.waiting', ... */
  state: string;
  context: OnboardingContext;
  posts: readonly OnboardingAnswers[];
  resends: number;
  checks: number;
  effects: {
    profileSaved: readonly unknown[];
    returnToProfile: number;
    reportSaveError: readonly unknown[];
    reportResent: number;
    reportResendError: readonly unknown[];
    reportStillUnverified: number;
    reportCheckError: readonly unknown[];
  };
}

const noEffects: ExpectedOnboarding['effects'] = {
  profileSaved: [],
  returnToProfile: 0,
  reportSaveError: [],
  reportResent: 0,
  reportResendError: [],
  reportStillUnverified: 0,
  reportCheckError: [],
};
const createAnswers = { ageRange: null, familyGroups: [], genres: [], location: '' } as const;

/** Where each run starts (docs/product.md#spec-4: Welcome; editing: Family with the stored answers). */
const startsAs: Record<
  'signed in' | 'signed out (/test-onboarding)' | 'editing',
  ExpectedOnboarding
> = {
  'signed in': {
    state: 'welcome',
    context: { mode: 'create', postsProfile: true, ...createAnswers },
    posts: [],
    resends: 0,
    checks: 0,
    effects: noEffects,
  },
  'signed out (/test-onboarding)': {
    state: 'welcome',
    context: { mode: 'create', postsProfile: false, ...createAnswers },
    posts: [],
    resends: 0,
    checks: 0,
    effects: noEffects,
  },
  editing: {
    state: 'family',
    context: {
      mode: 'edit',
      postsProfile: true,
      ageRange: null,
      familyGroups: ['young_kids'],
      genres: ['Pop'],
      location: 'San Francisco, CA',
    },
    posts: [],
    resends: 0,
    checks: 0,
    effects: noEffects,
  },
};

const toggle = <T>(list: readonly T[], item: T): readonly T[] =>
  list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];

function canGoOn({ state, context }: ExpectedOnboarding): boolean {
  switch (state) {
    case 'welcome':
      return true;
    case 'age':
      return context.ageRange !== null;
    case 'family':
      return context.familyGroups.length > 0;
    case 'music':
      return context.genres.length > 0;
    case 'location':
      return context.location.trim() !== '';
    default:
      return false;
  }
}

function canGoBack({ state, context }: ExpectedOnboarding): boolean {
  if (state === 'family') return context.mode !== 'edit';
  return ['age', 'music', 'location'].includes(state) || state.startsWith('verifyEmail.');
}

function stepShown(state: string): string {
  if (state.startsWith('verifyEmail.')) return 'verifyEmail';
  return state === 'saving' || state === 'saved' ? 'location' : state;
}

/** docs/product.md#spec-4-onboarding step by step, with the chart's decisions where the spec is silent. */
function expectAfter(
  expected: ExpectedOnboarding,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof onboardingMachine>>>,
): ExpectedOnboarding {
  const { state, context, effects } = expected;
  const at = (next: string, more: Partial<ExpectedOnboarding> = {}) => ({
    ...expected,
    state: next,
    ...more,
  });
  const answer = (more: Partial<OnboardingContext>) => ({
    ...expected,
    context: { ...context, ...more },
  });
  const post = () =>
    at('saving', {
      posts: [
        ...expected.posts,
        {
          ageRange: context.ageRange,
          familyGroups: context.familyGroups,
          genres: context.genres,
          location: context.location.trim(),
        },
      ],
    });
  const waiting = (more: Partial<ExpectedOnboarding['effects']>) =>
    at('verifyEmail.waiting', { effects: { ...effects, ...more } });
  switch (event.type) {
    case 'user.chooseAge':
      return state === 'age' ? answer({ ageRange: event.ageRange }) : expected;
    case 'user.toggleGroup':
      return state === 'family'
        ? answer({ familyGroups: toggle(context.familyGroups, event.id) })
        : expected;
    case 'user.toggleGenre':
      return state === 'music' ? answer({ genres: toggle(context.genres, event.genre) }) : expected;
    case 'user.setLocation':
      return state === 'location' ? answer({ location: event.location }) : expected;
    case 'user.next': {
      if (!canGoOn(expected)) return expected;
      const following: Record<string, string> = {
        welcome: 'age',
        age: 'family',
        family: 'music',
        music: 'location',
      };
      if (state !== 'location') return at(following[state] ?? state);
      return context.postsProfile ? post() : at('complete');
    }
    case 'user.back': {
      if (!canGoBack(expected)) return expected;
      if (state.startsWith('verifyEmail.')) return at('location');
      const previous: Record<string, string> = {
        age: 'welcome',
        family: 'age',
        music: 'family',
        location: 'music',
      };
      return at(previous[state] ?? state);
    }
    case 'saveProfile.done':
      if (state !== 'saving') return expected;
      return context.mode === 'edit'
        ? at('saved', {
            effects: {
              ...effects,
              profileSaved: [...effects.profileSaved, { record: event.output }],
              returnToProfile: effects.returnToProfile + 1,
            },
          })
        : at('complete', {
            effects: {
              ...effects,
              profileSaved: [...effects.profileSaved, { record: event.output }],
            },
          });
    case 'saveProfile.error':
      if (state !== 'saving') return expected;
      // 403 email_not_verified waits on "check your inbox"; any other failure stays on Location.
      return event.error === unverified
        ? at('verifyEmail.waiting')
        : at('location', {
            effects: {
              ...effects,
              reportSaveError: [...effects.reportSaveError, { error: event.error }],
            },
          });
    case 'user.resend':
      return state === 'verifyEmail.waiting'
        ? at('verifyEmail.resending', { resends: expected.resends + 1 })
        : expected;
    case 'user.checkVerified':
      return state === 'verifyEmail.waiting'
        ? at('verifyEmail.checking', { checks: expected.checks + 1 })
        : expected;
    case 'resendVerification.done':
      return state === 'verifyEmail.resending'
        ? waiting({ reportResent: effects.reportResent + 1 })
        : expected;
    case 'resendVerification.error':
      return state === 'verifyEmail.resending'
        ? waiting({ reportResendError: [...effects.reportResendError, { error: event.error }] })
        : expected;
    case 'checkVerified.done':
      if (state !== 'verifyEmail.checking') return expected;
      return event.output
        ? post()
        : waiting({ reportStillUnverified: effects.reportStillUnverified + 1 });
    case 'checkVerified.error':
      return state === 'verifyEmail.checking'
        ? waiting({ reportCheckError: [...effects.reportCheckError, { error: event.error }] })
        : expected;
    default:
      return expected;
  }
}

const stateName = (snapshot: { value: StateValue }): string =>
  typeof snapshot.value === 'string'
    ? snapshot.value
    : Object.entries(snapshot.value)
        .map(([parent, child]) => `${parent}.${String(child)}`)
        .join();

describe('onboarding details', () => {
  it("every effect is the route's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(onboardingMachine, 'the route', {
      actions: [
        'profileSaved',
        'returnToProfile',
        'reportSaveError',
        'reportResent',
        'reportResendError',
        'reportStillUnverified',
        'reportCheckError',
      ],
      actors: ['saveProfile', 'resendVerification', 'checkVerified'],
    });
  });

  it('editing always saves (PUT), whatever the sign-in state says', () => {
    const { actor } = startOnboarding({ mode: 'edit', postsProfile: false });
    expect(actor.getSnapshot().context).toEqual({
      mode: 'edit',
      postsProfile: true,
      ageRange: null,
      familyGroups: [],
      genres: [],
      location: '',
    });
  });

  it('the 403 error is recognisable by its name', () => {
    expect(new EmailNotVerifiedError('x').name).toBe('EmailNotVerifiedError');
  });

  it('gates every answer step exactly as docs/product.md#spec-4 says', () => {
    const { actor } = startOnboarding(signedIn);
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('age');
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('age');
    actor.send({ type: 'user.chooseAge', ageRange: '36-45' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('family');
    actor.send({ type: 'user.toggleGroup', id: 'tweens' });
    actor.send({ type: 'user.toggleGroup', id: 'tweens' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('family');
    actor.send({ type: 'user.toggleGroup', id: 'tweens' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('music');
    actor.send({ type: 'user.toggleGenre', genre: 'Rock' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.setLocation', location: '  ' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('location');
  });

  it('a failed post stays on Location with every answer kept, and can be tried again', async () => {
    const { actor, saveProfile, actions } = startOnboarding(signedIn);
    for (const event of [
      { type: 'user.next' },
      { type: 'user.chooseAge', ageRange: '26-35' },
      { type: 'user.next' },
      { type: 'user.toggleGroup', id: 'young_kids' },
      { type: 'user.toggleGroup', id: 'teens' },
      { type: 'user.next' },
      { type: 'user.toggleGenre', genre: 'Jazz' },
      { type: 'user.next' },
      { type: 'user.setLocation', location: ' Oakland, CA ' },
      { type: 'user.next' },
    ] satisfies OnboardingEvent[]) {
      actor.send(event);
    }
    expect(saveProfile.runs[0]?.input).toEqual({
      ageRange: '26-35',
      familyGroups: ['young_kids', 'teens'],
      genres: ['Jazz'],
      location: 'Oakland, CA',
    });
    await saveProfile.reject(serverError);
    expect(actor.getSnapshot().value).toBe('location');
    expect(actions.reportSaveError).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.location).toBe(' Oakland, CA ');
    actor.send({ type: 'user.next' });
    await saveProfile.resolve(record);
    expect(actor.getSnapshot().value).toBe('complete');
    expect(actions.profileSaved).toHaveBeenCalledExactlyOnceWith(expect.anything(), { record });
  });

  it('signed out it reaches Complete without posting', () => {
    const { actor, saveProfile } = startOnboarding(signedOut);
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.chooseAge', ageRange: '56+' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleGroup', id: 'mixed_ages' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleGenre', genre: 'Family' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.setLocation', location: 'Austin, TX' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(saveProfile.runs).toEqual([]);
  });

  it('editing starts at Family with the stored answers and cannot go back to Age', () => {
    const { actor } = startOnboarding(editing);
    expect(actor.getSnapshot().value).toBe('family');
    expect(actor.getSnapshot().context).toMatchObject(editing.answers ?? {});
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().value).toBe('family');
  });

  it('an unverified address waits for the check, then posts again', async () => {
    const { actor, saveProfile, checkVerified, actions } = startOnboarding(editing);
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    await saveProfile.reject(unverified);
    expect(actor.getSnapshot().value).toEqual({ verifyEmail: 'waiting' });
    expect(actions.reportSaveError).not.toHaveBeenCalled();
    actor.send({ type: 'user.checkVerified' });
    await checkVerified.resolve(true);
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saveProfile.runs).toHaveLength(2);
  });

  it('fails loudly when the route forgot an effect', async () => {
    const actor = createActor(onboardingMachine, { input: signedIn });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.chooseAge', ageRange: '56+' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleGroup', id: 'teens' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleGenre', genre: 'Pop' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.setLocation', location: 'Reno, NV' });
    actor.send({ type: 'user.next' });
    await vi.waitFor(() =>
      expect(errors).toEqual([new Error('reportSaveError must be provided by the route')]),
    );
  });
});

describe('onboarding progress', () => {
  it("says 'Step n of 6' with n/6 as a whole percentage", () => {
    const steps = ['welcome', 'age', 'family', 'music', 'location', 'complete'] as const;
    expect(steps.map((step) => onboardingProgress('create', step))).toEqual([
      { step: 1, total: 6, percent: 17, label: 'Step 1 of 6' },
      { step: 2, total: 6, percent: 33, label: 'Step 2 of 6' },
      { step: 3, total: 6, percent: 50, label: 'Step 3 of 6' },
      { step: 4, total: 6, percent: 67, label: 'Step 4 of 6' },
      { step: 5, total: 6, percent: 83, label: 'Step 5 of 6' },
      { step: 6, total: 6, percent: 100, label: 'Step 6 of 6' },
    ]);
  });

  it('editing counts its own three steps; saving and "check your inbox" stay on Location', () => {
    expect(onboardingProgress('edit', 'family').label).toBe('Step 1 of 3');
    expect(onboardingProgress('edit', 'location').percent).toBe(100);
    expect(onboardingProgress('create', 'verifyEmail').label).toBe('Step 5 of 6');
    // A step that is not one of the mode's own counts as the last (edit mode has no Welcome).
    expect(onboardingProgress('edit', 'welcome')).toEqual({
      step: 3,
      total: 3,
      percent: 100,
      label: 'Step 3 of 3',
    });
    const { actor } = startOnboarding(editing);
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    expect(currentStep(actor.getSnapshot())).toBe('location');
  });
});
