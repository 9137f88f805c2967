import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPage } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { stubApi } from '../../test/fakeApi.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import FilterPanel from './FilterPanel.tsx';
import { filterChips, type SearchChange } from './filterOptions.ts';
import { describeSearch } from './lastSearch.ts';
import { type HistoryMode, SearchScreen } from './SearchScreen.tsx';
import { watchedSearchName } from './watchSearch.ts';

/*
 * Search in Spanish (issue 35): what a Spanish-speaking family sees and hears, by role and text,
 * and no text id showing instead of its words.
 */

let store: AppStateStore;

function page(events = [eventFixture()], nextCursor: string | null = null): Response {
  const body: EventPage = { events, nextCursor };
  return Response.json(body);
}

function Harness({ initial }: { initial: SearchPageSearch }) {
  const [search, setSearch] = useState(initial);
  const changeSearch = (change: SearchChange, _history: HistoryMode) => setSearch(change);
  return <SearchScreen search={search} onSearchChange={changeSearch} />;
}

function renderSearch(initial: SearchPageSearch = {}) {
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <AppStateProvider store={store}>
          <Harness initial={initial} />
        </AppStateProvider>
      </ToastProvider>
    </QueryClientProvider>,
    { path: '/search' },
  );
}

const noIdLeaks = () =>
  expect(document.body.textContent).not.toMatch(/\b(search|map|app)\.[a-zA-Z]+\.[a-zA-Z]/);

beforeEach(async () => {
  localStorage.clear();
  // Miles, as a US family reads them: the radius chips say 'mi'.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-US']);
  store = createAppStateStore(null);
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('Search in Spanish (issue 35)', () => {
  it('speaks Spanish: the title, the box, the filter chips, the count and the end of the list', async () => {
    stubApi(() =>
      page([
        eventFixture({ id: 'seed:1' }),
        eventFixture({ id: 'seed:2', title: 'Puppet Parade' }),
        eventFixture({ id: 'seed:3', title: 'Story Time' }),
      ]),
    );
    await renderSearch({
      category: 'music',
      price: 'under20',
      date: 'weekend',
      location: 'Oakland, CA',
      radius: '5mi',
    });
    expect(await screen.findByText('3 eventos encontrados')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Descubre eventos' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar eventos' })).toHaveAttribute(
      'placeholder',
      'Busca eventos, lugares o actividades...',
    );
    expect(screen.getByRole('button', { name: 'Filtros (5)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Eventos cerca de Oakland, CA' })).toBeVisible();

    const active = screen.getByRole('group', { name: 'Filtros activos' });
    for (const chip of [
      'Música y espectáculos',
      'Menos de $20',
      'Este fin de semana',
      'Oakland, CA',
      'Hasta 5 mi',
    ]) {
      expect(
        within(active).getByRole('button', { name: `Quitar el filtro ${chip}` }),
      ).toBeVisible();
    }
    expect(within(active).getByRole('button', { name: 'Quitar todos los filtros' })).toBeVisible();

    // The category row: the nine categories in Spanish, the chosen one pressed.
    const categories = screen.getByRole('group', { name: 'Categorías' });
    expect(
      within(categories).getByRole('button', { name: 'Música y espectáculos' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(categories).getByRole('button', { name: 'Al azar' })).toBeVisible();

    // List · Map, and the end of the list.
    const view = screen.getByRole('group', { name: 'Ver los resultados como' });
    expect(within(view).getByRole('button', { name: 'Lista' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(view).getByRole('button', { name: 'Mapa' })).toBeVisible();
    expect(screen.getByText('Eso es todo: 3 eventos')).toBeVisible();
    expect(
      await screen.findByRole('button', { name: 'Avísame de eventos nuevos como estos' }),
    ).toBeVisible();
    noIdLeaks();
  });

  it('says one event in the singular, and offers the popular searches', async () => {
    stubApi(() => page());
    await renderSearch();
    expect(await screen.findByText('1 evento encontrado')).toBeInTheDocument();
    expect(screen.getByText('Ese es el único evento')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Búsquedas populares' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeVisible();
    noIdLeaks();
  });

  it('says when nothing was found', async () => {
    stubApi(() => page([]));
    await renderSearch({ q: 'zzz' });
    expect(await screen.findByRole('heading', { name: 'No encontramos eventos' })).toBeVisible();
    expect(screen.getByText('Prueba con otras palabras o cambia los filtros')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeVisible();
    noIdLeaks();
  });

  it('says there are more results below, and offers to load them', async () => {
    stubApi(() => page([eventFixture()], 'next'));
    await renderSearch();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1 evento encontrado · hay más abajo'),
    );
    expect(screen.getByRole('button', { name: 'Ver más eventos' })).toBeVisible();
    noIdLeaks();
  });

  it('names the last search and a watched search in Spanish', () => {
    expect(
      describeSearch({ q: 'títeres', category: 'arts', price: 'free', location: 'Oakland' }),
    ).toBe('"títeres" · Arte y cultura · Gratis · cerca de Oakland');
    expect(describeSearch({ date: 'tomorrow', fits: true })).toBe('Mañana · Para mi familia');
    expect(watchedSearchName({}, null)).toBe('Mi búsqueda');
    expect(filterChips({ bbox: '-122.3,37.7,-122.2,37.8' }, 'mi')).toEqual([
      { key: 'bbox', label: 'Zona del mapa' },
    ]);
  });
});

describe('The filter panel in Spanish (issue 35)', () => {
  function renderPanel(search: SearchPageSearch = {}) {
    stubApi(() => Response.json({ suggestions: [] }));
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <AppStateProvider store={store}>
          <FilterPanel search={search} onFiltersChange={() => undefined} />
        </AppStateProvider>
      </QueryClientProvider>,
    );
  }

  const options = (group: string) =>
    within(screen.getByRole('group', { name: group }))
      .getAllByRole('button')
      .map((button) => button.textContent);

  it('names every group and option in Spanish', () => {
    renderPanel({ price: 'free' });
    expect(screen.getByRole('region', { name: 'Filtros' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Lugar' })).toHaveAttribute(
      'placeholder',
      'Ciudad, barrio o código postal',
    );
    expect(options('Distancia')).toEqual([
      'Hasta 1 mi',
      'Hasta 3 mi',
      'Hasta 5 mi',
      'Hasta 10 mi',
      'Hasta 25 mi',
    ]);
    expect(options('Categoría')).toEqual([
      'Todas las categorías',
      'Música y espectáculos',
      'Comedia',
      'Partidos deportivos',
      'Comida y restaurantes',
      'Arte y cultura',
      'Deportes y actividad',
      'Ofertas y descuentos',
      'Eventos pop-up',
      'Al azar',
    ]);
    expect(options('Precio')).toEqual(['Gratis', 'Menos de $20', '$20-50', '$50+']);
    expect(
      within(screen.getByRole('group', { name: 'Precio' })).getByRole('button', { name: 'Gratis' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(options('Cuándo')).toEqual([
      'Hoy',
      'Esta semana',
      'Este fin de semana',
      'La próxima semana',
    ]);
    noIdLeaks();
  });

  it("says the map's area is searched instead of a distance", () => {
    renderPanel({ bbox: '-122.3,37.7,-122.2,37.8' });
    expect(
      screen.getByText(
        'Ahora buscas en la zona del mapa. Elige una distancia para volver a buscar alrededor del lugar.',
      ),
    ).toBeVisible();
    noIdLeaks();
  });
});
