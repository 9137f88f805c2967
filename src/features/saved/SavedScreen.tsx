import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { Checkbox } from 'react-aria-components';
import type { Event } from '../../../contract/events.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { savedEventsQueryOptions } from '../../api/events.ts';
import { useDeferredQueryState } from '../../api/useDeferredQueryState.ts';
import { useAppState } from '../../app/appState.tsx';
import {
  savedChangesPending,
  savedListHasAnswered,
  subscribeToPending,
} from '../../app/pendingChanges.ts';
import { useOnline } from '../../app/useOnline.ts';
import { dialogActions } from '../../ui/dialog.css.ts';
import {
  Button,
  EmptyState,
  Icon,
  LinkButton,
  LoadProblem,
  Modal,
  PageHeader,
  Stack,
  useToast,
} from '../../ui/index.ts';
import { noticeRecipe } from '../../ui/surfaces.css.ts';
import { EventCard } from '../events/EventCard.tsx';
import { EventCardSkeleton } from '../events/EventCardSkeleton.tsx';
import * as cardStyles from '../events/eventCard.css.ts';
import type { DetailsLinkProps } from '../map/ResultsMap.tsx';
import { ResultsMapSlot, ResultsViewSwitch } from '../map/ResultsViewControls.tsx';
import { CalendarActions } from './CalendarActions.tsx';
import { i18n } from './messages.ts';
import * as styles from './saved.css.ts';
import { SavedSelectionActor } from './savedSelectionActor.tsx';
import { shareSavedList } from './shareSavedList.ts';

/** docs/product.md#spec-9: the saved list shows 3 placeholders while it loads. */
const SAVED_PLACEHOLDERS = 3;

/** The list's id: the map's 'Skip the map' lands on it. */
const SAVED_LIST_ID = 'saved-events-list';

/**
 * docs/product.md#spec-2-saved: the events a family kept, with select mode to remove some (the chart is
 * machines/savedSelection.ts, provided by the route), Clear All behind a confirmation, and
 * Share List. The ids live in app state (and local storage); the events come from
 * GET /api/events/saved in the order the ids were saved.
 */
export function SavedScreen() {
  const ids = useAppState((state) => state.savedEventIds);
  const awaitingAccountList = useAwaitingAccountList();
  const selection = SavedSelectionActor.useActorRef();
  useEffect(() => {
    selection.send({ type: 'data.ids', ids });
  }, [selection, ids]);

  return (
    <Stack space="5">
      {/* List · Map beside the heading, once there is something to show on a map. */}
      <PageHeader
        title={i18n.t('saved.title')}
        actions={ids.length > 0 ? <ResultsViewSwitch /> : null}
      />
      <SyncNote ids={ids} />
      {ids.length === 0 && awaitingAccountList ? (
        <SavedPlaceholders />
      ) : ids.length === 0 ? (
        <EmptyState
          headingLevel={2}
          icon="heart"
          title={i18n.t('saved.empty.title')}
          text={i18n.t('saved.empty.text')}
          action={
            <LinkButton to="/search" icon="search">
              {i18n.t('saved.empty.discover')}
            </LinkButton>
          }
        />
      ) : (
        <SavedList ids={ids} />
      )}
    </Stack>
  );
}

/**
 * A family with a profile whose saved list the sync (src/app/savedSync.ts) has not read from the
 * server yet: on a new device, just signed in, the list here is empty only because the account's
 * has not arrived, so "No saved events yet" would be wrong for a moment. Offline it will not
 * arrive, and without a profile there is none: the list here is the answer.
 */
function useAwaitingAccountList(): boolean {
  const hasProfile = useAppState((state) => state.currentUser !== null);
  // The server's frame of the page (src/prerender) waits for nothing.
  const answered = useSyncExternalStore(subscribeToPending, savedListHasAnswered, () => true);
  const online = useOnline();
  return hasProfile && online && !answered;
}

/** docs/product.md#spec-9's placeholders, while the saved events (or the list itself) load. */
function SavedPlaceholders() {
  return (
    <div role="status" aria-label={i18n.t('saved.loading')}>
      <Stack space="4">
        {Array.from({ length: SAVED_PLACEHOLDERS }, (_, index) => (
          // Identical placeholders: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: nothing else tells them apart
          <EventCardSkeleton key={index} />
        ))}
      </Stack>
    </div>
  );
}

/**
 * Saves and unsaves made offline (or while the server could not be reached) stay on this device
 * until the saved-list sync sends them (src/app/pendingChanges.ts); until then, say so.
 */
function SyncNote({ ids }: { ids: readonly string[] }) {
  // The server's frame of the page (src/prerender) knows of no changes on this device.
  const pending = useSyncExternalStore(
    subscribeToPending,
    () => savedChangesPending(ids),
    () => false,
  );
  return pending ? (
    <p className={styles.syncNote} role="status">
      {i18n.t('saved.syncNote')}
    </p>
  ) : null;
}

function SavedList({ ids }: { ids: readonly string[] }) {
  // While a changed list is fetched (after a Delete), the previous answer stays on screen,
  // filtered to the ids still saved: no placeholders flash for a list that only got shorter.
  const query = useQuery({ ...savedEventsQueryOptions(ids), placeholderData: keepPreviousData });
  // The answer is drawn in a background render (useDeferredQueryState says why).
  const shown = useDeferredQueryState(query);

  if (shown.status === 'pending') return <SavedPlaceholders />;
  if (shown.status === 'error') {
    return (
      <LoadProblem
        problem={i18n.t('saved.loadProblem')}
        reason={apiErrorMessage(shown.error)}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const events = (shown.data?.events ?? []).filter((event) => ids.includes(event.id));
  // Only a fresh answer can tell that an id has no event any more.
  const missing = shown.isPlaceholderData
    ? []
    : ids.filter((id) => !events.some((event) => event.id === id));

  return (
    <>
      <SavedToolbar events={events} />
      {missing.length > 0 ? <MissingEventsNotice missing={missing} /> : null}
      {/* The map above the list, which stays whole below it (issue 33). */}
      <ResultsMapSlot
        events={events}
        searchKey="saved"
        canSearchArea={false}
        listId={SAVED_LIST_ID}
        detailsLink={SavedEventLink}
      />
      {events.length > 0 ? (
        <ul id={SAVED_LIST_ID} className={styles.list} aria-label={i18n.t('saved.list.label')}>
          {events.map((event, index) => (
            <li key={event.id}>
              <SavedEventCard event={event} eagerImage={index < 2} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.footer}>{i18n.t('saved.list.footer', { count: events.length })}</p>
      <ClearAllDialog count={ids.length} />
    </>
  );
}

function SavedToolbar({ events }: { events: readonly Event[] }) {
  const selection = SavedSelectionActor.useActorRef();
  const selecting = SavedSelectionActor.useSelector((state) => state.matches('selecting'));
  const selectedCount = SavedSelectionActor.useSelector((state) => state.context.selected.length);
  const toast = useToast();

  if (selecting) {
    return (
      <Stack space="2">
        <div className={styles.toolbar}>
          <Button
            variant="outline"
            size="sm"
            onPress={() => selection.send({ type: 'user.cancel' })}
          >
            {i18n.t('saved.select.cancel')}
          </Button>
          <Button
            variant="danger"
            size="sm"
            isDisabled={selectedCount === 0}
            onPress={() => selection.send({ type: 'user.delete' })}
          >
            {i18n.t('saved.select.delete', { count: selectedCount })}
          </Button>
        </div>
        <p className={styles.hint}>{i18n.t('saved.select.hint')}</p>
      </Stack>
    );
  }
  // The list's own actions first, then the calendar's: on a phone each set fills a row.
  return (
    <fieldset className={styles.toolbar} aria-label={i18n.t('saved.actions.label')}>
      <Button
        variant="secondary"
        size="sm"
        isDisabled={events.length === 0}
        onPress={() => selection.send({ type: 'user.select' })}
      >
        {i18n.t('saved.actions.select')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        isDisabled={events.length === 0}
        onPress={() => void shareSavedList(events, toast)}
      >
        {i18n.t('saved.actions.share')}
      </Button>
      <Button variant="outline" size="sm" onPress={() => selection.send({ type: 'user.clearAll' })}>
        {i18n.t('saved.actions.clearAll')}
      </Button>
      <CalendarActions events={events} />
    </fieldset>
  );
}

/**
 * An id whose event the server no longer has (removed by its organiser): said plainly and
 * offered for removal rather than silently hidden, so the count and the list agree.
 */
function MissingEventsNotice({ missing }: { missing: readonly string[] }) {
  const setSavedEventIds = useAppState((state) => state.setSavedEventIds);
  const savedEventIds = useAppState((state) => state.savedEventIds);
  const count = missing.length;
  return (
    <div className={noticeRecipe({ tone: 'warning' })} role="status">
      <p>{i18n.t('saved.missing.text', { count })}</p>
      <Button
        variant="outline"
        size="sm"
        onPress={() => setSavedEventIds(savedEventIds.filter((id) => !missing.includes(id)))}
      >
        {i18n.t('saved.missing.remove', { count })}
      </Button>
    </div>
  );
}

/**
 * A saved event: outside select mode the title link stores the event and opens
 * /event-detail#event-{id} (docs/product.md#spec-2 "Clicking a card selects it and sets the hash"); in select
 * mode the whole card is its checkbox.
 */
function SavedEventCard({ event, eagerImage }: { event: Event; eagerImage: boolean }) {
  const selection = SavedSelectionActor.useActorRef();
  const selecting = SavedSelectionActor.useSelector((state) => state.matches('selecting'));
  const isSelected = SavedSelectionActor.useSelector((state) =>
    state.context.selected.includes(event.id),
  );
  return (
    <EventCard
      event={event}
      headingLevel={2}
      eagerImage={eagerImage}
      titleContent={
        selecting ? (
          event.title
        ) : (
          <SavedEventLink event={event} className={cardStyles.titleLink}>
            {event.title}
          </SavedEventLink>
        )
      }
      overlay={
        selecting ? (
          <Checkbox
            className={styles.selectOverlay}
            aria-label={i18n.t('saved.select.event', { title: event.title })}
            isSelected={isSelected}
            onChange={() => selection.send({ type: 'user.toggle', id: event.id })}
          >
            <span className={styles.checkbox}>
              {isSelected ? (
                // Bolder than the set's stroke: it reads on the small accent box.
                <Icon name="check" size={20} strokeWidth={3} />
              ) : null}
            </span>
          </Checkbox>
        ) : null
      }
    />
  );
}

/**
 * Where Saved opens an event, from its list and from its map's pin card alike: the event is
 * stored (shown at once, without a fetch) and /event-detail#event-{id} opens, so Back returns to
 * Saved as it was left, list or map.
 */
function SavedEventLink({ event, ...link }: DetailsLinkProps) {
  const selection = SavedSelectionActor.useActorRef();
  return (
    <Link
      to="/event-detail"
      hash={`event-${event.id}`}
      onClick={() => selection.send({ type: 'user.open', event })}
      {...link}
    />
  );
}

/** Clear All asks first: the list cannot be brought back. */
function ClearAllDialog({ count }: { count: number }) {
  const selection = SavedSelectionActor.useActorRef();
  const confirming = SavedSelectionActor.useSelector((state) => state.matches('confirmingClear'));
  return (
    <Modal
      role="alertdialog"
      title={i18n.t('saved.clearAll.title')}
      isOpen={confirming}
      onOpenChange={(isOpen) => {
        if (!isOpen) selection.send({ type: 'user.cancelClear' });
      }}
    >
      <Stack space="4">
        <p>{i18n.t('saved.clearAll.text', { count })}</p>
        <div className={dialogActions}>
          <Button variant="outline" onPress={() => selection.send({ type: 'user.cancelClear' })}>
            {i18n.t('saved.clearAll.cancel')}
          </Button>
          <Button variant="danger" onPress={() => selection.send({ type: 'user.confirmClear' })}>
            {i18n.t('saved.clearAll.confirm', { count })}
          </Button>
        </div>
      </Stack>
    </Modal>
  );
}
