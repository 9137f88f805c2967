/**
 * Onboarding (docs/product.md#spec-2-onboarding, 4 "Onboarding", 5 "Onboarding", 8 "Profile creation
 * failure") and the profile's 'Edit preferences', which walks the same steps prefilled.
 *
 *   welcome     --user.next-->                 age
 *   age         --user.next [hasAgeRange]-->   family        --user.back--> welcome
 *   family      --user.next [hasFamilyGroup]-> music         --user.back [creating]--> age
 *   music       --user.next [hasGenre]-->      location      --user.back--> family
 *   location    --user.next [hasLocation, postsProfile]--> saving   ('Complete Setup' / 'Save')
 *   location    --user.next [hasLocation]-->   complete      (signed out: /test-onboarding posts nothing)
 *   location    --user.back-->                 music
 *   saving      --saveProfile.done [editing]--> saved        (profileSaved, returnToProfile)
 *   saving      --saveProfile.done-->          complete      (profileSaved)
 *   saving      --saveProfile.error [emailNotVerified]--> verifyEmail.waiting
 *   saving      --saveProfile.error-->         location      (reportSaveError; answers kept)
 *   verifyEmail.waiting  --user.resend-->      verifyEmail.resending  --done/error--> waiting
 *   verifyEmail.waiting  --user.checkVerified--> verifyEmail.checking
 *   verifyEmail.checking --checkVerified.done [verified]--> saving (the post again)
 *   verifyEmail.checking --checkVerified.done / error--> waiting (reportStillUnverified / reportCheckError)
 *   verifyEmail --user.back--> location
 *   (answer steps) user.chooseAge / user.toggleGroup / user.toggleGenre / user.setLocation
 *
 * Decisions where the spec is silent:
 * - The progress is 'Step n of 6' with n/6 as a whole percentage (17, 33, 50, 67, 83, 100): see
 *   `onboardingProgress`.
 * - Gating lives in the chart (the guards), not only in a disabled button: Next on an unanswered
 *   step changes nothing.
 * - The Age step's answer (the adult's own range) is asked, as the spec says, but not posted: docs/product.md
 *   7's body has no field for it. For the same reason 'Edit preferences' starts at Family: an age
 *   that is never stored cannot be prefilled, and asking it again would change nothing.
 * - Editing has no Welcome or Complete: its three steps end in 'Save', which returns to /profile.
 * - With a real Firebase project an unverified address is refused (403 email_not_verified): a
 *   "check your inbox" step offers a resend and "I've verified it", which retries the post once
 *   Firebase confirms the address; its Back returns to Location with the answers kept.
 *
 * Pure: the route supplies `saveProfile` (POST /api/users or PUT /api/users/me; it rejects with
 * `EmailNotVerifiedError` for the 403), `resendVerification`, `checkVerified`, and the actions
 * `profileSaved`, `returnToProfile`, `reportSaveError`, `reportResent`, `reportResendError`,
 * `reportStillUnverified`, `reportCheckError` with `.provide()`.
 */
import { and, assign, fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import type { AgeRange, FamilyGroupId, MusicGenre } from '../contract/family.ts';
import type { UserRecord } from '../contract/user.ts';

export type OnboardingMode = 'create' | 'edit';

export interface OnboardingAnswers {
  ageRange: AgeRange | null;
  familyGroups: readonly FamilyGroupId[];
  genres: readonly MusicGenre[];
  /** As typed or resolved; trimmed only when saved. */
  location: string;
}

export interface OnboardingContext extends OnboardingAnswers {
  mode: OnboardingMode;
  /** Whether finishing posts a profile: signed in with an email (docs/product.md#spec-7), or editing. */
  postsProfile: boolean;
}

export interface OnboardingInput {
  mode?: OnboardingMode;
  postsProfile: boolean;
  /** Edit mode starts from the stored record's answers. */
  answers?: Partial<OnboardingAnswers>;
}

/** The saveProfile actor rejects with this when the API refuses an unverified address (403). */
export class EmailNotVerifiedError extends Error {
  override name = 'EmailNotVerifiedError';
}

export type OnboardingEvent =
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.chooseAge'; ageRange: AgeRange }
  | { type: 'user.toggleGroup'; id: FamilyGroupId }
  | { type: 'user.toggleGenre'; genre: MusicGenre }
  | { type: 'user.setLocation'; location: string }
  /** "check your inbox": 'Resend email' and "I've verified it". */
  | { type: 'user.resend' }
  | { type: 'user.checkVerified' };

function toggled<T>(list: readonly T[], item: T): readonly T[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

interface StepRow {
  step: string;
  /**
   * What must be answered before Next: the chart's guard, by name, and its test of the answers.
   * Null: Next is always open.
   */
  gate: { guard: string; answered: (answers: OnboardingAnswers) => boolean } | null;
  /** 'Edit preferences' walks this step too (it has no Welcome, Age or Complete). */
  editable: boolean;
}

/**
 * The steps a person walks, in order, each with its gate. The order and the gates are written
 * here only: the answer guards, each step's Next and Back targets, where editing starts and the
 * progress ('Step n of 6') all follow from this table. A new answer step is a row here (before
 * Location, which saves), its answer in OnboardingAnswers, and its state in the chart below.
 */
export const onboardingStepTable = [
  { step: 'welcome', gate: null, editable: false },
  {
    step: 'age',
    gate: { guard: 'hasAgeRange', answered: (answers) => answers.ageRange !== null },
    editable: false,
  },
  {
    step: 'family',
    gate: { guard: 'hasFamilyGroup', answered: (answers) => answers.familyGroups.length > 0 },
    editable: true,
  },
  {
    step: 'music',
    gate: { guard: 'hasGenre', answered: (answers) => answers.genres.length > 0 },
    editable: true,
  },
  {
    step: 'location',
    gate: { guard: 'hasLocation', answered: (answers) => answers.location.trim() !== '' },
    editable: true,
  },
  { step: 'complete', gate: null, editable: false },
] as const satisfies readonly StepRow[];

type StepTableRow = (typeof onboardingStepTable)[number];
type GatedRow = Extract<StepTableRow, { gate: object }>;
type AnswerGuard = GatedRow['gate']['guard'];
export type OnboardingStep = StepTableRow['step'];

const hasGate = (row: StepTableRow): row is GatedRow => row.gate !== null;

/** The answer guards (hasAgeRange, ...) by name, as the chart names them. */
const answerGuards = Object.fromEntries(
  onboardingStepTable
    .filter(hasGate)
    .map(({ gate }) => [
      gate.guard,
      ({ context }: { context: OnboardingContext }) => gate.answered(context),
    ]),
) as Record<AnswerGuard, (args: { context: OnboardingContext }) => boolean>;

/** The steps a person sees in each mode, in order: the chart's step states (saving shows Location). */
const onboardingSteps: Record<OnboardingMode, readonly OnboardingStep[]> = {
  create: onboardingStepTable.map((row) => row.step),
  edit: onboardingStepTable.filter((row) => row.editable).map((row) => row.step),
};

/** The row `offset` places from `step` in the table (0: its own, 1: the next, -1: the one before). */
function rowAt(step: OnboardingStep, offset: number): StepTableRow {
  const row =
    onboardingStepTable[onboardingStepTable.findIndex((each) => each.step === step) + offset];
  // Stryker disable next-line ConditionalExpression,BlockStatement,StringLiteral: only a chart that asks for the step after Complete or before Welcome gets here, and then it fails as it loads.
  if (row === undefined) throw new Error(`onboarding: no step ${offset} from ${step}`);
  return row;
}

/** Next: through the step's gate (if it has one) to the step after it in the table. */
function nextFrom(step: OnboardingStep) {
  const { gate } = rowAt(step, 0);
  const target = rowAt(step, 1).step;
  return gate === null ? { target } : { guard: gate.guard, target };
}

/**
 * The last answer step's Next: through its gate to saving when finishing posts the profile, or
 * straight to the step after it (Complete) when it does not (signed out).
 */
function finishFrom(step: GatedRow['step']) {
  const { guard } = (rowAt(step, 0) as GatedRow).gate;
  return [
    { guard: and([guard, 'postsProfile']), target: 'saving' },
    { guard, target: rowAt(step, 1).step },
  ];
}

/**
 * Back to the step before in the table. Editing has no Back from its first step (the step before
 * is one it does not walk): there the screen offers Cancel.
 */
function backFrom(step: OnboardingStep) {
  const previous = rowAt(step, -1);
  return previous.editable || !rowAt(step, 0).editable
    ? { target: previous.step }
    : { guard: not('editing'), target: previous.step };
}

export const onboardingMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: {
    saveProfile: fromPromise<UserRecord, OnboardingAnswers>(async () => {
      throw new Error('saveProfile must be provided by the route');
    }),
    resendVerification: fromPromise<void, void>(async () => {
      throw new Error('resendVerification must be provided by the route');
    }),
    /** Reloads the Firebase user and its ID token; resolves whether the address is verified now. */
    checkVerified: fromPromise<boolean, void>(async () => {
      throw new Error('checkVerified must be provided by the route');
    }),
  },
  actions: {
    profileSaved: (_, _params: { record: UserRecord }) => {
      throw new Error('profileSaved must be provided by the route');
    },
    returnToProfile: () => {
      throw new Error('returnToProfile must be provided by the route');
    },
    reportSaveError: (_, _params: { error: unknown }) => {
      throw new Error('reportSaveError must be provided by the route');
    },
    reportResent: () => {
      throw new Error('reportResent must be provided by the route');
    },
    reportResendError: (_, _params: { error: unknown }) => {
      throw new Error('reportResendError must be provided by the route');
    },
    reportStillUnverified: () => {
      throw new Error('reportStillUnverified must be provided by the route');
    },
    reportCheckError: (_, _params: { error: unknown }) => {
      throw new Error('reportCheckError must be provided by the route');
    },
    chooseAge: assign({
      ageRange: ({ context, event }) =>
        event.type === 'user.chooseAge' ? event.ageRange : context.ageRange,
    }),
    toggleGroup: assign({
      familyGroups: ({ context, event }) =>
        event.type === 'user.toggleGroup'
          ? toggled(context.familyGroups, event.id)
          : context.familyGroups,
    }),
    toggleGenre: assign({
      genres: ({ context, event }) =>
        event.type === 'user.toggleGenre' ? toggled(context.genres, event.genre) : context.genres,
    }),
    setLocation: assign({
      location: ({ context, event }) =>
        event.type === 'user.setLocation' ? event.location : context.location,
    }),
  },
  guards: {
    ...answerGuards,
    postsProfile: ({ context }) => context.postsProfile,
    editing: ({ context }) => context.mode === 'edit',
    emailNotVerified: (_, params: { error: unknown }) =>
      params.error instanceof EmailNotVerifiedError,
    verified: (_, params: { verified: boolean }) => params.verified,
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    mode: input.mode ?? 'create',
    postsProfile: input.mode === 'edit' || input.postsProfile,
    ageRange: input.answers?.ageRange ?? null,
    familyGroups: input.answers?.familyGroups ?? [],
    genres: input.answers?.genres ?? [],
    location: input.answers?.location ?? '',
  }),
  initial: 'start',
  states: {
    /** Editing skips Welcome and Age (see the decisions above). */
    start: {
      always: [
        { guard: 'editing', target: onboardingSteps.edit[0] },
        { target: onboardingSteps.create[0] },
      ],
    },
    // The step states: each takes its answer; Next and Back follow onboardingStepTable.
    welcome: {
      on: { 'user.next': nextFrom('welcome') },
    },
    age: {
      on: {
        'user.chooseAge': { actions: 'chooseAge' },
        'user.next': nextFrom('age'),
        'user.back': backFrom('age'),
      },
    },
    family: {
      on: {
        'user.toggleGroup': { actions: 'toggleGroup' },
        'user.next': nextFrom('family'),
        'user.back': backFrom('family'),
      },
    },
    music: {
      on: {
        'user.toggleGenre': { actions: 'toggleGenre' },
        'user.next': nextFrom('music'),
        'user.back': backFrom('music'),
      },
    },
    /** The last answer step: its Next saves (signed in or editing) before Complete. */
    location: {
      on: {
        'user.setLocation': { actions: 'setLocation' },
        'user.next': finishFrom('location'),
        'user.back': backFrom('location'),
      },
    },
    saving: {
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({
          ageRange: context.ageRange,
          familyGroups: context.familyGroups,
          genres: context.genres,
          location: context.location.trim(),
        }),
        onDone: [
          {
            guard: 'editing',
            target: 'saved',
            actions: [
              { type: 'profileSaved', params: ({ event }) => ({ record: event.output }) },
              'returnToProfile',
            ],
          },
          {
            target: 'complete',
            actions: { type: 'profileSaved', params: ({ event }) => ({ record: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'emailNotVerified', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyEmail',
          },
          {
            target: 'location',
            actions: { type: 'reportSaveError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    verifyEmail: {
      initial: 'waiting',
      on: { 'user.back': { target: 'location' } },
      states: {
        waiting: {
          on: {
            'user.resend': { target: 'resending' },
            'user.checkVerified': { target: 'checking' },
          },
        },
        resending: {
          invoke: {
            src: 'resendVerification',
            onDone: { target: 'waiting', actions: 'reportResent' },
            onError: {
              target: 'waiting',
              actions: {
                type: 'reportResendError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        checking: {
          invoke: {
            src: 'checkVerified',
            onDone: [
              {
                guard: { type: 'verified', params: ({ event }) => ({ verified: event.output }) },
                target: '#onboarding.saving',
              },
              { target: 'waiting', actions: 'reportStillUnverified' },
            ],
            onError: {
              target: 'waiting',
              actions: {
                type: 'reportCheckError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
    },
    complete: { type: 'final' },
    /** Edit mode's end: the route has gone back to /profile. */
    saved: { type: 'final' },
  },
});

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/**
 * The step on screen for a snapshot: saving and "check your inbox" keep Location's place. (No
 * snapshot is ever in `start`: its `always` has chosen Welcome or Family before the first one.)
 */
export function currentStep(snapshot: OnboardingSnapshot): OnboardingStep | 'verifyEmail' {
  if (snapshot.matches('verifyEmail')) return 'verifyEmail';
  if (snapshot.matches('saving') || snapshot.matches('saved')) return 'location';
  return snapshot.value as OnboardingStep;
}

interface OnboardingProgress {
  /** 1-based. */
  step: number;
  total: number;
  /** Whole percent, n/total rounded: 'Step 1 of 6' is 17%. */
  percent: number;
  /** 'Step 1 of 6'. */
  label: string;
}

export function onboardingProgress(
  mode: OnboardingMode,
  step: OnboardingStep | 'verifyEmail',
): OnboardingProgress {
  const steps: readonly string[] = onboardingSteps[mode];
  // "check your inbox" stands between Location and Complete: it still counts as Location.
  const index = steps.indexOf(step === 'verifyEmail' ? 'location' : step);
  const position = index === -1 ? steps.length : index + 1;
  return {
    step: position,
    total: steps.length,
    percent: Math.round((position / steps.length) * 100),
    label: `Step ${position} of ${steps.length}`,
  };
}
