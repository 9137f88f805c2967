import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { Poll } from '../../../contract/polls.ts';
import { HTTPError } from '../../api/client.ts';
import { closePoll, deletePoll, pollQueryOptions, votePoll } from '../../api/polls.ts';
import { currentUid } from '../../app/firebaseLoader.ts';
import { pendingVote, queueVote, subscribeToPending } from '../../app/pendingChanges.ts';
import {
  Badge,
  Button,
  Inline,
  LinkButton,
  Modal,
  Skeleton,
  Stack,
  useToast,
} from '../../ui/index.ts';
import * as page from '../../ui/page.css.ts';
import { i18n } from './laterMessages.ts';
import { PollResults, VoteBar, VoteCount, YourVote } from './PollResults.tsx';
import * as styles from './polls.css.ts';
import { sharePoll } from './sharePoll.ts';

/**
 * While a poll is open its page asks again this often, so everyone who has it open sees the
 * counts move within a few seconds (the app's queries otherwise never refetch by themselves).
 */
export const POLL_REFRESH_MS = 3000;

/** /poll/$id: a shared poll, to vote in while open and to read the result of once closed. */
export function PollScreen({ id }: { id: string }) {
  const query = useQuery({
    ...pollQueryOptions(id),
    refetchInterval: (current) =>
      current.state.data && !current.state.data.closed ? POLL_REFRESH_MS : false,
  });
  if (query.status === 'pending') {
    return (
      <div className={styles.page} role="status" aria-label={i18n.t('polls.page.loading')}>
        <Skeleton height={36} width="70%" />
        <Skeleton height={240} radius={16} />
      </div>
    );
  }
  if (query.status === 'error') {
    return (
      <div className={styles.page}>
        <p className={styles.problem} role="alert">
          {i18n.t('polls.page.loadFailed', { reason: query.error.message })}
        </p>
        <Button
          variant="outline"
          isPending={query.isRefetching}
          onPress={() => void query.refetch()}
        >
          {i18n.t('polls.page.retry')}
        </Button>
      </div>
    );
  }
  if (query.data === null) return <PollNotFound />;
  return <PollView poll={query.data} />;
}

function PollNotFound() {
  return (
    <section className={page.centeredPage} aria-labelledby="poll-missing-title">
      <h1 id="poll-missing-title" className={page.pageTitle}>
        {i18n.t('polls.notFound.title')}
      </h1>
      <p className={page.pageLead}>{i18n.t('polls.notFound.lead')}</p>
      <LinkButton to="/" icon="home" size="lg">
        {i18n.t('polls.notFound.goHome')}
      </LinkButton>
    </section>
  );
}

function PollView({ poll }: { poll: Poll }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const key = pollQueryOptions(poll.id).queryKey;
  const [confirming, setConfirming] = useState<'close' | 'delete' | null>(null);

  const settle = (updated: Poll) => {
    queryClient.setQueryData(key, updated);
    void queryClient.invalidateQueries({ queryKey: ['/api/polls'] });
  };
  const uid = currentUid();
  // A vote made offline waits on this device (pendingChanges.ts) until the network is back.
  const waiting = useSyncExternalStore(subscribeToPending, () =>
    uid === null ? null : pendingVote(uid, poll.id),
  );
  const vote = useMutation({
    // Offline the vote goes into the stored queue at once: React Query's own pause would keep
    // it in memory only, and a reload would lose it.
    networkMode: 'always',
    mutationFn: async (optionId: string): Promise<Poll | null> => {
      if (uid !== null && !navigator.onLine) {
        queueVote(uid, poll.id, optionId);
        return null;
      }
      return votePoll(poll.id, optionId);
    },
    onSuccess: (updated) => {
      if (updated) settle(updated);
    },
    // Closed meanwhile (409) or deleted (404): show the poll as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const close = useMutation({
    mutationFn: () => closePoll(poll.id),
    onSuccess: (updated) => {
      settle(updated);
      setConfirming(null);
    },
  });
  const remove = useMutation({
    mutationFn: () => deletePoll(poll.id),
    onSuccess: async () => {
      setConfirming(null);
      queryClient.removeQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: ['/api/polls'] });
      toast({ title: i18n.t('polls.page.deleted') });
      await navigate({ to: '/' });
    },
  });

  const myVote = waiting ?? poll.myVote;
  const selected = vote.isPending ? vote.variables : myVote;
  const ownerError = close.error ?? remove.error;

  return (
    <article className={styles.page} aria-labelledby="poll-title">
      <Stack space="2">
        <p className={styles.meta}>
          {i18n.t('polls.page.meta', { count: poll.totalVotes })}
          {poll.closed ? ' · ' : ''}
          {poll.closed ? <Badge tone="neutral">{i18n.t('polls.closedBadge')}</Badge> : null}
        </p>
        <h1 id="poll-title" className={page.pageTitle}>
          {poll.title}
        </h1>
        {poll.description ? <p className={styles.description}>{poll.description}</p> : null}
      </Stack>

      {poll.closed ? (
        <section className={styles.card} aria-labelledby="poll-result-title">
          <h2 id="poll-result-title" className={page.sectionTitle}>
            {i18n.t('polls.page.result')}
          </h2>
          <PollResults poll={poll} showWinner />
          <p className={styles.hint}>{i18n.t('polls.page.closedHint')}</p>
        </section>
      ) : (
        <div className={styles.card}>
          <RadioGroup
            className={styles.radioGroup}
            value={selected ?? null}
            onChange={(optionId) => {
              if (optionId !== myVote) vote.mutate(optionId);
            }}
          >
            <Label className={styles.groupLabel}>
              {poll.myVote ? i18n.t('polls.page.changeVote') : i18n.t('polls.page.castVote')}
            </Label>
            {poll.options.map((option) => (
              <Radio key={option.id} value={option.id} className={styles.radio}>
                <Inline as="span" space="3" wrap={false}>
                  <span className={styles.radioDot} aria-hidden="true" />
                  <span className={`${styles.optionText} ${styles.grow}`}>
                    {option.text}
                    <YourVote poll={poll} optionId={option.id} />
                  </span>
                  <VoteCount votes={option.votes} total={poll.totalVotes} />
                </Inline>
                <VoteBar votes={option.votes} total={poll.totalVotes} />
              </Radio>
            ))}
          </RadioGroup>
          {waiting ? (
            <p className={styles.hint} role="status">
              {i18n.t('polls.page.voteWaiting')}
            </p>
          ) : null}
          {vote.isError ? (
            <p className={styles.problem} role="alert">
              {vote.error instanceof HTTPError && vote.error.response.status === 409
                ? i18n.t('polls.page.voteClosed')
                : i18n.t('polls.page.voteFailed', { reason: vote.error.message })}
            </p>
          ) : null}
        </div>
      )}

      {/* Sharing is what a poll is for: the main button. Deleting is the owner's rare step, in
          red words but not a red fill, and it asks first. */}
      <Inline space="2">
        <Button onPress={() => void sharePoll(poll, toast)}>{i18n.t('polls.share.button')}</Button>
        {poll.isOwner && !poll.closed ? (
          <Button variant="secondary" onPress={() => setConfirming('close')}>
            {i18n.t('polls.page.close')}
          </Button>
        ) : null}
        {poll.isOwner ? (
          <Button variant="dangerOutline" onPress={() => setConfirming('delete')}>
            {i18n.t('polls.page.delete')}
          </Button>
        ) : null}
      </Inline>

      <Modal
        title={
          confirming === 'delete'
            ? i18n.t('polls.confirm.deleteTitle')
            : i18n.t('polls.confirm.closeTitle')
        }
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
      >
        <Stack space="4">
          <p className={styles.description}>
            {confirming === 'delete'
              ? i18n.t('polls.confirm.deleteText')
              : i18n.t('polls.confirm.closeText')}
          </p>
          {ownerError ? (
            <p className={styles.problem} role="alert">
              {ownerError.message}
            </p>
          ) : null}
          <Inline space="2">
            <Button variant="outline" onPress={() => setConfirming(null)}>
              {i18n.t('polls.confirm.cancel')}
            </Button>
            {confirming === 'delete' ? (
              <Button variant="danger" isPending={remove.isPending} onPress={() => remove.mutate()}>
                {i18n.t('polls.page.delete')}
              </Button>
            ) : (
              <Button isPending={close.isPending} onPress={() => close.mutate()}>
                {i18n.t('polls.page.close')}
              </Button>
            )}
          </Inline>
        </Stack>
      </Modal>
    </article>
  );
}
