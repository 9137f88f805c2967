import type { ComponentType } from 'react';
import type { OnboardingStep } from '../../../machines/onboarding.ts';
import type { IconName } from '../../ui/index.ts';
import { AgeStep, FamilyStep } from './AnswerSteps.tsx';
import { CompleteStep } from './CompleteStep.tsx';
import { LocationStep } from './LocationStep.tsx';
import { MusicStep } from './MusicStep.tsx';
import type { StepBodyProps } from './stepBody.ts';
import { VerifyEmailStep } from './VerifyEmailStep.tsx';
import { WelcomeStep } from './WelcomeStep.tsx';

/** A step of the chart's table, or "check your inbox", which stands in Location's place. */
export type ShownStep = OnboardingStep | 'verifyEmail';

/** How a step looks: OnboardingScreen draws the frame (progress, heading, buttons) around it. */
export interface StepView {
  title: string;
  lead: string;
  /** What the signed-out preview (/test-onboarding, which saves nothing) says instead of `lead`. */
  previewLead?: string;
  /** The picture above the title. */
  illustration?: IconName;
  /** What the step asks or offers, under its title. */
  Body: ComponentType<StepBodyProps>;
  /**
   * The buttons under the body. Back stands on the left, except on the walk's first step: nothing
   * there creating (Welcome), Cancel editing. 'next': Back and Next; 'finish': Back and 'Complete
   * Setup' (editing 'Save'), which saves; 'backOnly': the step has its own buttons; 'none': no row.
   */
  nav: 'next' | 'finish' | 'backOnly' | 'none';
}

/**
 * Every step the screen can show, keyed by step: adding a step to machines/onboarding.ts's table
 * makes the typecheck ask for its view here.
 */
export const stepViews: Record<ShownStep, StepView> = {
  welcome: {
    title: "Welcome! Let's set up your FamJam",
    lead: 'A few quick questions so we can find events that fit your family. It takes about a minute.',
    illustration: 'sparkles',
    Body: WelcomeStep,
    nav: 'next',
  },
  age: {
    title: "What's your age range?",
    lead: 'Choose one, so we can suggest things for you too.',
    Body: AgeStep,
    nav: 'next',
  },
  family: {
    title: 'Who are you exploring with?',
    lead: 'Choose every age group in your family. We use it to show events that fit.',
    Body: FamilyStep,
    nav: 'next',
  },
  music: {
    title: 'What music do you enjoy?',
    lead: 'Pick at least one genre for concert and show ideas.',
    Body: MusicStep,
    nav: 'next',
  },
  location: {
    title: 'Where are you based?',
    lead: 'We look for events near you. You can change it any time from the header.',
    Body: LocationStep,
    nav: 'finish',
  },
  verifyEmail: {
    title: 'Check your inbox',
    lead: 'We sent a verification link to your email address. Open it, then come back and choose "I\'ve verified it".',
    Body: VerifyEmailStep,
    nav: 'backOnly',
  },
  complete: {
    title: "You're all set!",
    lead: 'Your family profile is ready. Time to find something fun to do.',
    previewLead: 'That is the whole tour. Here is where your adventures start.',
    illustration: 'heart',
    Body: CompleteStep,
    nav: 'none',
  },
};
