import type { QueryClient } from '@tanstack/react-query';
import { votePoll } from '../api/polls.ts';
import type { AppStateStore } from './appStateStore.ts';
import { startFamilyChoicesSync } from './familyChoicesSync.ts';
import { startPendingVotes } from './pendingChanges.ts';
import { startSavedSync } from './savedSync.ts';

/**
 * Everything a signed-in user with a profile keeps in step with the server: the saved list
 * (savedSync.ts), the poll votes made offline (pendingChanges.ts), and the Family Safe and radius
 * the weekly email is picked with (familyChoicesSync.ts). One module, loaded on first use by the
 * auth gate, so none of it is on the first-load path. Returns the function that stops them.
 */
export function startUserSync(options: {
  store: AppStateStore;
  uid: string;
  syncedKey: string;
  queryClient: QueryClient;
}): () => void {
  const stopSaved = startSavedSync(options);
  const stopVotes = startPendingVotes(
    options.uid,
    (pollId, optionId) => votePoll(pollId, optionId),
    // The polls on screen show the counts with the votes that just arrived.
    () => {
      for (const path of ['/api/polls', '/api/polls/{id}']) {
        void options.queryClient.invalidateQueries({ queryKey: [path] });
      }
    },
  );
  const stopChoices = startFamilyChoicesSync(options);
  return () => {
    stopSaved();
    stopVotes();
    stopChoices();
  };
}
