import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPage } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { type SentRequest, stubApiWrites } from '../../test/fakeApi.ts';
import { eventFixture, samUserRecord } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { SearchScreen } from './SearchScreen.tsx';
import { watchedSearchName } from './watchSearch.ts';

const BUTTON_NAME = 'Tell me about new events like this';
const LIMIT_MESSAGE = 'You can watch at most 10 searches. Delete one in Profile to add another.';

let store: AppStateStore;
let sent: SentRequest[];
let watchAnswer: () => Response;

async function renderSearch(search: SearchPageSearch) {
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <AppStateProvider store={store}>
          <SearchScreen search={search} onSearchChange={() => undefined} />
        </AppStateProvider>
      </ToastProvider>
    </QueryClientProvider>,
    { path: '/search' },
  );
}

const watchPosts = () =>
  sent.filter(
    (request) => request.method === 'POST' && request.path === '/api/me/watched-searches',
  );

beforeEach(() => {
  localStorage.clear();
  store = createAppStateStore(null);
  watchAnswer = () => new Response(null, { status: 201 });
  ({ sent } = stubApiWrites(({ path }) => {
    if (path === '/api/me/watched-searches') return watchAnswer();
    const page: EventPage = { events: [eventFixture()], nextCursor: null };
    return Response.json(page);
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Search's 'Tell me about new events like this' (issue 34)", () => {
  it('is offered only once the search has words or a filter', async () => {
    const { unmount } = await renderSearch({});
    await screen.findByText('1 event(s) found');
    expect(screen.queryByRole('button', { name: BUTTON_NAME })).not.toBeInTheDocument();
    unmount();

    // The list/map switch alone is no search to watch.
    const { unmount: unmountMap } = await renderSearch({ view: 'map' });
    await screen.findByRole('searchbox', { name: 'Search events' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: BUTTON_NAME })).not.toBeInTheDocument();
    unmountMap();

    await renderSearch({ category: 'music' });
    expect(await screen.findByRole('button', { name: BUTTON_NAME })).toBeInTheDocument();
  });

  it('saves the words and filters, named after them, and says so with a way to Profile', async () => {
    store.setCurrentUser({ ...samUserRecord, familySituation: 'young_kids' });
    await renderSearch({ q: 'music', radius: '5mi', price: 'free', date: 'weekend', fits: true });
    await userEvent.click(await screen.findByRole('button', { name: BUTTON_NAME }));
    await waitFor(() => expect(watchPosts()).toHaveLength(1));
    expect(watchPosts()[0]?.body).toEqual({
      name: 'music · Free · This Weekend · Within 5 mi · Fits my family',
      filters: {
        query: 'music',
        familyMode: true,
        ages: ['young_kids'],
        // The header's place: the search has none of its own.
        location: 'San Francisco, CA',
        price: 'free',
        date: 'weekend',
        radiusKm: 8.05,
      },
    });
    expect(
      await screen.findByText(
        'Watching "music · Free · This Weekend · Within 5 mi · Fits my family"',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Profile' })).toBeInTheDocument();
  });

  it("sends the family's kept radius and leaves the map's box out", async () => {
    store.setFamilyMode(false);
    store.setFamilyRadius('10km');
    await renderSearch({
      category: 'music',
      location: 'Oakland, CA',
      bbox: '-122.3,37.7,-122.2,37.9',
    });
    await userEvent.click(await screen.findByRole('button', { name: BUTTON_NAME }));
    await waitFor(() => expect(watchPosts()).toHaveLength(1));
    expect(watchPosts()[0]?.body).toEqual({
      name: 'Music & Shows · Oakland, CA · Within 6.2 mi',
      filters: { category: 'music', familyMode: false, location: 'Oakland, CA', radiusKm: 10 },
    });
  });

  it("shows the API's own message at the limit", async () => {
    watchAnswer = () => Response.json({ error: 'limit', message: LIMIT_MESSAGE }, { status: 409 });
    await renderSearch({ q: 'jazz' });
    await userEvent.click(await screen.findByRole('button', { name: BUTTON_NAME }));
    expect(await screen.findByText(LIMIT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText("This search wasn't saved")).toBeInTheDocument();
  });
});

describe('watchedSearchName', () => {
  it('is cut to the 60 characters a name may have, and never empty', () => {
    const name = watchedSearchName(
      { q: 'a very long search for outdoor family concerts in the park', price: 'under20' },
      null,
    );
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name).toBe('a very long search for outdoor family concerts in the park…');
    expect(watchedSearchName({}, null)).toBe('My search');
  });
});
