import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { apiErrorMessage } from '../../api/client.ts';
import { useAppState } from '../../app/appState.tsx';
import { isEmptySearch, type SearchPageSearch } from '../../app/searchParams.ts';
import { Button, useToast } from '../../ui/index.ts';
import { agesParam, useFamilyGroups } from '../events/FitsMyFamily.tsx';
import { i18n } from './messages.ts';

/**
 * "Tell me about new events like this" (issue 34): saves the search as a watched search, listed
 * in Profile, once the search has words or a filter. Loaded after Search's first render
 * (SearchScreen.tsx), and what it does on its first press (watchSearch.ts, src/api/outreach.ts):
 * /search's first load holds none of it.
 */
export default function WatchButton({ search }: { search: SearchPageSearch }) {
  const familyGroups = useFamilyGroups();
  const location = useAppState((state) => state.location);
  const familyMode = useAppState((state) => state.familyMode);
  const familyRadius = useAppState((state) => state.familyRadius);
  const toast = useToast();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();

  // Offered once there is something to watch: words or a filter (not only the list/map switch,
  // nor only the map's box, which a watched search does not keep).
  if (isEmptySearch({ ...search, view: undefined, bbox: undefined })) return null;

  const save = async () => {
    setSaving(true);
    try {
      const { watchSearch } = await import('./watchSearch.ts');
      const ages = agesParam(search.fits === true, familyGroups);
      const name = await watchSearch(
        search,
        { location, familyMode, ages, familyRadius },
        queryClient,
      );
      toast({
        title: i18n.t('search.watch.savedTitle', { name }),
        description: i18n.t('search.watch.savedText'),
        action: {
          label: i18n.t('search.watch.openProfile'),
          onAction: () => void navigate({ to: '/profile' }),
        },
      });
    } catch (error) {
      // The API's own sentence (at the limit: its 409 message) when there is one.
      toast({ title: i18n.t('search.watch.failed'), description: apiErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button variant="outline" size="sm" icon="bell" isPending={saving} onPress={() => void save()}>
      {i18n.t('search.watch.button')}
    </Button>
  );
}
