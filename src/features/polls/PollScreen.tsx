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
import { PollResults, VoteBar, VoteCount, votesText, YourVote } from './PollResults.tsx';
import * as styles from './polls.css.ts';
import { sharePoll } from './sharePoll.ts';

/**
 * While a poll is open its page asks again this often, so everyone who has it open sees the
 * counts move within a few seconds (the app's queries otherwise never refetch by themselves).
 */
export const POLL_REFRESH_MS = 3000;

const POLL_NOT_FOUND_TITLE = "This poll doesn't exist or was deleted";

/** /poll/$id: a shared poll, to vote in while open and to read the result of once closed. */
export function PollScreen({ id }: { id: string }) {
  const query = useQuery({
    ...pollQueryOptions(id),
    refetchInterval: (current) =>
      current.state.data && !current.state.data.closed ? POLL_REFRESH_MS : false,
  });
  if (query.status === 'pending') {
    return (
      <div className={styles.page} role="status" aria-label="Loading the poll">
        <Skeleton height={36} width="70%" />
        <Skeleton height={240} radius={16} />
      </div>
    );
  }
  if (query.status === 'error') {
    return (
      <div className={styles.page}>
        <p className={styles.problem} role="alert">
          We couldn't load this poll. {query.error.message}
        </p>
        <Button
          variant="outline"
          isPending={query.isRefetching}
          onPress={() => void query.refetch()}
        >
          Retry
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
        {POLL_NOT_FOUND_TITLE}
      </h1>
      <p className={page.pageLead}>Check the link, or ask whoever shared it for a new one.</p>
      <LinkButton to="/" icon="home" size="lg">
        Go Home
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
      toast({ title: 'Poll deleted' });
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
          Family Poll · {votesText(poll.totalVotes)}
          {poll.closed ? ' · ' : ''}
          {poll.closed ? <Badge tone="neutral">Closed</Badge> : null}
        </p>
        <h1 id="poll-title" className={page.pageTitle}>
          {poll.title}
        </h1>
        {poll.description ? <p className={styles.description}>{poll.description}</p> : null}
      </Stack>

      {poll.closed ? (
        <section className={styles.card} aria-labelledby="poll-result-title">
          <h2 id="poll-result-title" className={page.sectionTitle}>
            Result
          </h2>
          <PollResults poll={poll} showWinner />
          <p className={styles.hint}>This poll is closed and takes no more votes.</p>
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
              {poll.myVote ? 'Your vote (you can change it)' : 'Cast your vote'}
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
              Waiting to sync: your vote is sent when you're back online.
            </p>
          ) : null}
          {vote.isError ? (
            <p className={styles.problem} role="alert">
              {vote.error instanceof HTTPError && vote.error.response.status === 409
                ? 'This poll was just closed, so your vote was not counted.'
                : `We couldn't record your vote. ${vote.error.message}`}
            </p>
          ) : null}
        </div>
      )}

      {/* Sharing is what a poll is for: the main button. Deleting is the owner's rare step, in
          red words but not a red fill, and it asks first. */}
      <Inline space="2">
        <Button onPress={() => void sharePoll(poll, toast)}>Share</Button>
        {poll.isOwner && !poll.closed ? (
          <Button variant="secondary" onPress={() => setConfirming('close')}>
            Close poll
          </Button>
        ) : null}
        {poll.isOwner ? (
          <Button variant="dangerOutline" onPress={() => setConfirming('delete')}>
            Delete poll
          </Button>
        ) : null}
      </Inline>

      <Modal
        title={confirming === 'delete' ? 'Delete this poll?' : 'Close this poll?'}
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
      >
        <Stack space="4">
          <p className={styles.description}>
            {confirming === 'delete'
              ? 'It disappears, with its votes, for everyone who has the link.'
              : 'Voting ends and everyone sees the result. A closed poll cannot be reopened.'}
          </p>
          {ownerError ? (
            <p className={styles.problem} role="alert">
              {ownerError.message}
            </p>
          ) : null}
          <Inline space="2">
            <Button variant="outline" onPress={() => setConfirming(null)}>
              Cancel
            </Button>
            {confirming === 'delete' ? (
              <Button variant="danger" isPending={remove.isPending} onPress={() => remove.mutate()}>
                Delete poll
              </Button>
            ) : (
              <Button isPending={close.isPending} onPress={() => close.mutate()}>
                Close poll
              </Button>
            )}
          </Inline>
        </Stack>
      </Modal>
    </article>
  );
}
