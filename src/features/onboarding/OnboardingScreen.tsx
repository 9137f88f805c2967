import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createActorContext } from '@xstate/react';
import {
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { fromPromise } from 'xstate';
import { parseFamilySituation } from '../../../contract/family.ts';
import type { UserRecord } from '../../../contract/user.ts';
import {
  currentStep,
  EmailNotVerifiedError,
  type OnboardingAnswers,
  type OnboardingInput,
  type OnboardingMode,
  type OnboardingStep,
  onboardingMachine,
  onboardingProgress,
} from '../../../machines/onboarding.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { createUser, updateOwnUser, userByEmailQueryOptions } from '../../api/users.ts';
import { useAppState, useAppStateStore } from '../../app/appState.tsx';
import type { Coordinates } from '../../app/appStateStore.ts';
import { useAuth } from '../../app/auth.tsx';
import { useAuthGate } from '../../app/authGate.tsx';
import { inspect } from '../../app/inspector.ts';
import { useRedirectAfterOnboarding } from '../../app/redirect.ts';
import { musicGenres } from '../../domain/constants.ts';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button, Icon, type IconName, LinkButton, useAlert, useToast } from '../../ui/index.ts';
// Static on purpose: onboarding's route chunk is already loaded only on /onboarding. Loaded lazily
// on its own, the music services made Rolldown move some 20 modules out of the entry into small
// shared chunks (/ +3.3 KB gz of chunk overhead, over its budget). MusicKit itself still loads
// only on the tap.
import { type MusicConnection, type MusicService, MusicServices } from '../music/MusicServices.tsx';
import { AgeStep, FamilyStep, GenreChoices } from './AnswerSteps.tsx';
import {
  confirmEmailVerified,
  isEmailNotVerified,
  resendVerificationEmail,
} from './emailVerification.ts';
import { LocationStep } from './LocationStep.tsx';
import * as styles from './onboarding.css.ts';
import { ProfilePhotoPicker } from './ProfilePhotoPicker.tsx';
import { connectedArtists, profileName, toCreateBody, toUpdateBody } from './profileBody.ts';

/**
 * The running onboarding chart: started by OnboardingScreen, the component of the three routes
 * that show onboarding (src/routes/_shell/onboarding.tsx, test-onboarding.tsx, profile_.edit.tsx).
 */
const OnboardingActor = createActorContext(onboardingMachine);

/** docs/product.md#spec-8-profile-creation-failure. */
export const PROFILE_CREATE_FAILED = 'There was an error creating your profile. Please try again.';
export const STILL_UNVERIFIED =
  "Your email address isn't verified yet. Open the link in the email we sent you, then try again.";
export const VERIFICATION_CHECK_FAILED =
  "We couldn't check your verification right now. Please try again.";

type ShownStep = OnboardingStep | 'verifyEmail';

const stepTexts: Record<ShownStep, { title: string; lead: string }> = {
  welcome: {
    title: "Welcome! Let's set up your FamJam",
    lead: 'A few quick questions so we can find events that fit your family. It takes about a minute.',
  },
  age: {
    title: "What's your age range?",
    lead: 'Choose one, so we can suggest things for you too.',
  },
  family: {
    title: 'Who are you exploring with?',
    lead: 'Choose every age group in your family. We use it to show events that fit.',
  },
  music: {
    title: 'What music do you enjoy?',
    lead: 'Pick at least one genre for concert and show ideas.',
  },
  location: {
    title: 'Where are you based?',
    lead: 'We look for events near you. You can change it any time from the header.',
  },
  verifyEmail: {
    title: 'Check your inbox',
    lead: 'We sent a verification link to your email address. Open it, then come back and choose "I\'ve verified it".',
  },
  complete: {
    title: "You're all set!",
    lead: 'Your family profile is ready. Time to find something fun to do.',
  },
};

const welcomeHighlights: { icon: IconName; text: string }[] = [
  { icon: 'sparkles', text: "Events that fit your kids' ages" },
  { icon: 'heart', text: 'Concerts and shows in the music you love' },
  { icon: 'mapPin', text: 'All of it near you' },
];

/** The answers stored in a record, for 'Edit preferences'. */
function storedAnswers(record: UserRecord): Partial<OnboardingAnswers> {
  return {
    familyGroups: parseFamilySituation(record.familySituation),
    // Names the app no longer offers are dropped: the step could not show or untick them.
    genres: musicGenres.filter((genre) => record.musicPreferences.includes(genre)),
    location: record.location,
  };
}

interface OnboardingScreenProps {
  mode: OnboardingMode;
}

/**
 * docs/product.md#spec-2-onboarding on machines/onboarding: six steps, or (mode 'edit', the profile's
 * 'Edit preferences') Family..Location prefilled from the stored record and saved with PUT.
 */
export function OnboardingScreen({ mode }: OnboardingScreenProps) {
  const { user } = useAuth();
  const currentUser = useAppState((state) => state.currentUser);
  if (mode === 'edit' && currentUser === null) {
    // Nothing stored yet to edit: the profile is created by onboarding.
    return (
      <div className={styles.screen}>
        <div className={styles.stepHead}>
          <h1 className={styles.stepTitle}>Set up your profile first</h1>
          <p className={styles.stepLead}>Your preferences are saved at the end of onboarding.</p>
        </div>
        <LinkButton to="/onboarding" size="lg" fullWidth>
          Start onboarding
        </LinkButton>
      </div>
    );
  }
  const input: OnboardingInput =
    mode === 'edit' && currentUser
      ? { mode, postsProfile: true, answers: storedAnswers(currentUser) }
      : { mode, postsProfile: Boolean(user?.email) };
  return <OnboardingFlow input={input} />;
}

function OnboardingFlow({ input }: { input: OnboardingInput }) {
  const mode = input.mode ?? 'create';
  const { user } = useAuth();
  const store = useAppStateStore();
  const gate = useAuthGate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const showToast = useToast();
  // A GPS answer's coordinates, kept while the location text is still that place.
  const gpsPlace = useRef<{ place: string; coordinates: Coordinates } | null>(null);
  // Connected music services: their artists go into the profile, their genres were ticked.
  const [musicConnections, setMusicConnections] = useState<
    Partial<Record<MusicService, MusicConnection>>
  >({});
  const musicArtists = useRef<string[] | null>(null);
  musicArtists.current = connectedArtists(Object.values(musicConnections));

  /** A record the API returned: the current user, the gate's record and the lookup's cache. */
  function rememberRecord(record: UserRecord) {
    store.setCurrentUser(record);
    gate.send({ type: 'onboarding.saved', record });
    queryClient.setQueryData(userByEmailQueryOptions(record.email).queryKey, record);
  }

  // Provided once, when the route mounts: the provider starts its actor from the first logic it is
  // given. The effects read what changes (the artists, the GPS place, the store) when they run.
  const [logic] = useState(() =>
    onboardingMachine.provide({
      actors: {
        saveProfile: fromPromise<UserRecord, OnboardingAnswers>(async ({ input: answers }) => {
          try {
            if (mode === 'edit') {
              const stored = store.getSnapshot().currentUser;
              return await updateOwnUser(
                toUpdateBody(answers, stored?.name ?? profileName(user), musicArtists.current),
              );
            }
            if (!user?.email) throw new Error('Only a signed-in account with an email posts');
            return await createUser(
              toCreateBody(
                answers,
                { displayName: user.displayName, email: user.email },
                musicArtists.current,
              ),
            );
          } catch (error) {
            if (isEmailNotVerified(error)) throw new EmailNotVerifiedError(apiErrorMessage(error));
            throw error;
          }
        }),
        resendVerification: fromPromise(resendVerificationEmail),
        checkVerified: fromPromise(confirmEmailVerified),
      },
      actions: {
        profileSaved: (_, { record }) => {
          rememberRecord(record);
          const gps = gpsPlace.current;
          store.setLocation(
            record.location,
            gps?.place === record.location ? gps.coordinates : null,
          );
        },
        returnToProfile: () => {
          showToast({ title: 'Preferences saved' });
          void navigate({ to: '/profile' });
        },
        reportSaveError: (_, { error }) => {
          console.error('Saving the profile failed:', error);
          showAlert(mode === 'edit' ? apiErrorMessage(error) : PROFILE_CREATE_FAILED);
        },
        reportResent: () => showToast({ title: 'Verification email sent' }),
        reportResendError: (_, { error }) => showAlert(apiErrorMessage(error)),
        reportStillUnverified: () => showAlert(STILL_UNVERIFIED),
        reportCheckError: (_, { error }) => {
          console.error('Checking the email verification failed:', error);
          showAlert(VERIFICATION_CHECK_FAILED);
        },
      },
    }),
  );
  return (
    <OnboardingActor.Provider logic={logic} options={{ input, inspect }}>
      <OnboardingSteps
        input={input}
        gpsPlace={gpsPlace}
        musicConnections={musicConnections}
        setMusicConnections={setMusicConnections}
        rememberRecord={rememberRecord}
      />
    </OnboardingActor.Provider>
  );
}

interface OnboardingStepsProps {
  input: OnboardingInput;
  gpsPlace: RefObject<{ place: string; coordinates: Coordinates } | null>;
  musicConnections: Partial<Record<MusicService, MusicConnection>>;
  setMusicConnections: Dispatch<SetStateAction<Partial<Record<MusicService, MusicConnection>>>>;
  rememberRecord: (record: UserRecord) => void;
}

/** The step the chart is in, its answers and the buttons that move it. */
function OnboardingSteps({
  input,
  gpsPlace,
  musicConnections,
  setMusicConnections,
  rememberRecord,
}: OnboardingStepsProps) {
  const mode = input.mode ?? 'create';
  const { user } = useAuth();
  const navigate = useNavigate();
  const redirect = useRedirectAfterOnboarding();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actor = OnboardingActor.useActorRef();
  const snapshot = OnboardingActor.useSelector((current) => current);
  const step = currentStep(snapshot);
  const progress = onboardingProgress(mode, step);
  const { context } = snapshot;
  const canGoOn = snapshot.can({ type: 'user.next' });
  const saving = snapshot.matches('saving');

  // Each step is a new page for a screen reader: move focus to its question (not on arrival).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  });

  const next = () => actor.send({ type: 'user.next' });
  const texts = stepTexts[step];

  let body: ReactNode = null;
  switch (step) {
    case 'welcome':
      body = (
        <ul className={styles.highlights}>
          {welcomeHighlights.map(({ icon, text }) => (
            <li key={text} className={styles.highlight}>
              <span className={styles.highlightIcon}>
                <Icon name={icon} size={22} />
              </span>
              {text}
            </li>
          ))}
        </ul>
      );
      break;
    case 'age':
      body = (
        <AgeStep
          labelledBy={headingId}
          value={context.ageRange}
          onChange={(ageRange) => actor.send({ type: 'user.chooseAge', ageRange })}
        />
      );
      break;
    case 'family':
      body = (
        <FamilyStep
          labelledBy={headingId}
          value={context.familyGroups}
          onToggle={(id) => actor.send({ type: 'user.toggleGroup', id })}
        />
      );
      break;
    case 'music':
      body = (
        <>
          <GenreChoices
            labelledBy={headingId}
            value={context.genres}
            onToggle={(genre) => actor.send({ type: 'user.toggleGenre', genre })}
          />
          <MusicServices
            connections={musicConnections}
            onConnected={(connection) => {
              setMusicConnections((current) => ({
                ...current,
                [connection.service]: connection,
              }));
              // Added to what the user picked, never taken away; they can still untick them.
              const picked = actor.getSnapshot().context.genres;
              for (const genre of connection.genres) {
                if (!picked.includes(genre)) actor.send({ type: 'user.toggleGenre', genre });
              }
            }}
          />
        </>
      );
      break;
    case 'location':
      body = (
        <LocationStep
          value={context.location}
          onChange={(location) => actor.send({ type: 'user.setLocation', location })}
          onGpsPlace={(place, coordinates) => {
            gpsPlace.current = { place, coordinates };
          }}
          onSubmit={next}
        />
      );
      break;
    case 'verifyEmail':
      body = (
        <div className={styles.services}>
          {user?.email ? (
            <p className={formStyles.statusLine}>
              The link goes to <strong>{user.email}</strong>.
            </p>
          ) : null}
          <Button
            size="lg"
            fullWidth
            isPending={snapshot.matches({ verifyEmail: 'checking' })}
            onPress={() => actor.send({ type: 'user.checkVerified' })}
          >
            I've verified it
          </Button>
          <Button
            variant="secondary"
            fullWidth
            icon="mail"
            isPending={snapshot.matches({ verifyEmail: 'resending' })}
            onPress={() => actor.send({ type: 'user.resend' })}
          >
            Resend email
          </Button>
        </div>
      );
      break;
    case 'complete':
      body = (
        <>
          {input.postsProfile ? (
            <ProfilePhotoPicker name={profileName(user)} onUploaded={rememberRecord} />
          ) : (
            <p className={formStyles.statusLine}>
              This is the preview of onboarding: nothing was saved. Sign in to keep your answers and
              add a profile photo.
            </p>
          )}
          <Button
            size="lg"
            fullWidth
            icon="compass"
            onPress={() => void navigate({ href: redirect })}
          >
            Let's Find Adventures!
          </Button>
          <Button
            variant="secondary"
            size="lg"
            fullWidth
            icon="sparkles"
            onPress={() => void navigate({ href: '/?shake=true' })}
          >
            Shake to Discover
          </Button>
        </>
      );
      break;
  }

  const lastStep = step === 'location';
  return (
    <div className={styles.screen}>
      <div className={styles.progress}>
        {mode === 'edit' ? <p className={formStyles.statusLine}>Edit preferences</p> : null}
        <div className={styles.progressLabels}>
          <span>{progress.label}</span>
          <span>{progress.percent}%</span>
        </div>
        <div
          className={styles.track}
          role="progressbar"
          aria-label={progress.label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
        >
          <div className={styles.fill} style={{ width: `${progress.percent}%` }} />
        </div>
      </div>

      <div className={styles.stepHead}>
        {step === 'welcome' || step === 'complete' ? (
          <span className={styles.illustration} aria-hidden="true">
            <Icon name={step === 'welcome' ? 'sparkles' : 'heart'} size={40} />
          </span>
        ) : null}
        <h1 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {texts.title}
        </h1>
        <p className={styles.stepLead}>
          {step === 'complete' && !input.postsProfile
            ? 'That is the whole tour. Here is where your adventures start.'
            : texts.lead}
        </p>
      </div>

      {body}

      {step === 'complete' ? null : (
        <div className={styles.nav}>
          {step === 'welcome' ? (
            <span className={styles.navSpacer} />
          ) : mode === 'edit' && step === 'family' ? (
            <LinkButton to="/profile" variant="outline" size="lg">
              Cancel
            </LinkButton>
          ) : (
            <Button
              variant="outline"
              size="lg"
              icon="chevronLeft"
              isDisabled={saving}
              onPress={() => actor.send({ type: 'user.back' })}
            >
              Back
            </Button>
          )}
          {step === 'verifyEmail' ? null : (
            <Button
              size="lg"
              iconEnd={lastStep ? undefined : 'chevronRight'}
              isDisabled={!canGoOn && !saving}
              isPending={saving}
              onPress={next}
            >
              {lastStep ? (mode === 'edit' ? 'Save' : 'Complete Setup') : 'Next'}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
