import type { ComponentType } from 'react';
import type { OnboardingStep } from '../../../machines/onboarding.ts';
import type { IconName } from '../../ui/index.ts';
import { AgeStep, FamilyStep } from './AnswerSteps.tsx';
import { CompleteStep } from './CompleteStep.tsx';
import { LocationStep } from './LocationStep.tsx';
import { MusicStep } from './MusicStep.tsx';
import { i18n } from './messages.ts';
import type { StepBodyProps } from './stepBody.ts';
import { VerifyEmailStep } from './VerifyEmailStep.tsx';
import { WelcomeStep } from './WelcomeStep.tsx';

/** A step of the chart's table, or "check your inbox", which stands in Location's place. */
export type ShownStep = OnboardingStep | 'verifyEmail';

/** How a step looks: OnboardingScreen draws the frame (progress, heading, buttons) around it. */
export interface StepView {
  /** The texts are read as the step renders, in the language in use then. */
  title: () => string;
  lead: () => string;
  /** What the signed-out preview (/test-onboarding, which saves nothing) says instead of `lead`. */
  previewLead?: () => string;
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
    title: () => i18n.t('onboarding.welcome.title'),
    lead: () => i18n.t('onboarding.welcome.lead'),
    illustration: 'sparkles',
    Body: WelcomeStep,
    nav: 'next',
  },
  age: {
    title: () => i18n.t('onboarding.age.title'),
    lead: () => i18n.t('onboarding.age.lead'),
    Body: AgeStep,
    nav: 'next',
  },
  family: {
    title: () => i18n.t('onboarding.family.title'),
    lead: () => i18n.t('onboarding.family.lead'),
    Body: FamilyStep,
    nav: 'next',
  },
  music: {
    title: () => i18n.t('onboarding.music.title'),
    lead: () => i18n.t('onboarding.music.lead'),
    Body: MusicStep,
    nav: 'next',
  },
  location: {
    title: () => i18n.t('onboarding.location.title'),
    lead: () => i18n.t('onboarding.location.lead'),
    Body: LocationStep,
    nav: 'finish',
  },
  verifyEmail: {
    title: () => i18n.t('onboarding.verifyEmail.title'),
    lead: () => i18n.t('onboarding.verifyEmail.lead'),
    Body: VerifyEmailStep,
    nav: 'backOnly',
  },
  complete: {
    title: () => i18n.t('onboarding.complete.title'),
    lead: () => i18n.t('onboarding.complete.lead'),
    previewLead: () => i18n.t('onboarding.complete.previewLead'),
    illustration: 'heart',
    Body: CompleteStep,
    nav: 'none',
  },
};
