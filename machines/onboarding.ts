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
    hasAgeRange: ({ context }) => context.ageRange !== null,
    hasFamilyGroup: ({ context }) => context.familyGroups.length > 0,
    hasGenre: ({ context }) => context.genres.length > 0,
    hasLocation: ({ context }) => context.location.trim() !== '',
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
      always: [{ guard: 'editing', target: 'family' }, { target: 'welcome' }],
    },
    welcome: {
      on: { 'user.next': { target: 'age' } },
    },
    age: {
      on: {
        'user.chooseAge': { actions: 'chooseAge' },
        'user.next': { guard: 'hasAgeRange', target: 'family' },
        'user.back': { target: 'welcome' },
      },
    },
    family: {
      on: {
        'user.toggleGroup': { actions: 'toggleGroup' },
        'user.next': { guard: 'hasFamilyGroup', target: 'music' },
        'user.back': { guard: not('editing'), target: 'age' },
      },
    },
    music: {
      on: {
        'user.toggleGenre': { actions: 'toggleGenre' },
        'user.next': { guard: 'hasGenre', target: 'location' },
        'user.back': { target: 'family' },
      },
    },
    location: {
      on: {
        'user.setLocation': { actions: 'setLocation' },
        'user.next': [
          { guard: and(['hasLocation', 'postsProfile']), target: 'saving' },
          { guard: 'hasLocation', target: 'complete' },
        ],
        'user.back': { target: 'music' },
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

type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/** The steps a person sees, in order: the chart's step states (saving shows Location). */
const onboardingSteps = {
  create: ['welcome', 'age', 'family', 'music', 'location', 'complete'],
  edit: ['family', 'music', 'location'],
} as const;
export type OnboardingStep =
  | (typeof onboardingSteps)['create'][number]
  | (typeof onboardingSteps)['edit'][number];

/** The step on screen for a snapshot: saving and "check your inbox" keep Location's place. */
export function currentStep(snapshot: OnboardingSnapshot): OnboardingStep | 'verifyEmail' {
  if (snapshot.matches('verifyEmail')) return 'verifyEmail';
  if (snapshot.matches('saving') || snapshot.matches('saved') || snapshot.matches('start')) {
    return snapshot.matches('start') ? 'welcome' : 'location';
  }
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
