import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import type { EventPage } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { SearchResults } from './SearchResults.tsx';
import { searchResultsQueryOptions } from './searchResultsQuery.ts';

const location = 'San Francisco, CA';

describe('SearchResults with a page already in the cache (the route asked for it early)', () => {
  it('draws the first six cards in its first commit and the rest in the next; the end comes last', async () => {
    const store = createAppStateStore(null);
    const familyMode = store.getSnapshot().familyMode;
    const queryClient = createQueryClient();
    const events = Array.from({ length: 20 }, (_, index) =>
      eventFixture({ id: `seed:sf-${index}`, title: `Event number ${index + 1}` }),
    );
    const page: EventPage = { events, nextCursor: 'next' };
    queryClient.setQueryData(
      searchResultsQueryOptions({}, { location, familyMode, familyRadius: null }).queryKey,
      {
        pages: [page],
        pageParams: [null],
      },
    );

    // What each commit left in the document: cards, and whether the list's end was there.
    const commits: { cards: number; end: boolean }[] = [];
    await renderWithRouter(
      <QueryClientProvider client={queryClient}>
        <AppStateProvider store={store}>
          <Profiler
            id="results"
            onRender={() =>
              commits.push({
                cards: document.querySelectorAll('article').length,
                end: document.body.textContent?.includes('Load more events') ?? false,
              })
            }
          >
            <SearchResults
              search={{}}
              location={location}
              onClearFilters={() => undefined}
              onSearchChange={() => undefined}
            />
          </Profiler>
        </AppStateProvider>
      </QueryClientProvider>,
      { path: '/search' },
    );

    expect(await screen.findByRole('heading', { name: 'Event number 20' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Load more events' })).toBeVisible();
    const withCards = commits.filter((commit) => commit.cards > 0);
    expect(withCards[0]).toEqual({ cards: 6, end: false });
    expect(withCards.at(-1)).toEqual({ cards: 20, end: true });
    expect(withCards.filter((commit) => commit.end).every((commit) => commit.cards === 20)).toBe(
      true,
    );
  });
});
