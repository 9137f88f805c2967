import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../../test/fixtures.ts';
import { MAP_FAILED_TEXT } from './MapPlace.tsx';
import { ResultsMapSlot, ResultsViewSwitch } from './ResultsViewControls.tsx';
import { ResultsViewProvider } from './resultsViewActor.tsx';

// The map's chunk cannot be fetched (offline on a first visit, a deploy in between).
vi.mock('./ResultsMap.tsx', () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

describe('the map that cannot load (issue 33)', () => {
  it("says so where the map would be, and 'Show list' goes back to the list", async () => {
    const writeView = vi.fn();
    // React reports the boundary's catch on the console; the screen is what counts here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ResultsViewProvider view="map" writeView={writeView}>
        <ResultsViewSwitch />
        <ResultsMapSlot events={[eventFixture()]} searchKey="{}" canSearchArea listId="results" />
      </ResultsViewProvider>,
    );
    expect(screen.getByText('Loading the map…')).toBeInTheDocument();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MAP_FAILED_TEXT);
    expect(MAP_FAILED_TEXT).toBe('The map could not load. Every event is still in the list.');

    await userEvent.click(screen.getByRole('button', { name: 'Show list' }));
    expect(writeView).toHaveBeenCalledExactlyOnceWith('list');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });
});
