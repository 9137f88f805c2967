import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type {
  UpdateWatchedSearchBody,
  WATCHED_SEARCH_NAME_MAX_LENGTH,
  WatchedSearch,
} from '../../../contract/outreach.ts';
import { apiErrorMessage } from '../../api/client.ts';
import {
  deleteWatchedSearch,
  updateWatchedSearch,
  watchedSearchesQueryKey,
  watchedSearchesQueryOptions,
} from '../../api/outreach.ts';
import { useAuth } from '../../app/auth.tsx';
import { Badge, Button, LoadProblem, Modal, Stack, TextField, useToast } from '../../ui/index.ts';
import { bareList } from '../../ui/surfaces.css.ts';
import { i18n } from './messages.ts';
import * as styles from './profile.css.ts';

/** The contract's figure, typed as its constant (see OutreachSettings.tsx). */
const nameMaxLength: typeof WATCHED_SEARCH_NAME_MAX_LENGTH = 60;

function noWatchedSearchesText(): string {
  return i18n.t('profile.watched.empty');
}
/** The empty list's text in the language at load (English), for the tests; the screen reads it as it renders. */
export const NO_WATCHED_SEARCHES_TEXT = noWatchedSearchesText();

/**
 * Profile's 'Watched searches' (issue 34): the searches Search's button saved, each renamed,
 * paused or resumed, or deleted here; new events that match one are told once (in the bell, by
 * push when on, in the weekly email).
 */
export function WatchedSearches() {
  const signedIn = useAuth().user !== null;
  const list = useQuery({ ...watchedSearchesQueryOptions(), enabled: signedIn });
  if (list.isError) {
    return (
      <LoadProblem
        size="md"
        problem={i18n.t('profile.watched.loadFailed')}
        reason={apiErrorMessage(list.error)}
        isRetrying={list.isRefetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (!list.data) return null;
  const { searches, limit } = list.data;
  if (searches.length === 0) return <p className={styles.muted}>{noWatchedSearchesText()}</p>;
  return (
    <Stack space="3">
      <Stack as="ul" space="3" className={bareList} aria-label={i18n.t('profile.watched.title')}>
        {searches.map((search) => (
          <WatchedSearchItem key={search.id} search={search} />
        ))}
      </Stack>
      <p className={styles.note}>
        {i18n.t('profile.watched.kept', { count: searches.length, limit })}
      </p>
    </Stack>
  );
}

/** A change to one watched search, then the list as the server has it. */
function useWatchedSearchChange<TInput>(change: (input: TInput) => Promise<void>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: change,
    onError: (error) =>
      toast({ title: i18n.t('profile.watched.changeFailed'), description: apiErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchedSearchesQueryKey }),
  });
}

function WatchedSearchItem({ search }: { search: WatchedSearch }) {
  const [renaming, setRenaming] = useState(false);
  const update = useWatchedSearchChange((body: UpdateWatchedSearchBody) =>
    updateWatchedSearch(search.id, body),
  );
  const remove = useWatchedSearchChange(() => deleteWatchedSearch(search.id));
  const paused = search.state === 'paused';
  return (
    <li className={styles.watchedItem}>
      <p className={styles.watchedName}>
        {search.name}{' '}
        {paused ? <Badge tone="neutral">{i18n.t('profile.watched.paused')}</Badge> : null}
      </p>
      <div className={styles.watchedActions}>
        <Button
          variant="outline"
          size="sm"
          aria-label={i18n.t('profile.watched.renameItem', { name: search.name })}
          onPress={() => setRenaming(true)}
        >
          {i18n.t('profile.watched.rename')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          isPending={update.isPending && !renaming}
          aria-label={
            paused
              ? i18n.t('profile.watched.resumeItem', { name: search.name })
              : i18n.t('profile.watched.pauseItem', { name: search.name })
          }
          onPress={() => update.mutate({ state: paused ? 'active' : 'paused' })}
        >
          {paused ? i18n.t('profile.watched.resume') : i18n.t('profile.watched.pause')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          isPending={remove.isPending}
          aria-label={i18n.t('profile.watched.deleteItem', { name: search.name })}
          onPress={() => remove.mutate(undefined)}
        >
          {i18n.t('profile.watched.delete')}
        </Button>
      </div>
      <RenameDialog
        search={search}
        isOpen={renaming}
        onClose={() => setRenaming(false)}
        rename={(name) => update.mutateAsync({ name })}
      />
    </li>
  );
}

function RenameDialog({
  search,
  isOpen,
  onClose,
  rename,
}: {
  search: WatchedSearch;
  isOpen: boolean;
  onClose: () => void;
  rename: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(search.name);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = name.trim();

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (trimmed === '') return;
    setSaving(true);
    setFailure(null);
    try {
      await rename(trimmed);
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={i18n.t('profile.watched.renameTitle')}
      isOpen={isOpen}
      isDismissable={!saving}
      onOpenChange={(open) => {
        if (open || saving) return;
        setName(search.name);
        setFailure(null);
        onClose();
      }}
    >
      {(close) => (
        <form onSubmit={(event) => void save(event)}>
          <Stack space="4">
            <TextField
              label={i18n.t('profile.watched.name')}
              value={name}
              onChange={setName}
              maxLength={nameMaxLength}
              autoFocus
              isInvalid={trimmed === ''}
              errorMessage={trimmed === '' ? i18n.t('profile.watched.nameMissing') : undefined}
            />
            {failure ? (
              <p className={styles.failure} role="alert">
                {failure}
              </p>
            ) : null}
            <div className={styles.dialogActions}>
              <Button variant="outline" isDisabled={saving} onPress={close}>
                {i18n.t('profile.common.cancel')}
              </Button>
              <Button type="submit" isPending={saving} isDisabled={trimmed === ''}>
                {i18n.t('profile.watched.save')}
              </Button>
            </div>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
