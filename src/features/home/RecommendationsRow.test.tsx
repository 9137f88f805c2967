import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recommendations } from '../../../contract/recommendations.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { stubApi } from '../../test/fakeApi.ts';
import { eventFixture, samUserRecord } from '../../test/fixtures.ts';
import { signedInAuth, signedOutAuth, testAuth } from '../../test/testAuth.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import RecommendationsRow, { RECOMMENDATIONS_FAILED_LOG } from './RecommendationsRow.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

let store: AppStateStore;

const jazzRows: Recommendations = {
  rows: [
    {
      because: 'Raffi',
      reason: 'artist',
      events: [eventFixture({ id: 'seed:raffi', title: 'Raffi Live' })],
    },
    {
      because: 'Jazz',
      reason: 'genre',
      events: [
        eventFixture({ id: 'seed:jazz-1', title: 'Late Night Jazz' }),
        eventFixture({ id: 'seed:jazz-2', title: 'Jazz Brunch' }),
      ],
    },
  ],
};

function renderRow(
  ages?: readonly ('teens' | 'young_kids')[],
  more: { date?: string; tz?: string; shownAbove?: string } = {},
) {
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <AppStateProvider store={store}>
        <RecommendationsRow location="Oakland, CA" familyMode ages={ages} {...more} />
      </AppStateProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  store = createAppStateStore(null);
  store.setCurrentUser({ ...samUserRecord, musicArtists: ['Raffi'] });
  testAuth.current = signedInAuth();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecommendationsRow', () => {
  it("shows a 'Because you like …' heading per row with its events linking to them", async () => {
    const api = stubApi(() => Response.json(jazzRows));
    await renderRow(['teens']);
    const raffi = await screen.findByRole('region', { name: 'Because you like Raffi' });
    expect(within(raffi).getByRole('link', { name: 'Raffi Live' })).toHaveAttribute(
      'href',
      '/event/seed%3Araffi',
    );
    const jazz = screen.getByRole('region', { name: 'Because you like Jazz' });
    expect(within(jazz).getAllByRole('listitem')).toHaveLength(2);
    expect(within(jazz).getByRole('link', { name: 'Jazz Brunch' })).toBeVisible();
    // Artists first, as the API ordered them.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Because you like Raffi',
      'Because you like Jazz',
    ]);
    const [request] = api.requestsTo('/api/me/recommendations');
    expect(request?.searchParams.toString()).toBe(
      'ages=teens&familyMode=true&location=Oakland%2C+CA',
    );
  });

  it('asks for the date chip the rest of Home follows, and leaves out the pick shown above', async () => {
    const api = stubApi(() => Response.json(jazzRows));
    await renderRow(undefined, {
      date: 'tomorrow',
      tz: 'America/Los_Angeles',
      shownAbove: 'seed:jazz-1',
    });
    const jazz = await screen.findByRole('region', { name: 'Because you like Jazz' });
    expect(
      within(jazz)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Jazz Brunch']);
    const [request] = api.requestsTo('/api/me/recommendations');
    expect(request?.searchParams.get('date')).toBe('tomorrow');
    expect(request?.searchParams.get('tz')).toBe('America/Los_Angeles');
  });

  it('drops a row whose only event is the pick shown above', async () => {
    stubApi(() => Response.json(jazzRows));
    await renderRow(undefined, { shownAbove: 'seed:raffi' });
    await screen.findByRole('region', { name: 'Because you like Jazz' });
    expect(screen.queryByRole('region', { name: 'Because you like Raffi' })).toBeNull();
  });

  it('shows nothing when no row matches', async () => {
    const api = stubApi(() => Response.json({ rows: [] }));
    await renderRow();
    await waitFor(() => expect(api.requestsTo('/api/me/recommendations')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading recommendations' })).toBeNull(),
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('hides itself and logs when the request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi(() => Response.json({ error: 'internal', message: 'Boom' }, { status: 500 }));
    await renderRow();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(RECOMMENDATIONS_FAILED_LOG, expect.any(Error)),
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks nothing while signed out, without a profile or without a taste', async () => {
    const api = stubApi(() => Response.json(jazzRows));
    testAuth.current = signedOutAuth();
    const signedOut = await renderRow();
    signedOut.unmount();
    testAuth.current = signedInAuth();
    store.setCurrentUser(null);
    const noProfile = await renderRow();
    noProfile.unmount();
    store.setCurrentUser({ ...samUserRecord, musicPreferences: [], musicArtists: [] });
    await renderRow();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(api.requestsTo('/api/me/recommendations')).toEqual([]);
  });
});
