import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { categoryLabel } from '../../domain/categoryLabel.ts';
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
import { AddSourceForm, kindLabel } from './AddSourceForm.tsx';
import { LoadedList } from './LoadedList.tsx';
import { i18n } from './messages.ts';
import * as styles from './operator.css.ts';
import { runTimeText } from './runTime.ts';
import { TimedWork } from './TimedWork.tsx';

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
      <PageHeader title={i18n.t('operator.title')} lead={i18n.t('operator.lead')} />
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
        {i18n.t('operator.suggestions.title')}
      </h2>
      <LoadedList
        query={query}
        items={(data) => data.suggestions}
        itemKey={(suggestion) => suggestion.id}
        skeletonHeight={160}
        problem={i18n.t('operator.suggestions.loadFailed')}
        empty={{
          icon: 'check',
          title: i18n.t('operator.suggestions.emptyTitle'),
          text: i18n.t('operator.suggestions.emptyText'),
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
      toast({ title: i18n.t('operator.suggestions.published', { title: published.title }) });
      await queryClient.invalidateQueries({ queryKey: waitingSuggestionsQueryKey });
    },
  });
  const details = [
    categoryLabel(suggestion.category),
    suggestion.priceText ?? i18n.t('operator.suggestions.free'),
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
          {i18n.t('operator.suggestions.link')}{' '}
          <a href={suggestion.ticketUrl} target="_blank" rel="noopener noreferrer nofollow">
            {suggestion.ticketUrl}
          </a>
        </p>
      ) : null}
      {publish.isError ? (
        <p className={styles.problem} role="alert">
          {i18n.t('operator.suggestions.publishFailed', { reason: apiErrorMessage(publish.error) })}
        </p>
      ) : null}
      <Inline space="2">
        <Button
          icon="check"
          isPending={publish.isPending}
          onPress={() => publish.mutate()}
          aria-label={i18n.t('operator.suggestions.publishNamed', { title: suggestion.title })}
        >
          {i18n.t('operator.suggestions.publish')}
        </Button>
        <Button
          variant="outline"
          onPress={() => setDeclining(true)}
          aria-label={i18n.t('operator.suggestions.declineNamed', { title: suggestion.title })}
        >
          {i18n.t('operator.suggestions.decline')}
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
      toast({ title: i18n.t('operator.decline.declined', { title: suggestion.title }) });
      await queryClient.invalidateQueries({ queryKey: waitingSuggestionsQueryKey });
    },
  });
  return (
    <Modal
      title={i18n.t('operator.decline.title', { title: suggestion.title })}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
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
          label={i18n.t('operator.decline.reason')}
          description={i18n.t('operator.decline.reasonHelp')}
          value={reason}
          onChange={(text) => {
            setReason(text);
            setMissing(false);
          }}
          isRequired
          maxLength={DECLINE_REASON_MAX}
          errorMessage={missing ? i18n.t('operator.decline.reasonMissing') : undefined}
          autoFocus
        />
        {decline.isError ? (
          <p className={styles.problem} role="alert">
            {i18n.t('operator.decline.failed', { reason: apiErrorMessage(decline.error) })}
          </p>
        ) : null}
        <Button type="submit" variant="danger" fullWidth isPending={decline.isPending}>
          {i18n.t('operator.decline.submit')}
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
        {i18n.t('operator.sources.title')}
      </h2>
      <LoadedList
        query={query}
        items={(data) => data.sources}
        itemKey={(source) => source.id}
        skeletonHeight={120}
        problem={i18n.t('operator.sources.loadFailed')}
        empty={{
          icon: 'calendar',
          title: i18n.t('operator.sources.emptyTitle'),
          text: i18n.t('operator.sources.emptyText'),
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
  if (source.lastRunAt === null) return i18n.t('operator.sources.notRun');
  const when = runTimeText(source.lastRunAt);
  if (source.lastOutcome === 'not_modified') {
    return i18n.t('operator.sources.lastRunUnchanged', { when });
  }
  if (source.lastOutcome === 'failed') return i18n.t('operator.sources.lastRunFailed', { when });
  return i18n.t('operator.sources.lastRun', { when });
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
        {source.enabled ? null : <Badge tone="neutral">{i18n.t('operator.sources.paused')}</Badge>}
      </Inline>
      <p className={styles.meta}>
        {i18n.t('operator.sources.kindAndEvents', {
          kind: kindLabel(source.kind),
          count: source.eventCount,
        })}
      </p>
      <p className={styles.meta}>{lastRunText(source)}</p>
      {source.lastRunAt === null ? null : (
        <p className={styles.counts}>
          {i18n.t('operator.sources.counts', {
            added: source.added,
            updated: source.updated,
            skipped: source.skipped,
            invalid: source.invalid,
            cancelled: source.cancelled,
          })}
        </p>
      )}
      {source.lastError ? (
        <p className={styles.lastError}>
          {i18n.t('operator.lastError', { error: source.lastError })}
        </p>
      ) : null}
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
          aria-label={i18n.t('operator.sources.runNamed', { name: source.name })}
        >
          {i18n.t('operator.sources.run')}
        </Button>
        <Button
          variant="outline"
          isPending={pause.isPending}
          onPress={() => pause.mutate()}
          aria-label={
            source.enabled
              ? i18n.t('operator.sources.pauseNamed', { name: source.name })
              : i18n.t('operator.sources.resumeNamed', { name: source.name })
          }
        >
          {source.enabled ? i18n.t('operator.sources.pause') : i18n.t('operator.sources.resume')}
        </Button>
        <Button
          variant="ghost"
          onPress={() => setRemoving(true)}
          aria-label={i18n.t('operator.sources.removeNamed', { name: source.name })}
        >
          {i18n.t('operator.sources.remove')}
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
      toast({ title: i18n.t('operator.remove.removed', { name: source.name }) });
      await queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
  return (
    <Modal
      title={i18n.t('operator.remove.title', { name: source.name })}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <Stack space="4">
        <p className={styles.dialogText}>{i18n.t('operator.remove.text', { name: source.name })}</p>
        {remove.isError ? (
          <p className={styles.problem} role="alert">
            {i18n.t('operator.remove.failed', { reason: apiErrorMessage(remove.error) })}
          </p>
        ) : null}
        <Inline space="2" justify="flex-end">
          <Button variant="outline" onPress={() => onOpenChange(false)}>
            {i18n.t('operator.remove.keep')}
          </Button>
          <Button variant="danger" isPending={remove.isPending} onPress={() => remove.mutate()}>
            {i18n.t('operator.remove.submit')}
          </Button>
        </Inline>
      </Stack>
    </Modal>
  );
}
