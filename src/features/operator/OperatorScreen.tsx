import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { categories } from '../../../contract/categories.ts';
import { pictureSrcSet, pictureUrl } from '../../../contract/pictures.ts';
import type { SourceSummary } from '../../../contract/sources.ts';
import { DECLINE_REASON_MAX } from '../../../contract/suggestionRules.ts';
import type { Suggestion } from '../../../contract/suggestions.ts';
import { apiErrorMessage } from '../../api/client.ts';
import {
  declineSuggestion,
  publishSuggestion,
  removeSource,
  runSourceNow,
  setSourcePaused,
  sourcesQueryKey,
  sourcesQueryOptions,
  waitingSuggestionsQueryKey,
  waitingSuggestionsQueryOptions,
} from '../../api/operator.ts';
import { suggestionAgesText, suggestionWhen } from '../../domain/suggestionDisplay.ts';
import {
  Badge,
  Button,
  Inline,
  Modal,
  PageHeader,
  Stack,
  TextField,
  useToast,
} from '../../ui/index.ts';
import { AddSourceForm, kindLabels } from './AddSourceForm.tsx';
import { LoadedList } from './LoadedList.tsx';
import * as styles from './operator.css.ts';
import { runTimeText } from './runTime.ts';
import { TimedWork } from './TimedWork.tsx';

const categoryLabels = new Map<string, string>(categories.map((c) => [c.id, c.label]));

/**
 * The operator screen (docs/suggestions.md): suggested events waiting for review, each to
 * publish or decline with a reason, and the event sources with their last runs, each to run now
 * or pause, and the server's timed work (server/jobs/) with how its last run went. Every call is
 * refused (403) to anyone else; the screen then shows that refusal.
 */
export function OperatorScreen() {
  // The timed work waits for the sources, as the add form does: a caller the sources list
  // refused (403) would be refused this one too, and one refusal per list already says so.
  const sourcesLoaded = useQuery(sourcesQueryOptions()).isSuccess;
  return (
    <div className={styles.page}>
      <PageHeader
        title="Operator"
        lead="Review what families suggest, and keep the event sources running."
      />
      <WaitingSuggestions />
      <Sources />
      {sourcesLoaded ? <TimedWork /> : null}
    </div>
  );
}

function WaitingSuggestions() {
  const query = useQuery(waitingSuggestionsQueryOptions());
  return (
    <Stack as="section" space="3" aria-labelledby="operator-suggestions">
      <h2 id="operator-suggestions" className={styles.sectionTitle}>
        Suggestions waiting for review
      </h2>
      <LoadedList
        query={query}
        items={(data) => data.suggestions}
        itemKey={(suggestion) => suggestion.id}
        skeletonHeight={160}
        problem="We couldn't load the suggestions."
        empty={{
          icon: 'check',
          title: 'Nothing waiting',
          text: 'New suggestions from families show up here.',
        }}
      >
        {(suggestion) => <SuggestionCard suggestion={suggestion} />}
      </LoadedList>
    </Stack>
  );
}

function SuggestionCard({ suggestion }: { suggestion: Suggestion }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [declining, setDeclining] = useState(false);
  const titleId = `suggestion-${suggestion.id}`;
  const publish = useMutation({
    mutationFn: () => publishSuggestion(suggestion.id),
    onSuccess: async (published) => {
      toast({ title: `Published “${published.title}”` });
      await queryClient.invalidateQueries({ queryKey: waitingSuggestionsQueryKey });
    },
  });
  const details = [
    categoryLabels.get(suggestion.category),
    suggestion.priceText ?? 'Free',
    suggestionAgesText(suggestion),
  ].filter((part): part is string => Boolean(part));
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      {suggestion.imageId ? (
        <picture>
          <source type="image/webp" srcSet={pictureSrcSet(suggestion.imageId, 'webp')} />
          <img
            className={styles.picture}
            src={pictureUrl(suggestion.imageId, 400, 'jpeg')}
            sizes="(min-width: 640px) 600px, 100vw"
            alt=""
          />
        </picture>
      ) : null}
      <h3 id={titleId} className={styles.cardTitle}>
        {suggestion.title}
      </h3>
      <p className={styles.meta}>
        {suggestionWhen(suggestion)} · {suggestion.venue}
        {suggestion.address ? `, ${suggestion.address}` : ''} · {suggestion.location}
      </p>
      <p className={styles.meta}>{details.join(' · ')}</p>
      {suggestion.description ? (
        <p className={styles.description}>{suggestion.description}</p>
      ) : null}
      {suggestion.ticketUrl ? (
        <p className={styles.meta}>
          Link:{' '}
          <a href={suggestion.ticketUrl} target="_blank" rel="noopener noreferrer nofollow">
            {suggestion.ticketUrl}
          </a>
        </p>
      ) : null}
      {publish.isError ? (
        <p className={styles.problem} role="alert">
          We couldn't publish it. {apiErrorMessage(publish.error)}
        </p>
      ) : null}
      <Inline space="2">
        <Button
          icon="check"
          isPending={publish.isPending}
          onPress={() => publish.mutate()}
          aria-label={`Publish ${suggestion.title}`}
        >
          Publish
        </Button>
        <Button
          variant="outline"
          onPress={() => setDeclining(true)}
          aria-label={`Decline ${suggestion.title}`}
        >
          Decline
        </Button>
      </Inline>
      <DeclineDialog suggestion={suggestion} isOpen={declining} onOpenChange={setDeclining} />
    </article>
  );
}

function DeclineDialog({
  suggestion,
  isOpen,
  onOpenChange,
}: {
  suggestion: Suggestion;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const decline = useMutation({
    mutationFn: (text: string) => declineSuggestion(suggestion.id, text),
    onSuccess: async () => {
      onOpenChange(false);
      toast({ title: `Declined “${suggestion.title}”` });
      await queryClient.invalidateQueries({ queryKey: waitingSuggestionsQueryKey });
    },
  });
  return (
    <Modal title={`Decline “${suggestion.title}”?`} isOpen={isOpen} onOpenChange={onOpenChange}>
      <form
        className={styles.dialogForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') {
            setMissing(true);
            return;
          }
          decline.mutate(reason.trim());
        }}
      >
        <TextField
          label="Reason"
          description="The family reads it as 'Not published: {reason}'."
          value={reason}
          onChange={(text) => {
            setReason(text);
            setMissing(false);
          }}
          isRequired
          maxLength={DECLINE_REASON_MAX}
          errorMessage={missing ? 'Say why, in a sentence the family will read.' : undefined}
          autoFocus
        />
        {decline.isError ? (
          <p className={styles.problem} role="alert">
            We couldn't decline it. {apiErrorMessage(decline.error)}
          </p>
        ) : null}
        <Button type="submit" variant="danger" fullWidth isPending={decline.isPending}>
          Decline suggestion
        </Button>
      </form>
    </Modal>
  );
}

function Sources() {
  const query = useQuery(sourcesQueryOptions());
  return (
    <Stack as="section" space="3" aria-labelledby="operator-sources">
      <h2 id="operator-sources" className={styles.sectionTitle}>
        Sources
      </h2>
      <LoadedList
        query={query}
        items={(data) => data.sources}
        itemKey={(source) => source.id}
        skeletonHeight={120}
        problem="We couldn't load the sources."
        empty={{
          icon: 'calendar',
          title: 'No sources yet',
          text: 'Add one below, or with npm run sources -- add (see docs/sources.md).',
        }}
      >
        {(source) => <SourceCard source={source} />}
      </LoadedList>
      {/* Only once the list came: a caller the list refused (403) would be refused here too. */}
      {query.isSuccess ? <AddSourceForm /> : null}
    </Stack>
  );
}

function lastRunText(source: SourceSummary): string {
  if (source.lastRunAt === null) return 'Not run yet';
  const when = runTimeText(source.lastRunAt);
  if (source.lastOutcome === 'not_modified') return `Last run ${when}: unchanged`;
  if (source.lastOutcome === 'failed') return `Last run ${when}: failed`;
  return `Last run ${when}`;
}

function SourceCard({ source }: { source: SourceSummary }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const titleId = `source-${source.id}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
  const run = useMutation({ mutationFn: () => runSourceNow(source.id), onSuccess: refresh });
  const pause = useMutation({
    mutationFn: () => setSourcePaused(source.id, source.enabled),
    onSuccess: refresh,
  });
  const failure = run.error ?? pause.error;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <Inline space="2" justify="space-between" wrap={false}>
        <h3 id={titleId} className={styles.cardTitle}>
          {source.name}
        </h3>
        {source.enabled ? null : <Badge tone="neutral">Paused</Badge>}
      </Inline>
      <p className={styles.meta}>
        {kindLabels[source.kind]} · {source.eventCount}{' '}
        {source.eventCount === 1 ? 'event' : 'events'}
      </p>
      <p className={styles.meta}>{lastRunText(source)}</p>
      {source.lastRunAt === null ? null : (
        <p className={styles.counts}>
          {source.added} added · {source.updated} updated · {source.skipped} skipped ·{' '}
          {source.invalid} invalid · {source.cancelled} cancelled
        </p>
      )}
      {source.lastError ? <p className={styles.lastError}>Last error: {source.lastError}</p> : null}
      {failure ? (
        <p className={styles.problem} role="alert">
          {apiErrorMessage(failure)}
        </p>
      ) : null}
      <Inline space="2">
        <Button
          variant="secondary"
          isPending={run.isPending}
          onPress={() => run.mutate()}
          aria-label={`Run ${source.name} now`}
        >
          Run now
        </Button>
        <Button
          variant="outline"
          isPending={pause.isPending}
          onPress={() => pause.mutate()}
          aria-label={`${source.enabled ? 'Pause' : 'Resume'} ${source.name}`}
        >
          {source.enabled ? 'Pause' : 'Resume'}
        </Button>
        <Button
          variant="ghost"
          onPress={() => setRemoving(true)}
          aria-label={`Remove ${source.name}`}
        >
          Remove
        </Button>
      </Inline>
      <RemoveSourceDialog source={source} isOpen={removing} onOpenChange={setRemoving} />
    </article>
  );
}

/** Asks before removing: the source goes, and the screen says its events do not. */
function RemoveSourceDialog({
  source,
  isOpen,
  onOpenChange,
}: {
  source: SourceSummary;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => removeSource(source.id),
    onSuccess: async () => {
      onOpenChange(false);
      toast({ title: `Removed “${source.name}”` });
      await queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
  return (
    <Modal
      title={`Remove ${source.name}?`}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <Stack space="4">
        <p className={styles.dialogText}>
          Its events stay on FamJam. The server stops fetching {source.name}; to get it back, add it
          again.
        </p>
        {remove.isError ? (
          <p className={styles.problem} role="alert">
            We couldn't remove it. {apiErrorMessage(remove.error)}
          </p>
        ) : null}
        <Inline space="2" justify="flex-end">
          <Button variant="outline" onPress={() => onOpenChange(false)}>
            Keep it
          </Button>
          <Button variant="danger" isPending={remove.isPending} onPress={() => remove.mutate()}>
            Remove source
          </Button>
        </Inline>
      </Stack>
    </Modal>
  );
}
