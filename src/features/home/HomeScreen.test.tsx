import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shakeMachine } from '../../../machines/shake.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { testClientConfig } from '../../test/fixtures.ts';
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
});
