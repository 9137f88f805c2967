import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../ui/test-utils.tsx';
import { isChunkLoadFailure } from './chunkLoadFailure.ts';
import { RouteError } from './RouteError.tsx';

/** What Vite's preload helper throws when a route's stylesheet cannot be fetched. */
const cssNotLoaded = new Error(
  'Unable to preload CSS for http://famjam.test/assets/_shell-DFc1s2aB.css',
);

afterEach(() => vi.restoreAllMocks());

describe('isChunkLoadFailure', () => {
  it("tells a chunk or stylesheet that could not be fetched from the page's own errors", () => {
    expect(isChunkLoadFailure(cssNotLoaded)).toBe(true);
    expect(
      isChunkLoadFailure(
        new TypeError('Failed to fetch dynamically imported module: http://famjam.test/a.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(
      isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isChunkLoadFailure('Unable to preload CSS for x')).toBe(false);
  });
});

describe('RouteError (issue 31, C.11)', () => {
  it("offline, says so with Try again, which does not reload into the browser's error page", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderWithRouter(<RouteError error={cssNotLoaded} reset={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Still offline.')).toBeVisible();
  });

  it('online, says the page did not load, and Try again reloads it', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await renderWithRouter(<RouteError error={cssNotLoaded} reset={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: "This page didn't load" })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('any other error: the app page, and Try again renders the page again in place', async () => {
    const reset = vi.fn();
    await renderWithRouter(<RouteError error={new Error('boom')} reset={reset} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledOnce();
  });
});
