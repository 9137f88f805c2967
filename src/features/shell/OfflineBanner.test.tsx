import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { storageKeys } from '../../domain/constants.ts';
import { eventFixture } from '../../test/fixtures.ts';
import OfflineBanner from './OfflineBanner.tsx';

/** The banner's English (locales/en/shell.po). */
const OFFLINE_WITH_CACHE_TEXT = 'Showing previously loaded content';
const OFFLINE_WITHOUT_CACHE_TEXT = 'Limited content available without internet';

let online = true;

function goOffline() {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

function renderBanner() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OfflineBanner />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  localStorage.setItem(storageKeys.events, JSON.stringify([eventFixture()]));
});

afterEach(() => {
  // Back online for whatever runs next (React Query's online manager heard 'offline' too).
  goOnline();
  localStorage.clear();
});

describe('OfflineBanner (docs/product.md#spec-4-offline)', () => {
  it('says the cached content is shown when cached events exist', () => {
    renderBanner();
    expect(screen.getByRole('status', { name: 'Connection' })).toBeEmptyDOMElement();
    goOffline();
    expect(screen.getByText(OFFLINE_WITH_CACHE_TEXT)).toBeVisible();
    goOnline();
    expect(screen.queryByText(OFFLINE_WITH_CACHE_TEXT)).not.toBeInTheDocument();
  });

  it('reads the device when the network drops: a cache emptied behind its back is said to be gone', () => {
    renderBanner();
    // Removed without the app knowing (another tab, the browser's site data settings).
    localStorage.removeItem(storageKeys.events);
    goOffline();
    expect(screen.getByText(OFFLINE_WITHOUT_CACHE_TEXT)).toBeVisible();
    expect(screen.queryByText(OFFLINE_WITH_CACHE_TEXT)).not.toBeInTheDocument();
  });

  it('follows a change made in another tab while offline', () => {
    renderBanner();
    goOffline();
    expect(screen.getByText(OFFLINE_WITH_CACHE_TEXT)).toBeVisible();
    localStorage.removeItem(storageKeys.events);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.events }));
    });
    expect(screen.getByText(OFFLINE_WITHOUT_CACHE_TEXT)).toBeVisible();
  });
});
