import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../app/auth.tsx';
import { useRedirectAfterOnboarding } from '../../app/redirect.ts';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import { ProfilePhotoPicker } from './ProfilePhotoPicker.tsx';
import { profileName } from './profileBody.ts';
import type { StepBodyProps } from './stepBody.ts';
import { WeeklyEmailOffer } from './WeeklyEmailOffer.tsx';

/**
 * Complete's body: the profile photo (or, in the preview, why there is none), the weekly email's
 * one offer, and where to go.
 */
export function CompleteStep({ snapshot, flow }: StepBodyProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const redirect = useRedirectAfterOnboarding();
  return (
    <>
      {snapshot.context.postsProfile ? (
        <>
          <ProfilePhotoPicker name={profileName(user)} onUploaded={flow.rememberRecord} />
          <WeeklyEmailOffer />
        </>
      ) : (
        <p className={formStyles.statusLine}>{i18n.t('onboarding.complete.previewNote')}</p>
      )}
      <Button size="lg" fullWidth icon="compass" onPress={() => void navigate({ href: redirect })}>
        {i18n.t('onboarding.complete.findAdventures')}
      </Button>
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        icon="sparkles"
        onPress={() => void navigate({ href: '/?shake=true' })}
      >
        {i18n.t('onboarding.complete.shake')}
      </Button>
    </>
  );
}
