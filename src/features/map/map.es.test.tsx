import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n/i18n.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { clusterLabel, pinLabel } from './pins.ts';
import { ResultsMapSlot, ResultsViewSwitch } from './ResultsViewControls.tsx';
import { ResultsViewProvider } from './resultsViewActor.tsx';

/* The map's words in Spanish (issue 35): the List · Map switch, the failed map, the pins. */

// The map's chunk cannot be fetched (offline on a first visit, a deploy in between).
vi.mock('./ResultsMap.tsx', () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

beforeEach(async () => {
  localStorage.clear();
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('the map in Spanish (issue 35)', () => {
  it('names the switch, says the map is loading, then that it failed, and goes back to the list', async () => {
    const writeView = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ResultsViewProvider view="map" writeView={writeView}>
        <ResultsViewSwitch />
        <ResultsMapSlot events={[eventFixture()]} searchKey="{}" canSearchArea listId="results" />
      </ResultsViewProvider>,
    );
    const view = screen.getByRole('group', { name: 'Ver los resultados como' });
    expect(within(view).getByRole('button', { name: 'Mapa' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Cargando el mapa…')).toBeInTheDocument();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar el mapa. Todos los eventos siguen en la lista.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ver la lista' }));
    expect(writeView).toHaveBeenCalledExactlyOnceWith('list');
    expect(screen.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.body.textContent).not.toMatch(/\bmap\.[a-zA-Z]+\.[a-zA-Z]/);
  });

  it('says a cancelled pin and what a cluster does in Spanish', () => {
    const parade = eventFixture({ title: 'Puppet Parade', distanceKm: null, cancelled: true });
    expect(pinLabel(parade, 'km')).toMatch(/^Puppet Parade, .+, Cancelado$/);
    expect(clusterLabel(4, true)).toBe('4 eventos aquí, acercar');
    expect(clusterLabel(3, false)).toBe('3 eventos aquí, verlos');
  });
});
