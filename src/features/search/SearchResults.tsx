import { useInfiniteQuery } from '@tanstack/react-query';
import { type ComponentProps, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { FamilyGroupId } from '../../../contract/family.ts';
import type { ResultsViewName } from '../../../machines/resultsView.ts';
import { useDeferredQueryState } from '../../api/useDeferredQueryState.ts';
import { useAppState } from '../../app/appState.tsx';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { Button, EmptyState, Icon, Stack } from '../../ui/index.ts';
import { usePastFirstCommit } from '../../ui/usePastFirstCommit.ts';
import { EventCard } from '../events/EventCard.tsx';
import { EventCardSkeleton } from '../events/EventCardSkeleton.tsx';
import {
  CountWithViewSwitch,
  MapFailed,
  MapLoadBoundary,
  MapPlaceholder,
} from '../map/MapPlace.tsx';
import type ResultsMapSectionType from '../map/ResultsMapSection.tsx';
import type { SearchChange } from './filterOptions.ts';
import { i18n } from './messages.ts';
import type { HistoryMode } from './SearchScreen.tsx';
import * as styles from './search.css.ts';
import { searchResultsQueryOptions } from './searchResultsQuery.ts';

/** docs/product.md#spec-9: loading placeholders on search. */
const SEARCH_PLACEHOLDER_COUNT = 5;
/** docs/product.md#spec-8: what a failed search logs; the screen then shows empty results. */
const SEARCH_FAILED_LOG = 'Failed to fetch events';
/** The next page starts loading this far before the end of the list comes into view. */
const PREFETCH_MARGIN = '600px 0px';
/**
 * Cards in the list's first render; the rest of the page follows in a background render. Two
 * fill a phone's screen, and the page's first commit (which also reveals the whole app) was the
 * longest task of a traced /search, most of it the twenty cards' elements.
 */
const FIRST_RENDER_CARDS = 6;

/**
 * The map with its chart, fetched when the address says `?view=map`. The map's own chunk (Leaflet)
 * is asked for at the same time rather than after this one arrives: the section's
 * ResultsMapSlot imports it lazily, and finds it on its way.
 */
function loadResultsMapSection() {
  import('../map/ResultsMap.tsx').catch(() => undefined);
  return import('../map/ResultsMapSection.tsx');
}

/** Search's map: where it loads, and what it says when its code cannot be fetched. */
function SearchMap({ writeView, ...section }: ComponentProps<typeof ResultsMapSectionType>) {
  // A new lazy component each time the map is shown: a failed fetch is tried again.
  const [ResultsMapSection] = useState(() => lazy(loadResultsMapSection));
  return (
    <MapLoadBoundary
      onFail={() => undefined}
      fallback={<MapFailed onShowList={() => writeView('list')} />}
    >
      <Suspense fallback={<MapPlaceholder />}>
        <ResultsMapSection writeView={writeView} {...section} />
      </Suspense>
    </MapLoadBoundary>
  );
}

/** The list's id: the map's 'Skip the map' lands on it. */
const RESULTS_LIST_ID = 'search-results-list';

/** What the results answer, the view aside: the map fits itself again when it changes. */
function searchKey({ view: _view, ...filters }: SearchPageSearch): string {
  return JSON.stringify(filters);
}

interface SearchResultsProps {
  search: SearchPageSearch;
  /** The place searched near: the filter's, else the header's (docs/product.md#spec-7). */
  location: string;
  /** 'Fits my family': the family's groups while it is on. */
  ages?: readonly FamilyGroupId[];
  /** The empty state's Clear Filters: words and category only (docs/product.md#spec-2). */
  onClearFilters: () => void;
  /** The List · Map switch and 'Search this area' write the address. */
  onSearchChange: (change: SearchChange, history: HistoryMode) => void;
}

/**
 * The results of one search, a page at a time (the API's cursor): placeholders while the first
 * page loads, more as the list's end comes near (or on 'Load more events'), the count as it
 * grows and a plain "that's all" at the end.
 */
export function SearchResults({
  search,
  location,
  ages,
  onClearFilters,
  onSearchChange,
}: SearchResultsProps) {
  const familyMode = useAppState((state) => state.familyMode);
  const familyRadius = useAppState((state) => state.familyRadius);
  const results = useInfiniteQuery(
    searchResultsQueryOptions(search, { location, familyMode, ages, familyRadius }),
  );
  const { error } = results;
  useEffect(() => {
    if (error) console.error(SEARCH_FAILED_LOG, error);
  }, [error]);
  // Each page of results is drawn in a background render (useDeferredQueryState says why).
  const shown = useDeferredQueryState(results);
  const events = useMemo(
    () => shown.data?.pages.flatMap((page) => page.events) ?? [],
    [shown.data],
  );

  // The first few cards in the list's first render, every card from the next one.
  const pastFirstRender = usePastFirstCommit();
  const cardCount = pastFirstRender ? events.length : Math.min(events.length, FIRST_RENDER_CARDS);
  const allCardsDrawn = cardCount >= events.length;

  const view = search.view ?? 'list';
  const writeView = (next: ResultsViewName) =>
    onSearchChange((current) => ({ ...current, view: next === 'map' ? 'map' : undefined }), 'push');

  const titleId = 'search-results-title';
  const pending = shown.status === 'pending';
  return (
    <section aria-labelledby={titleId}>
      <Stack space="3">
        <h2 id={titleId} className={styles.near}>
          <Icon name="mapPin" size={18} />
          <span>{i18n.t('search.results.near', { location })}</span>
        </h2>
        <CountWithViewSwitch view={view} onChange={writeView}>
          <p role="status" className={styles.count}>
            {/* docs/product.md's literal form, as the Saved footer's '{n} event(s) saved'. */}
            {pending
              ? i18n.t('search.results.searching')
              : i18n.t('search.results.count', { count: events.length })}
            {!pending && shown.hasNextPage ? (
              <span className={styles.countMore}> · {i18n.t('search.results.moreBelow')}</span>
            ) : null}
          </p>
        </CountWithViewSwitch>
        {/* The map sits above the list, which stays whole below it (issue 33). */}
        {pending || view !== 'map' ? null : (
          <SearchMap
            events={events}
            searchKey={searchKey(search)}
            bbox={search.bbox}
            canSearchArea
            listId={RESULTS_LIST_ID}
            writeView={writeView}
            searchArea={(bbox) => onSearchChange((current) => ({ ...current, bbox }), 'push')}
          />
        )}
        {pending ? (
          <ul className={styles.list} aria-hidden="true" data-testid="search-placeholders">
            {Array.from({ length: SEARCH_PLACEHOLDER_COUNT }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
              <li key={index}>
                <EventCardSkeleton />
              </li>
            ))}
          </ul>
        ) : events.length === 0 ? (
          <EmptyState
            title={i18n.t('search.empty.title')}
            text={i18n.t('search.empty.text')}
            icon="search"
            action={
              <Button variant="outline" onPress={onClearFilters}>
                {i18n.t('search.empty.clearFilters')}
              </Button>
            }
          />
        ) : (
          <>
            <ul id={RESULTS_LIST_ID} className={styles.list}>
              {events.slice(0, cardCount).map((event, index) => (
                <li key={event.id}>
                  <EventCard event={event} eagerImage={index < 2} />
                </li>
              ))}
            </ul>
            {/* Not under a list still being drawn: its line would load the next page early. */}
            {allCardsDrawn ? (
              <ListEnd
                count={events.length}
                hasMore={shown.hasNextPage === true}
                loadingMore={shown.isFetchingNextPage === true}
                failed={shown.isFetchNextPageError === true}
                loadMore={() => void results.fetchNextPage()}
              />
            ) : null}
          </>
        )}
      </Stack>
    </section>
  );
}

interface ListEndProps {
  count: number;
  hasMore: boolean;
  loadingMore: boolean;
  failed: boolean;
  loadMore: () => void;
}

/**
 * The bottom of the list: an invisible line that loads the next page as it scrolls near, with a
 * real button beside it for keyboards and screen readers (and for when loading failed, so a
 * failure does not retry by itself); or, at the end, how many there were.
 */
function ListEnd({ count, hasMore, loadingMore, failed, loadMore }: ListEndProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(loadMore);
  load.current = loadMore;
  const watching = hasMore && !loadingMore && !failed;

  useEffect(() => {
    const node = sentinel.current;
    if (!watching || !node || typeof IntersectionObserver === 'undefined') return;
    // Re-created after every page: if the end is still in view (a short page), the next loads.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching]);

  if (!hasMore) {
    return <p className={styles.listEnd}>{i18n.t('search.results.end', { count })}</p>;
  }
  return (
    <div className={styles.loadMore}>
      <div ref={sentinel} className={styles.sentinel} />
      {failed ? (
        <p role="alert" className={styles.loadMoreFailed}>
          {i18n.t('search.results.loadMoreFailed')}
        </p>
      ) : null}
      <Button variant="outline" isPending={loadingMore} onPress={loadMore}>
        {failed ? i18n.t('search.results.tryAgain') : i18n.t('search.results.loadMore')}
      </Button>
    </div>
  );
}
