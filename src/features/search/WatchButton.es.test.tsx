import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPage } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { type SentRequest, stubApiWrites } from '../../test/fakeApi.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { SearchScreen } from './SearchScreen.tsx';

/* "Tell me about new events like this" in Spanish (issues 34 and 35): the button and its toast. */

let sent: SentRequest[];

beforeEach(async () => {
  localStorage.clear();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-US']);
  ({ sent } = stubApiWrites(({ path }) => {
    if (path === '/api/me/watched-searches') return new Response(null, { status: 201 });
    const page: EventPage = { events: [eventFixture()], nextCursor: null };
    return Response.json(page);
  }));
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('watching a search, in Spanish (issue 35)', () => {
  it('saves it under a Spanish name and says so, with the way to Profile', async () => {
    const store = createAppStateStore(null);
    store.setFamilyMode(false);
    await renderWithRouter(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <AppStateProvider store={store}>
            <SearchScreen
              search={{ q: 'títeres', price: 'free', radius: '5mi' }}
              onSearchChange={() => undefined}
            />
          </AppStateProvider>
        </ToastProvider>
      </QueryClientProvider>,
      { path: '/search' },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Avísame de eventos nuevos como estos' }),
    );
    await waitFor(() =>
      expect(sent.filter((request) => request.path === '/api/me/watched-searches')).toHaveLength(1),
    );
    expect(await screen.findByText('Siguiendo "títeres · Gratis · Hasta 5 mi"')).toBeVisible();
    expect(
      screen.getByText('Te avisaremos de eventos nuevos como estos. Puedes cambiarlo en Perfil.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Abrir perfil' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bsearch\.[a-zA-Z]+\.[a-zA-Z]/);
  });
});
