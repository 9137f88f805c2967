import { createActorContext } from '@xstate/react';
import { onboardingMachine } from '../../../machines/onboarding.ts';

/**
 * The running onboarding chart: started by OnboardingScreen, the component of the three routes
 * that show onboarding (src/routes/_shell/onboarding.tsx, test-onboarding.tsx, profile_.edit.tsx),
 * read by StepFrame.
 */
export const OnboardingActor = createActorContext(onboardingMachine);
