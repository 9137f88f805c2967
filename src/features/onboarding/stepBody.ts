import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UserRecord } from '../../../contract/user.ts';
import type { OnboardingSnapshot, onboardingMachine } from '../../../machines/onboarding.ts';
import type { Coordinates } from '../../app/appStateStore.ts';
import type { MusicConnection, MusicService } from '../music/MusicServices.tsx';

export type MusicConnections = Partial<Record<MusicService, MusicConnection>>;

/** A GPS answer: the place it resolved to and the coordinates behind it. */
export interface GpsPlace {
  place: string;
  coordinates: Coordinates;
}

/** What the flow keeps across its steps (a step's body comes and goes with its step). */
export interface OnboardingFlowState {
  /** A GPS answer's coordinates, kept while the location text is still that place. */
  gpsPlace: RefObject<GpsPlace | null>;
  /** Connected music services: their artists go into the profile, their genres were ticked. */
  musicConnections: MusicConnections;
  setMusicConnections: Dispatch<SetStateAction<MusicConnections>>;
  /** A record the API returned: the current user, the gate's record and the lookup's cache. */
  rememberRecord: (record: UserRecord) => void;
}

/** What every step's body is given (stepViews.tsx); each takes what it needs. */
export interface StepBodyProps {
  /** The step's heading: a question's group takes it as its label. */
  headingId: string;
  /** The chart now: its answers (`context`) and its state. */
  snapshot: OnboardingSnapshot;
  /** Where the body sends its answers and moves. */
  actor: ActorRefFrom<typeof onboardingMachine>;
  flow: OnboardingFlowState;
}
