import { type QueryCache, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profilePhotoQueryOptions } from '../../api/profilePhoto.ts';
import { useAppState } from '../../app/appState.tsx';

const PHOTO_KEY = profilePhotoQueryOptions(null).queryKey[0];

/** Caches whose photo URLs are already looked after (one watcher per cache, whoever asks first). */
const watchedCaches = new WeakSet<QueryCache>();

/**
 * The photo queries hold object URLs, which keep their image in memory until revoked. The
 * header and the profile share one cached URL, so no single component may revoke it when it
 * unmounts: the cache does, when it drops the query (a new photo is a new key, and the old one
 * is collected once nothing shows it; sign-out clears the cache) or when a refetch replaces it.
 */
function revokePhotoUrlsOf(cache: QueryCache): void {
  if (watchedCaches.has(cache)) return;
  watchedCaches.add(cache);
  const urls = new Map<string, string>();
  cache.subscribe((event) => {
    if (event.query.queryKey[0] !== PHOTO_KEY) return;
    const hash = event.query.queryHash;
    const previous = urls.get(hash);
    const current: unknown = event.type === 'removed' ? undefined : event.query.state.data;
    if (previous !== undefined && previous !== current) {
      URL.revokeObjectURL(previous);
      urls.delete(hash);
    }
    if (typeof current === 'string') urls.set(hash, current);
  });
}

/**
 * The signed-in user's profile photo as an object URL, or null without one (or while it loads,
 * or when it failed: the avatar then shows the initial or the icon).
 */
export function useProfilePhotoUrl(): string | null {
  const photoUpdatedAt = useAppState((state) => state.currentUser?.photoUpdatedAt ?? null);
  const queryClient = useQueryClient();
  useEffect(() => revokePhotoUrlsOf(queryClient.getQueryCache()), [queryClient]);
  const { data } = useQuery({
    ...profilePhotoQueryOptions(photoUpdatedAt),
    enabled: photoUpdatedAt !== null,
  });
  return data ?? null;
}
