import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useAppState, useAppStateStore } from '../../app/appState.tsx';
import { isEmptySearch, type SearchPageSearch } from '../../app/searchParams.ts';
import { SEARCH_TEXT_MAX_LENGTH } from '../../domain/searchFilters.ts';
import { Button, Chip, Inline, PageHeader, Skeleton, Stack, TextField } from '../../ui/index.ts';
import { sectionTitle } from '../../ui/page.css.ts';
import { agesParam, FitsMyFamilyChip, useFamilyGroups } from '../events/FitsMyFamily.tsx';
import { CategoryRow } from './CategoryRow.tsx';
import {
  filterChips,
  popularSearches,
  type SearchChange,
  withoutFilters,
} from './filterOptions.ts';
import { describeSearch, readLastSearch, rememberSearch } from './lastSearch.ts';
import { i18n } from './messages.ts';
import { SearchResults } from './SearchResults.tsx';
import * as styles from './search.css.ts';

// The location filter's combobox is about 18 KB gzipped: the panel loads when first opened.
const FilterPanel = lazy(() => import('./FilterPanel.tsx'));
// "Tell me about new events like this" (issue 34): lazy, with its decision whether to show, so
// /search's first load stays within its size budget.
const WatchButton = lazy(() => import('./WatchButton.tsx'));

/** Typing pauses this long before the address (and so the request) follows: one per pause. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * 'push' for a deliberate step (a filter, a chip, a popular search), so Back returns to the
 * search before it; 'replace' while typing, so Back does not walk through every pause.
 */
export type HistoryMode = 'push' | 'replace';

interface SearchScreenProps {
  /** The search as the URL holds it (the route's validated search params). */
  search: SearchPageSearch;
  onSearchChange: (change: SearchChange, history: HistoryMode) => void;
}

/** docs/product.md#spec-2-search ('Discover Events'): words, filters and results, all kept in the URL. */
export function SearchScreen({ search, onSearchChange }: SearchScreenProps) {
  const globalLocation = useAppState((state) => state.location);
  const familyGroups = useFamilyGroups();
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  // Read once per visit: what was searched last time, offered while this visit has no search.
  const [lastSearch] = useState(readLastSearch);
  const searchKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchKey is the search's content; the object itself is new on every navigation.
  useEffect(() => rememberSearch(search), [searchKey]);

  const familyRadius = useAppState((state) => state.familyRadius);
  const appState = useAppStateStore();
  const activeFilters = filterChips(search, undefined, familyRadius);
  const setFilters = (change: SearchChange) => {
    // 'All Categories' with none chosen changes nothing: no history entry for it.
    if (JSON.stringify(change(search)) === searchKey) return;
    onSearchChange(change, 'push');
  };

  return (
    <Stack space="5">
      <PageHeader title={i18n.t('search.title')} />
      <Stack space="3">
        <SearchBox search={search} onSearchChange={onSearchChange} />
        {/* One line under the box: the filter toggle stays put, and beside it 'Fits my family'
            and the categories swipe (left out while the panel, which has them too, is open). */}
        <div className={styles.toolRow}>
          <Button
            variant={panelOpen ? 'secondary' : 'outline'}
            size="sm"
            icon="sliders"
            aria-expanded={panelOpen}
            aria-controls={panelOpen ? panelId : undefined}
            onPress={() => setPanelOpen((open) => !open)}
          >
            {activeFilters.length > 0
              ? i18n.t('search.filters.buttonCount', { count: activeFilters.length })
              : i18n.t('search.filters.button')}
          </Button>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the focus listener only scrolls; the chips inside are the controls. */}
          <div
            className={styles.chipScroller}
            // A chip reached by Tab comes whole into view, clear of the faded edges (the
            // scroller's scroll-padding): browsers leave one that is partly in sight where it is.
            onFocus={(event) =>
              event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })
            }
          >
            <FitsMyFamilyChip
              groups={familyGroups}
              isSelected={search.fits === true}
              onChange={(on) =>
                setFilters((current) => ({ ...current, fits: on ? true : undefined }))
              }
            />
            {panelOpen ? null : (
              <CategoryRow
                selected={search.category}
                onChange={(category) => setFilters((current) => ({ ...current, category }))}
              />
            )}
          </div>
        </div>
        {activeFilters.length > 0 ? (
          <Inline space="2" aria-label={i18n.t('search.chips.label')} role="group">
            {activeFilters.map((filter) => (
              <Chip
                key={filter.key}
                compact
                iconEnd="close"
                aria-label={i18n.t('search.chips.remove', { filter: filter.label })}
                onPress={() =>
                  filter.key === 'familyRadius'
                    ? appState.setFamilyRadius(null)
                    : setFilters((current) => ({ ...current, [filter.key]: undefined }))
                }
              >
                {filter.label}
              </Chip>
            ))}
            <Button
              variant="ghost"
              size="sm"
              className={styles.clearAllFilters}
              onPress={() => {
                appState.setFamilyRadius(null);
                setFilters(withoutFilters);
              }}
            >
              {i18n.t('search.chips.clearAll')}
            </Button>
          </Inline>
        ) : null}

        {panelOpen ? (
          <div id={panelId}>
            <Suspense fallback={<Skeleton height={360} radius={16} />}>
              <FilterPanel search={search} onFiltersChange={setFilters} />
            </Suspense>
          </div>
        ) : null}
        <Suspense>
          <WatchButton search={search} />
        </Suspense>
      </Stack>

      {isEmptySearch(search) && lastSearch ? (
        <Button
          variant="secondary"
          icon="search"
          iconEnd="chevronRight"
          className={styles.lastSearch}
          onPress={() => setFilters(() => lastSearch)}
        >
          {i18n.t('search.lastSearch.continue', { search: describeSearch(lastSearch) })}
        </Button>
      ) : null}

      {search.q === undefined ? (
        <PopularSearches onPick={(q) => setFilters((current) => ({ ...current, q }))} />
      ) : null}

      <SearchResults
        search={search}
        location={search.location ?? globalLocation}
        ages={agesParam(search.fits === true, familyGroups)}
        onClearFilters={() =>
          setFilters((current) => ({ ...current, q: undefined, category: undefined }))
        }
        onSearchChange={onSearchChange}
      />
    </Stack>
  );
}

/**
 * The text box. What is typed shows at once; the address follows after a pause (replacing its
 * history entry), or at once on Enter. A search changed from elsewhere (Back, a popular search,
 * Clear Filters) comes back into the box.
 */
function SearchBox({ search, onSearchChange }: SearchScreenProps) {
  const urlText = search.q ?? '';
  const [text, setText] = useState(urlText);
  // The words this box last put in the address: when the address changes to anything else, the
  // change came from elsewhere and the box shows it.
  const written = useRef(urlText);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (urlText === written.current) return;
    written.current = urlText;
    clearTimeout(timer.current);
    setText(urlText);
  }, [urlText]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(value: string, history: HistoryMode) {
    clearTimeout(timer.current);
    const q = value.trim() === '' ? undefined : value.trim();
    if (q === (written.current || undefined)) return;
    written.current = q ?? '';
    onSearchChange((current) => ({ ...current, q }), history);
  }

  function onChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value, 'replace'), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    commit(text, 'replace');
  }

  return (
    // The search landmark as a role: the <search> element is unknown to iOS Safari before 17.
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <form role="search" onSubmit={onSubmit}>
      <TextField
        label={i18n.t('search.box.label')}
        hideLabel
        type="search"
        icon="search"
        placeholder={i18n.t('search.box.placeholder')}
        value={text}
        onChange={onChange}
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        enterKeyHint="search"
      />
    </form>
  );
}

function PopularSearches({ onPick }: { onPick: (q: string) => void }) {
  return (
    <section aria-labelledby="popular-searches-title">
      <Stack space="3">
        <h2 id="popular-searches-title" className={sectionTitle}>
          {i18n.t('search.popular.title')}
        </h2>
        <ul className={styles.popularRow}>
          {popularSearches.map((term) => (
            // Words searched for in the events' own words, which are English: they stay so in
            // every language, marked as English for screen readers (docs/i18n.md).
            <li key={term} lang="en">
              <Chip compact icon="search" onPress={() => onPick(term)}>
                {term}
              </Chip>
            </li>
          ))}
        </ul>
      </Stack>
    </section>
  );
}
