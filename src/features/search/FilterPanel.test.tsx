import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { stubApi } from '../../test/fakeApi.ts';
import FilterPanel from './FilterPanel.tsx';
import type { SearchChange } from './filterOptions.ts';

let applied: SearchPageSearch[];

function renderPanel(search: SearchPageSearch = {}, store = createAppStateStore(null)) {
  const onFiltersChange = (change: SearchChange) => applied.push(change(search));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AppStateProvider store={store}>
        <FilterPanel search={search} onFiltersChange={onFiltersChange} />
        <button type="button">Somewhere else</button>
      </AppStateProvider>
    </QueryClientProvider>,
  );
}

const placeField = () => screen.getByRole('combobox', { name: 'Location' });

beforeEach(() => {
  applied = [];
  stubApi((url) =>
    url.pathname === '/api/geo/suggest'
      ? Response.json({
          suggestions: ['Oakland, CA'].filter((place) =>
            place.toLowerCase().startsWith((url.searchParams.get('q') ?? '').toLowerCase()),
          ),
        })
      : Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FilterPanel, the location filter', () => {
  it('applies a chosen suggestion, and not the half-typed words, when focus passes through the list', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(placeField(), 'Oakla');
    const suggestion = await screen.findByRole('option', { name: 'Oakland, CA' });
    // A pointer press can focus the option before it is chosen: that is not leaving the field.
    act(() => {
      fireEvent.blur(placeField(), { relatedTarget: suggestion });
    });
    expect(applied).toEqual([]);
    await user.click(suggestion);
    expect(applied).toEqual([{ location: 'Oakland, CA' }]);
  });

  it('applies what was typed when the field is left for somewhere else', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(placeField(), 'Berkeley, CA');
    // No suggestion matches, so the list closes and the rest of the page can be reached.
    await expect.poll(() => screen.queryByRole('listbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Somewhere else' }));
    expect(applied).toEqual([{ location: 'Berkeley, CA' }]);
  });
});
