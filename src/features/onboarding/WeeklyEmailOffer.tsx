import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { outreachSettingsQueryOptions } from '../../api/outreach.ts';
import { Switch } from '../../ui/index.ts';
import { useUpdateOutreach, useWeeklyEmailSwitch } from '../profile/useUpdateOutreach.ts';
import { i18n } from './messages.ts';

/**
 * The weekly email, offered once at the end of onboarding (issue 34), off until the family turns
 * it on. Shown only while the settings say it was never offered; showing it marks it offered
 * (weeklyEmailOffered), so it does not come back. No step of its own: the spec has six.
 */
export function WeeklyEmailOffer() {
  const settings = useQuery(outreachSettingsQueryOptions());
  const update = useUpdateOutreach();
  const switchWeeklyEmail = useWeeklyEmailSwitch();
  // Decided on the first answer: marking it offered must not take it away while it shows.
  const [offered, setOffered] = useState<boolean | null>(null);
  const firstAnswer = settings.data?.weeklyEmailOffered;
  useEffect(() => {
    if (offered !== null || firstAnswer === undefined) return;
    setOffered(!firstAnswer);
    if (!firstAnswer) update.mutate({ weeklyEmailOffered: true });
  }, [offered, firstAnswer, update]);

  if (!offered || !settings.data) return null;
  return (
    <Switch
      labelFirst
      isSelected={settings.data.weeklyEmail}
      onChange={switchWeeklyEmail}
      description={i18n.t('onboarding.weeklyEmail.description')}
    >
      {i18n.t('onboarding.weeklyEmail.label')}
    </Switch>
  );
}
