import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shakeMachine } from '../../../machines/shake.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { changeLocale } from '../../i18n/i18n.ts';
import {
  eventFixture,
  restaurantFixture,
  samUserRecord,
  testClientConfig,
} from '../../test/fixtures.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { HomeScreen } from './HomeScreen.tsx';
import { ShakeActor } from './shakeActor.ts';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

// Within the hero's 'today and the next days', so the shake picks it.
const soon = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
const picnic = eventFixture({
  id: 'test:picnic',
  title: 'Family Jazz Picnic',
  date: soon,
  price: 'Free',
  minAge: 3,
  maxAge: 8,
});
const brunch = eventFixture({ id: 'test:brunch', title: 'Jazz Brunch', date: soon, price: '' });

/** The API as Home reads it: one free event (so no deals), counts, a restaurant, a row for Jazz. */
function answer(url: URL): Promise<Response> {
  switch (url.pathname) {
    case '/api/events/search':
      return Promise.resolve(Response.json({ events: [picnic], nextCursor: null }));
    case '/api/events/categories':
      return Promise.resolve(
        Response.json({
          categories: [
            { id: 'music', label: 'Music', count: 3 },
            { id: 'outdoor', label: 'Outdoor', count: 1 },
          ],
          location: 'Oakland, CA',
        }),
      );
    case '/api/restaurants':
      return Promise.resolve(
        Response.json({ restaurants: [restaurantFixture()], nextCursor: null }),
      );
    case '/api/me/recommendations':
      return Promise.resolve(
        Response.json({ rows: [{ because: 'Jazz', reason: 'genre', events: [brunch] }] }),
      );
    default:
      return new Promise<Response>(() => undefined);
  }
}

beforeEach(async () => {
  testAuth.current = signedInAuth();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) =>
      answer(new URL(input instanceof Request ? input.url : String(input), 'http://famjam')),
    ),
  );
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderHome() {
  const store = createAppStateStore(null);
  store.setCurrentUser(samUserRecord);
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

describe('HomeScreen in Spanish', () => {
  it('speaks to the family in Spanish (tú), leaving the events as their sources wrote them', async () => {
    await renderHome();

    expect(screen.getByRole('heading', { level: 1, name: '¿Qué hacemos hoy?' })).toBeVisible();
    expect(
      screen.getByText(
        'Agita tu teléfono o toca el botón y te elegimos algo divertido cerca de ti.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Toca para agitar' })).toBeVisible();

    // The date chips and 'Fits my family'.
    const when = screen.getByRole('group', { name: 'Cuándo' });
    expect(
      within(when)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Hoy', 'Mañana', 'Este fin de semana', 'La próxima semana', 'Calendario']);
    expect(within(when).getByRole('button', { name: 'Calendario: elige un día' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Para mi familia/ })).toBeVisible();

    // The categories with their counts, in Spanish words around the API's names.
    // Named by id in Spanish; the API's label is the English.
    expect(
      await screen.findByRole('link', { name: 'Música y espectáculos, 3 eventos' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Outdoor, 1 evento' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Explora por categoría' })).toBeVisible();

    // The pick: the card's words in Spanish, the event's own in its source's.
    const picks = screen.getByRole('heading', { name: 'Lo mejor de FamJam' }).closest('section');
    if (!picks) throw new Error('the picks heading is in no section');
    const card = await within(picks).findByRole('article', { name: 'Family Jazz Picnic' });
    expect(within(card).getByText('GRATIS')).toBeVisible();
    expect(within(card).getByText('De 3 a 8 años')).toBeVisible();
    expect(within(card).getByText('Apto para familias')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Guardar Family Jazz Picnic' })).toBeVisible();
    expect(within(picks).getByRole('link', { name: 'Ver todo' })).toBeVisible();

    // The rows below the fold: recommendations, dining, and deals (none: the event is free).
    expect(await screen.findByRole('region', { name: 'Porque te gusta Jazz' })).toBeVisible();
    const dining = screen.getByRole('region', { name: 'Para comer en familia' });
    expect(
      await within(dining).findByRole('link', {
        name: 'Reservar una mesa en Little Star Pizza (se abre en una pestaña nueva)',
      }),
    ).toHaveTextContent('Reservar');
    expect(within(dining).getByRole('img', { name: 'Calificación: 4.5 de 5' })).toBeVisible();
    const deals = screen.getByRole('region', { name: 'Ofertas para la familia' });
    expect(
      await within(deals).findByText(
        'Por ahora no hay ofertas. ¡Vuelve pronto para encontrar buenas promociones!',
      ),
    ).toBeVisible();
    expect(within(deals).getByRole('link', { name: 'Ver todas las ofertas' })).toBeVisible();

    expect(document.body.textContent).not.toMatch(
      /\b(home|events|restaurants|notifications|ads)\.[a-z]+\.[a-zA-Z]/,
    );
  });

  it('shakes up a pick in Spanish', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await renderHome();
    await screen.findByRole('article', { name: 'Family Jazz Picnic' });

    await userEvent.click(screen.getByRole('button', { name: 'Toca para agitar' }));
    expect(await screen.findByRole('dialog', { name: 'Buscando ideas…' })).toBeVisible();
    const found = await screen.findByRole(
      'dialog',
      { name: '¡FamJam encontró esto!' },
      { timeout: 5000 },
    );
    expect(within(found).getByRole('heading', { name: 'Family Jazz Picnic' })).toBeVisible();
    expect(within(found).getByText('GRATIS')).toBeVisible();
    expect(within(found).getByRole('button', { name: 'Otra idea' })).toBeVisible();
    expect(within(found).getByRole('button', { name: '¡Vamos!' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\b(home|events)\.[a-z]+\.[a-zA-Z]/);
  });
});
