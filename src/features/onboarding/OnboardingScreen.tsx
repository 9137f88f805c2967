import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { parseFamilySituation } from '../../../contract/family.ts';
import type { UserRecord } from '../../../contract/user.ts';
import {
  EmailNotVerifiedError,
  type OnboardingAnswers,
  type OnboardingInput,
  type OnboardingMode,
  onboardingMachine,
} from '../../../machines/onboarding.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { createUser, updateOwnUser, userByEmailQueryOptions } from '../../api/users.ts';
import { useAppState, useAppStateStore } from '../../app/appState.tsx';
import { useAuth } from '../../app/auth.tsx';
import { useAuthGate } from '../../app/authGate.tsx';
import { inspect } from '../../app/inspector.ts';
import { musicGenres } from '../../domain/constants.ts';
import { LinkButton, useAlert, useToast } from '../../ui/index.ts';
import {
  confirmEmailVerified,
  isEmailNotVerified,
  resendVerificationEmail,
} from './emailVerification.ts';
import { i18n } from './messages.ts';
import * as styles from './onboarding.css.ts';
import { OnboardingActor } from './onboardingActor.ts';
import { connectedArtists, profileName, toCreateBody, toUpdateBody } from './profileBody.ts';
import { StepFrame } from './StepFrame.tsx';
import type { GpsPlace, MusicConnections } from './stepBody.ts';

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
          <h1 className={styles.stepTitle}>{i18n.t('onboarding.editFirst.title')}</h1>
          <p className={styles.stepLead}>{i18n.t('onboarding.editFirst.lead')}</p>
        </div>
        <LinkButton to="/onboarding" size="lg" fullWidth>
          {i18n.t('onboarding.editFirst.start')}
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
  const gpsPlace = useRef<GpsPlace | null>(null);
  // Connected music services: their artists go into the profile, their genres were ticked.
  const [musicConnections, setMusicConnections] = useState<MusicConnections>({});
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
          showToast({ title: i18n.t('onboarding.toast.saved') });
          void navigate({ to: '/profile' });
        },
        reportSaveError: (_, { error }) => {
          console.error('Saving the profile failed:', error);
          // docs/product.md#spec-8-profile-creation-failure.
          showAlert(
            mode === 'edit' ? apiErrorMessage(error) : i18n.t('onboarding.error.createFailed'),
          );
        },
        reportResent: () => showToast({ title: i18n.t('onboarding.toast.verificationSent') }),
        reportResendError: (_, { error }) => showAlert(apiErrorMessage(error)),
        reportStillUnverified: () => showAlert(i18n.t('onboarding.error.stillUnverified')),
        reportCheckError: (_, { error }) => {
          console.error('Checking the email verification failed:', error);
          showAlert(i18n.t('onboarding.error.checkFailed'));
        },
      },
    }),
  );
  return (
    <OnboardingActor.Provider logic={logic} options={{ input, inspect }}>
      <StepFrame
        mode={mode}
        flow={{ gpsPlace, musicConnections, setMusicConnections, rememberRecord }}
      />
    </OnboardingActor.Provider>
  );
}
