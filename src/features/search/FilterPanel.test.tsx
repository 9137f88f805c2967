import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
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

describe('FilterPanel, the distance (issue 33)', () => {
  const distance = () => screen.getByRole('group', { name: 'Distance' });
  const choice = (name: string) => within(distance()).getByRole('button', { name });
  const speaks = (languages: string[]) =>
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  afterEach(() => vi.restoreAllMocks());

  it('offers miles where the family reads miles, the default chosen, and picks one into the URL and the device', async () => {
    speaks(['en-US']);
    const store = createAppStateStore(null);
    renderPanel({}, store);
    const offered = within(distance())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual([
      'Within 1 mi',
      'Within 3 mi',
      'Within 5 mi',
      'Within 10 mi',
      'Within 25 mi',
    ]);
    expect(choice('Within 25 mi')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(choice('Within 5 mi'));
    expect(applied).toEqual([{ radius: '5mi', bbox: undefined }]);
    expect(store.getSnapshot().familyRadius).toBe('5mi');
  });

  it('offers kilometres elsewhere, with the 40 km default among them', () => {
    speaks(['de-DE', 'de']);
    renderPanel();
    const offered = within(distance())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual([
      'Within 2 km',
      'Within 5 km',
      'Within 10 km',
      'Within 25 km',
      'Within 40 km',
      'Within 50 km',
    ]);
    expect(choice('Within 40 km')).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the family's own radius chosen when the URL has none, and the default forgets it", async () => {
    speaks(['en-US']);
    const store = createAppStateStore(null);
    store.setFamilyRadius('3mi');
    renderPanel({}, store);
    expect(choice('Within 3 mi')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(choice('Within 25 mi'));
    expect(store.getSnapshot().familyRadius).toBeNull();
    expect(applied).toEqual([{ radius: undefined, bbox: undefined }]);
  });

  it("shows a link's kilometres converted, as one more choice", () => {
    speaks(['en-US']);
    renderPanel({ radius: '10km' });
    expect(choice('Within 6.2 mi')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says the map area is searched instead, none chosen; a distance goes back to the circle', async () => {
    speaks(['en-GB']);
    const bbox = '-122.35000,37.75000,-122.15000,37.88000';
    renderPanel({ bbox });
    expect(within(distance()).queryByRole('button', { pressed: true })).toBeNull();
    expect(screen.getByText(/Searching the map area instead/)).toBeVisible();
    await userEvent.click(choice('Within 10 mi'));
    expect(applied).toEqual([{ bbox: undefined, radius: '10mi' }]);
  });
});
