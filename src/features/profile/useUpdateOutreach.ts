import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutreachSettings, UpdateOutreachBody } from '../../../contract/outreach.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { outreachSettingsQueryKey, updateOutreachSettings } from '../../api/outreach.ts';
import { useAppState } from '../../app/appState.tsx';
import { useToast } from '../../ui/index.ts';
import { i18n } from './messages.ts';

/*
 * Writing the family's outreach settings (issue 34), for Profile's switches and onboarding's
 * weekly-email offer: a module of its own so onboarding does not load Profile's push code.
 */

/** The settings with `body`'s changes, for the switches to show at once. */
function withUpdate(settings: OutreachSettings, body: UpdateOutreachBody): OutreachSettings {
  return { ...settings, ...body, push: { ...settings.push, ...body.push } };
}

/** PUT /api/me/outreach, shown at once and put back if the server refuses. */
export function useUpdateOutreach() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: UpdateOutreachBody) => updateOutreachSettings(body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: outreachSettingsQueryKey });
      const before = queryClient.getQueryData<OutreachSettings>(outreachSettingsQueryKey);
      if (before) queryClient.setQueryData(outreachSettingsQueryKey, withUpdate(before, body));
      return { before };
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(outreachSettingsQueryKey, context.before);
      toast({ title: i18n.t('profile.outreach.saveFailed'), description: apiErrorMessage(error) });
    },
    onSuccess: (settings) => queryClient.setQueryData(outreachSettingsQueryKey, settings),
  });
}

/**
 * The weekly email's switch (Profile and onboarding's offer): turning it on also sends this
 * device's Family Safe and radius, so the email is chosen as the app the family just used
 * (the settings keep them; src/app/familyChoicesSync.ts sends later changes).
 */
export function useWeeklyEmailSwitch(): (on: boolean) => void {
  const update = useUpdateOutreach();
  const familySafe = useAppState((state) => state.familyMode);
  const radius = useAppState((state) => state.familyRadius);
  return (on) =>
    update.mutate(
      on
        ? { weeklyEmail: true, weeklyEmailOffered: true, familySafe, radius }
        : { weeklyEmail: false, weeklyEmailOffered: true },
    );
}
