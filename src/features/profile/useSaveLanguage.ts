import { useQueryClient } from '@tanstack/react-query';
import type { AppLocale } from '../../../contract/locales.ts';
import type { UpdateUserBody } from '../../../contract/user.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { updateOwnUser, userByEmailQueryOptions } from '../../api/users.ts';
import { useAppStateStore } from '../../app/appState.tsx';
import { useToast } from '../../ui/index.ts';
import { i18n } from './messages.ts';

/**
 * Profile's language switch (issue 35): the app already speaks the new language and this device
 * keeps it (LanguagePicker); this writes it to the family's record, so it follows them to every
 * device. `PUT /api/users/me` takes the whole profile, so the record's own fields go with it
 * (the artists are left out: the server keeps them). Without a record yet (before onboarding)
 * the device's choice is all there is. A refusal leaves the device speaking it and says so.
 */
export function useSaveLanguage(): (language: AppLocale) => void {
  const store = useAppStateStore();
  const queryClient = useQueryClient();
  const toast = useToast();
  return (language) => {
    const record = store.getSnapshot().currentUser;
    if (record === null) return;
    const body: UpdateUserBody & { language: AppLocale } = {
      name: record.name,
      familySituation: record.familySituation,
      musicPreferences: [...record.musicPreferences],
      location: record.location,
      language,
    };
    updateOwnUser(body).then(
      (saved) => {
        store.setCurrentUser(saved);
        queryClient.setQueryData(userByEmailQueryOptions(saved.email).queryKey, saved);
      },
      (error: unknown) =>
        toast({
          title: i18n.t('profile.language.saveFailed'),
          description: apiErrorMessage(error),
        }),
    );
  };
}
