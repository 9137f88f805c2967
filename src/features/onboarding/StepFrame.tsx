import { useEffect, useId, useRef } from 'react';
import {
  currentStep,
  type OnboardingMode,
  onboardingProgress,
} from '../../../machines/onboarding.ts';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button, Icon, LinkButton } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './onboarding.css.ts';
import { OnboardingActor } from './onboardingActor.ts';
import type { OnboardingFlowState } from './stepBody.ts';
import { stepViews } from './stepViews.tsx';

interface StepFrameProps {
  mode: OnboardingMode;
  flow: OnboardingFlowState;
}

/** The frame around the step the chart is in (stepViews.tsx): progress, heading, body, buttons. */
export function StepFrame({ mode, flow }: StepFrameProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actor = OnboardingActor.useActorRef();
  const snapshot = OnboardingActor.useSelector((current) => current);
  const step = currentStep(snapshot);
  const progress = onboardingProgress(mode, step);
  const view = stepViews[step];
  const progressLabel = i18n.t('onboarding.progress.label', {
    step: progress.step,
    total: progress.total,
  });
  const canGoOn = snapshot.can({ type: 'user.next' });
  const saving = snapshot.matches('saving');

  // Each step is a new page for a screen reader: move focus to its question (not on arrival).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  });

  const finish = view.nav === 'finish';
  return (
    <div className={styles.screen}>
      <div className={styles.progress}>
        {mode === 'edit' ? (
          <p className={formStyles.statusLine}>{i18n.t('onboarding.edit.status')}</p>
        ) : null}
        <div className={styles.progressLabels}>
          <span>{progressLabel}</span>
          <span>{progress.percent}%</span>
        </div>
        <div
          className={styles.track}
          role="progressbar"
          aria-label={progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
        >
          <div className={styles.fill} style={{ width: `${progress.percent}%` }} />
        </div>
      </div>

      <div className={styles.stepHead}>
        {view.illustration ? (
          <span className={styles.illustration} aria-hidden="true">
            <Icon name={view.illustration} size={40} />
          </span>
        ) : null}
        <h1 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {view.title()}
        </h1>
        <p className={styles.stepLead}>
          {view.previewLead !== undefined && !snapshot.context.postsProfile
            ? view.previewLead()
            : view.lead()}
        </p>
      </div>

      <view.Body headingId={headingId} snapshot={snapshot} actor={actor} flow={flow} />

      {view.nav === 'none' ? null : (
        <div className={styles.nav}>
          {/* The walk's first step has nothing before it: Welcome leaves the place empty, editing
              offers Cancel back to /profile. */}
          {progress.step > 1 ? (
            <Button
              variant="outline"
              size="lg"
              icon="chevronLeft"
              isDisabled={saving}
              onPress={() => actor.send({ type: 'user.back' })}
            >
              {i18n.t('onboarding.nav.back')}
            </Button>
          ) : mode === 'edit' ? (
            <LinkButton to="/profile" variant="outline" size="lg">
              {i18n.t('onboarding.nav.cancel')}
            </LinkButton>
          ) : (
            <span className={styles.navSpacer} />
          )}
          {view.nav === 'backOnly' ? null : (
            <Button
              size="lg"
              iconEnd={finish ? undefined : 'chevronRight'}
              isDisabled={!canGoOn && !saving}
              isPending={saving}
              onPress={() => actor.send({ type: 'user.next' })}
            >
              {finish
                ? mode === 'edit'
                  ? i18n.t('onboarding.nav.save')
                  : i18n.t('onboarding.nav.completeSetup')
                : i18n.t('onboarding.nav.next')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
