import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { stubApi } from '../../test/fakeApi.ts';
import { samUserRecord } from '../../test/fixtures.ts';
import { useProfilePhotoUrl } from './useProfilePhoto.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setUp() {
  const store = createAppStateStore(null);
  const queryClient = createQueryClient();
  const api = stubApi(() => new Response(new Blob(['png'], { type: 'image/png' })));
  let made = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:photo-${++made}`);
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AppStateProvider store={store}>{children}</AppStateProvider>
    </QueryClientProvider>
  );
  return { store, queryClient, api, revoke, wrapper };
}

describe('useProfilePhotoUrl', () => {
  it('asks nothing without a photo', () => {
    const { store, api, wrapper } = setUp();
    store.setCurrentUser(samUserRecord);
    const { result } = renderHook(() => useProfilePhotoUrl(), { wrapper });
    expect(result.current).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('shows the photo as an object URL and revokes it once a new photo replaced it', async () => {
    const { store, queryClient, revoke, wrapper } = setUp();
    store.setCurrentUser({ ...samUserRecord, photoUpdatedAt: '2026-11-20T10:00:00.000Z' });
    const { result } = renderHook(() => useProfilePhotoUrl(), { wrapper });
    await waitFor(() => expect(result.current).toBe('blob:photo-1'));

    store.setCurrentUser({ ...samUserRecord, photoUpdatedAt: '2026-11-21T10:00:00.000Z' });
    await waitFor(() => expect(result.current).toBe('blob:photo-2'));
    expect(revoke).toHaveBeenCalledExactlyOnceWith('blob:photo-1');
    // The older photo's entry went with it.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['/api/me/photo'] })).toHaveLength(1);
  });

  it('revokes the photo when the session ends and the cache is cleared', async () => {
    const { store, queryClient, revoke, wrapper } = setUp();
    store.setCurrentUser({ ...samUserRecord, photoUpdatedAt: '2026-11-20T10:00:00.000Z' });
    const { result } = renderHook(() => useProfilePhotoUrl(), { wrapper });
    await waitFor(() => expect(result.current).toBe('blob:photo-1'));
    queryClient.clear();
    expect(revoke).toHaveBeenCalledExactlyOnceWith('blob:photo-1');
  });
});
