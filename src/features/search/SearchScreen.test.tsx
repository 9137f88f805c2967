import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPage } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { type FakeApi, stubApi } from '../../test/fakeApi.ts';
import { eventFixture, samUserRecord } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import type { SearchChange } from './filterOptions.ts';
import { type HistoryMode, SEARCH_DEBOUNCE_MS, SearchScreen } from './SearchScreen.tsx';

let store: AppStateStore;
let api: FakeApi;
let changes: { search: SearchPageSearch; history: HistoryMode }[];
/** Sets the search from outside the screen, as Back does. */
let setFromOutside: (search: SearchPageSearch) => void;

function page(events = [eventFixture()], nextCursor: string | null = null): Response {
  const body: EventPage = { events, nextCursor };
  return Response.json(body);
}

/** The route's part: the search state, changed by the screen's requests, recorded. */
function Harness({ initial }: { initial: SearchPageSearch }) {
  const [search, setSearch] = useState(initial);
  setFromOutside = setSearch;
  const changeSearch = (change: SearchChange, history: HistoryMode) => {
    setSearch((current) => {
      const next = change(current);
      changes.push({ search: next, history });
      return next;
    });
  };
  return <SearchScreen search={search} onSearchChange={changeSearch} />;
}

async function renderSearch(initial: SearchPageSearch = {}) {
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      {/* The app's toasts: the watch button (issue 34) reports in one. */}
      <ToastProvider>
        <AppStateProvider store={store}>
          <Harness initial={initial} />
        </AppStateProvider>
      </ToastProvider>
    </QueryClientProvider>,
    { path: '/search' },
  );
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search events' });
const sentParams = () => {
  const last = api.requestsTo('/api/events/search').at(-1);
  return last ? Object.fromEntries(last.searchParams) : null;
};

beforeEach(() => {
  localStorage.clear();
  store = createAppStateStore(null);
  changes = [];
  api = stubApi(() => page());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SearchScreen, the request (docs/product.md#spec-5-search-request)', () => {
  it('sends only what is set: the header location and family mode when on', async () => {
    await renderSearch();
    await screen.findByText('1 event(s) found');
    expect(sentParams()).toEqual({ location: 'San Francisco, CA', familyMode: 'true' });
  });

  it('leaves family mode out when it is off, and sends every filter with the zone for a date', async () => {
    store.setFamilyMode(false);
    await renderSearch({
      q: 'jazz',
      category: 'music',
      price: 'free',
      date: 'weekend',
      location: 'Oakland, CA',
    });
    await screen.findByText('1 event(s) found');
    expect(sentParams()).toEqual({
      query: 'jazz',
      category: 'music',
      price: 'free',
      date: 'weekend',
      location: 'Oakland, CA',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getByRole('heading', { name: 'Showing events near Oakland, CA' })).toBeVisible();
  });

  it("keeps Home's Tomorrow chip or picked day (its See All), sent with the zone, each a removable filter", async () => {
    await renderSearch({ date: 'tomorrow', fits: true });
    await screen.findByText('1 event(s) found');
    expect(sentParams()).toMatchObject({ date: 'tomorrow', tz: expect.any(String) });
    expect(screen.getByRole('button', { name: 'Remove filter Tomorrow' })).toBeVisible();
    cleanup();

    await renderSearch({ day: '2026-12-05' });
    await screen.findByText('1 event(s) found');
    expect(sentParams()).toMatchObject({ date: '2026-12-05', tz: expect.any(String) });
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Dec 5' }));
    expect(changes.at(-1)?.search).toEqual({ day: undefined });
  });

  it('logs "Failed to fetch events" on a failed request and shows empty results', async () => {
    vi.unstubAllGlobals();
    stubApi(() => Response.json({ error: 'internal', message: 'down' }, { status: 500 }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderSearch({ q: 'jazz' });
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeVisible();
    expect(screen.getByText('0 event(s) found')).toBeVisible();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe('Failed to fetch events');
    logged.mockRestore();
  });
});

describe('SearchScreen, the text box', () => {
  it('puts the words in the address once typing pauses, replacing the history entry', async () => {
    await renderSearch();
    // The keys go in one after another without yielding to timers (delay: null), as a quick
    // typist's do: on a loaded machine a keystroke's re-render alone can outlast the debounce.
    const user = userEvent.setup({ delay: null });
    await user.type(searchBox(), '  jazz picnic ');
    // Nothing per keystroke...
    expect(changes).toEqual([]);
    // ...one change for the pause, trimmed.
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({ search: { q: 'jazz picnic' }, history: 'replace' });
    await vi.waitFor(() => expect(sentParams()?.query).toBe('jazz picnic'));
  });

  it('searches at once on Enter', async () => {
    await renderSearch();
    await userEvent.type(searchBox(), 'zoo{Enter}');
    expect(changes).toEqual([{ search: { q: 'zoo' }, history: 'replace' }]);
  });

  it('shows a search changed from outside (Back), and does not write it back', async () => {
    await renderSearch({ q: 'zoo' });
    expect(searchBox()).toHaveValue('zoo');
    act(() => setFromOutside({ q: 'aquarium' }));
    expect(searchBox()).toHaveValue('aquarium');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(changes).toEqual([]);
  });
});

describe('SearchScreen, filters and shortcuts', () => {
  it('a category chip is a new history entry, and a second press removes it', async () => {
    await renderSearch();
    const row = screen.getByRole('group', { name: 'Categories' });
    const comedy = screen
      .getAllByRole('button', { name: 'Comedy' })
      .find((button) => row.contains(button));
    if (!comedy) throw new Error('no Comedy chip in the row');
    await userEvent.click(comedy);
    expect(comedy).toHaveAttribute('aria-pressed', 'true');
    // The address follows once the pressed chip is painted (useFeedbackFirst).
    await waitFor(() =>
      expect(changes.at(-1)).toEqual({ search: { category: 'comedy' }, history: 'push' }),
    );
    expect(comedy).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(comedy);
    expect(comedy).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(changes.at(-1)?.search.category).toBeUndefined());
    expect(comedy).toHaveAttribute('aria-pressed', 'false');
  });

  it('Clear Filters in the empty state clears only the words and the category', async () => {
    vi.unstubAllGlobals();
    api = stubApi(() => page([]));
    await renderSearch({ q: 'zzz', category: 'comedy', price: 'free', date: 'today' });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear Filters' }));
    expect(changes.at(-1)).toEqual({
      search: { q: undefined, category: undefined, price: 'free', date: 'today' },
      history: 'push',
    });
  });

  it('offers the last search while this visit has none, and restores all of it', async () => {
    localStorage.setItem('famjam_last_search', JSON.stringify({ q: 'puppets', price: 'free' }));
    await renderSearch();
    await userEvent.click(
      screen.getByRole('button', { name: 'Continue last search: "puppets" · Free' }),
    );
    expect(changes.at(-1)?.search).toMatchObject({ q: 'puppets', price: 'free' });
    expect(searchBox()).toHaveValue('puppets');
    expect(screen.queryByRole('button', { name: /^Continue last search/ })).toBeNull();
  });

  it('says when more results exist, and loads them with Load more events', async () => {
    vi.unstubAllGlobals();
    api = stubApi((url) =>
      url.searchParams.get('cursor') === 'page-2'
        ? page([eventFixture({ id: 'seed:2', title: 'Second page' })])
        : page([eventFixture()], 'page-2'),
    );
    await renderSearch();
    expect(await screen.findByText(/^1 event\(s\) found/)).toHaveTextContent(
      '1 event(s) found · more below',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more events' }));
    expect(await screen.findByText("That's all 2 events")).toBeVisible();
    expect(screen.getByText('2 event(s) found')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Second page' })).toBeVisible();
  });
});

describe("SearchScreen, 'Fits my family'", () => {
  const toggle = () => screen.queryByRole('button', { name: 'Fits my family' });

  it('is offered only when the profile has family groups', async () => {
    await renderSearch();
    await screen.findByText('1 event(s) found');
    expect(toggle()).toBeNull();
  });

  it("sends the profile's groups as ages, keeps the choice in the address, and turns off again", async () => {
    store.setCurrentUser({ ...samUserRecord, familySituation: 'young_kids,teens' });
    await renderSearch();
    await screen.findByText('1 event(s) found');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(sentParams()).not.toHaveProperty('ages');

    // It says which groups it keeps, and their ages, before it is pressed.
    expect(toggle()).toHaveTextContent('Fits my family · Young kids, Teens');
    expect(toggle()).toHaveAccessibleDescription(
      'Keeps events for young kids (0-8 years) and teens (13-17)',
    );

    await userEvent.click(toggle() as HTMLElement);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(changes.at(-1)).toEqual({ search: { fits: true }, history: 'push' });
    await vi.waitFor(() => expect(sentParams()?.ages).toBe('teens,young_kids'));

    await userEvent.click(toggle() as HTMLElement);
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(changes.at(-1)?.search.fits).toBeUndefined();
  });

  it('sends no ages from an address with fits=true when the profile has no groups', async () => {
    store.setCurrentUser({ ...samUserRecord, familySituation: '' });
    await renderSearch({ fits: true });
    await screen.findByText('1 event(s) found');
    expect(toggle()).toBeNull();
    expect(sentParams()).not.toHaveProperty('ages');
  });
});

describe("SearchScreen, the family's radius (issue 33)", () => {
  it('names the radius the results keep from last time, and removing it searches without it', async () => {
    store.setFamilyRadius('10km');
    await renderSearch();
    const chip = await screen.findByRole('button', { name: /^Remove filter Within / });
    await waitFor(() => expect(sentParams()).toMatchObject({ radiusKm: '10' }));
    await userEvent.click(chip);
    expect(store.getSnapshot().familyRadius).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove filter Within / })).toBeNull();
    await waitFor(() => expect(sentParams()).not.toHaveProperty('radiusKm'));
    // The address never held it: nothing to write.
    expect(changes).toEqual([]);
  });

  it('Clear All Filters forgets it with the rest', async () => {
    store.setFamilyRadius('5mi');
    await renderSearch({ category: 'music' });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear All Filters' }));
    expect(store.getSnapshot().familyRadius).toBeNull();
    expect(changes.at(-1)?.search.category).toBeUndefined();
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });
});

describe('SearchScreen, List and Map (issue 33)', () => {
  // Showing the map fetches its code (SearchResults.tsx's lazy section, which asks for Leaflet's
  // chunk too). A test that ends first must not leave those imports running into the next
  // file's environment (vitest then fails that file at teardown, as a slow machine showed):
  // each test waits for the same modules before it ends.
  afterEach(async () => {
    await Promise.allSettled([
      import('../map/ResultsMapSection.tsx'),
      import('../map/ResultsMap.tsx'),
    ]);
  });

  it('the switch changes only the view: the filters and the count stay, and List comes back', async () => {
    await renderSearch({ q: 'jazz', category: 'music' });
    await screen.findByText('1 event(s) found');
    const list = screen.getByRole('button', { name: 'List' });
    const map = screen.getByRole('button', { name: 'Map' });
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(map).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(map);
    expect(changes.at(-1)).toEqual({
      search: { q: 'jazz', category: 'music', view: 'map' },
      history: 'push',
    });
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    // The list stays whole below the map, with its count.
    expect(screen.getByText('1 event(s) found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Family Jazz Picnic' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(changes.at(-1)).toEqual({
      search: { q: 'jazz', category: 'music', view: undefined },
      history: 'push',
    });
  });

  it('Back to the list (the address changed from outside) shows the list without writing', async () => {
    await renderSearch({ view: 'map' });
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    const written = changes.length;
    act(() => setFromOutside({}));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(changes).toHaveLength(written);
  });
});
