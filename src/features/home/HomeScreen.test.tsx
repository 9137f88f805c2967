import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shakeMachine } from '../../../machines/shake.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { eventFixture, samUserRecord, testClientConfig } from '../../test/fixtures.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { HomeScreen } from './HomeScreen.tsx';
import { ShakeActor } from './shakeActor.ts';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

beforeEach(() => {
  testAuth.current = signedInAuth();
  // The sections' answers do not matter here: every request stays pending, each section on its
  // placeholder under its heading.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});

function renderHome(store = createAppStateStore(null)) {
  const logic = shakeMachine.provide({ actions: { openEvent: () => undefined } });
  return renderWithRouter(
    <ClientConfigProvider config={testClientConfig}>
      <QueryClientProvider client={createQueryClient()}>
        <AppStateProvider store={store}>
          <ToastProvider>
            <ShakeActor.Provider logic={logic}>
              <HomeScreen dateFilter={{ kind: 'none' }} onDateFilterChange={() => undefined} />
            </ShakeActor.Provider>
          </ToastProvider>
        </AppStateProvider>
      </QueryClientProvider>
    </ClientConfigProvider>,
    { path: '/' },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HomeScreen', () => {
  it('draws the sections a phone shows first in its first commit, the ones below in the next', async () => {
    const store = createAppStateStore(null);
    // What each commit left in the document: the top of the page and the sections below it.
    const commits: { picks: boolean; dining: boolean; deals: boolean }[] = [];
    const has = (name: string) =>
      [...document.querySelectorAll('h2')].some((heading) => heading.textContent === name);
    const logic = shakeMachine.provide({ actions: { openEvent: () => undefined } });
    await renderWithRouter(
      <ClientConfigProvider config={testClientConfig}>
        <QueryClientProvider client={createQueryClient()}>
          <AppStateProvider store={store}>
            <ToastProvider>
              <ShakeActor.Provider logic={logic}>
                <Profiler
                  id="home"
                  onRender={() =>
                    commits.push({
                      picks: has('FamJam Picks'),
                      dining: has('Family Dining'),
                      deals: has('Family Deals'),
                    })
                  }
                >
                  <HomeScreen dateFilter={{ kind: 'none' }} onDateFilterChange={() => undefined} />
                </Profiler>
              </ShakeActor.Provider>
            </ToastProvider>
          </AppStateProvider>
        </QueryClientProvider>
      </ClientConfigProvider>,
      { path: '/' },
    );

    expect(await screen.findByRole('heading', { name: 'Family Dining' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Family Deals' })).toBeVisible();
    expect(commits[0]).toEqual({ picks: true, dining: false, deals: false });
    expect(commits.at(-1)).toEqual({ picks: true, dining: true, deals: true });
  });

  it('never offers a cancelled event: not as the pick, not as a deal, not from the shake', async () => {
    // Home's list comes from the search, which still lists a cancelled event (marked), first here.
    const soon = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const called = eventFixture({
      id: 'test:called-off',
      title: 'Called-Off Kite Day',
      date: soon,
      price: '$10',
      cancelled: true,
    });
    const going = eventFixture({ id: 'test:going', title: 'Storytime at the Library', date: soon });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://famjam');
        if (url.pathname !== '/api/events/search') return new Promise<Response>(() => undefined);
        return Promise.resolve(Response.json({ events: [called, going], nextCursor: null }));
      }),
    );
    // The shake's random pick would be the list's first event.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await renderHome();

    const picks = (await screen.findByRole('heading', { name: 'FamJam Picks' })).closest('section');
    if (!picks) throw new Error('the picks heading is in no section');
    expect(
      await within(picks).findByRole('article', { name: 'Storytime at the Library' }),
    ).toBeVisible();
    const deals = screen.getByRole('heading', { name: 'Family Deals' }).closest('section');
    if (!deals) throw new Error('the deals heading is in no section');
    // Both are priced: only the one going ahead is a deal.
    expect(await within(deals).findByText('Storytime at the Library')).toBeVisible();
    expect(within(deals).queryByText('Called-Off Kite Day')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Tap to Shake' }));
    const found = await screen.findByRole(
      'dialog',
      { name: 'FamJam Found This!' },
      { timeout: 5000 },
    );
    expect(within(found).getByRole('heading', { name: 'Storytime at the Library' })).toBeVisible();
    expect(within(found).queryByText('Called-Off Kite Day')).toBeNull();
  });

  describe("the family's radius (issue 33)", () => {
    /** Every request Home makes, each left pending: only what was asked matters here. */
    function recordRequests(): URL[] {
      const requests: URL[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn((input: RequestInfo | URL) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          // The lists near a place; the family's polls, say, are not near anywhere.
          if (listPaths.includes(url.pathname)) requests.push(url);
          return new Promise<Response>(() => undefined);
        }),
      );
      return requests;
    }
    const listPaths = [
      '/api/events/search',
      '/api/events/categories',
      '/api/restaurants',
      '/api/me/recommendations',
    ];

    it('asks every list within the radius last picked in Search, in km', async () => {
      const requests = recordRequests();
      const store = createAppStateStore(null);
      store.setCurrentUser(samUserRecord);
      store.setFamilyRadius('5mi');
      await renderHome(store);
      await vi.waitFor(() =>
        expect(new Set(requests.map((url) => url.pathname))).toEqual(new Set(listPaths)),
      );
      for (const url of requests) {
        expect([url.pathname, url.searchParams.get('radiusKm')]).toEqual([url.pathname, '8.05']);
      }
    });

    it("sends no radius while the family has chosen none: the API's 40 km", async () => {
      const requests = recordRequests();
      const store = createAppStateStore(null);
      store.setCurrentUser(samUserRecord);
      await renderHome(store);
      await vi.waitFor(() =>
        expect(new Set(requests.map((url) => url.pathname))).toEqual(new Set(listPaths)),
      );
      expect(requests.filter((url) => url.searchParams.has('radiusKm'))).toEqual([]);
    });
  });
});
