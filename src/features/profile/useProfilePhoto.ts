import { type QueryCache, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCachedQuery } from '../../api/cachedQuery.ts';
import { profilePhotoQueryOptions } from '../../api/profilePhoto.ts';
import { useAppState } from '../../app/appState.tsx';

const PHOTO_KEY = profilePhotoQueryOptions(null).queryKey[0];

/** Caches whose photo URLs are already looked after (one watcher per cache, whoever asks first). */
const watchedCaches = new WeakSet<QueryCache>();

/**
 * The photo queries hold object URLs, which keep their image in memory until revoked. The
 * header and the profile share one cached URL, so no single component may revoke it when it
 * unmounts: the cache does. A newly loaded photo (a new photoUpdatedAt is a new key) drops the
 * entries of older ones, and a dropped entry (that, or the cache cleared at sign-out) or a
 * refetched one gives its URL back.
 */
function revokePhotoUrlsOf(cache: QueryCache): void {
  if (watchedCaches.has(cache)) return;
  watchedCaches.add(cache);
  const urls = new Map<string, string>();
  cache.subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] !== PHOTO_KEY) return;
    const hash = query.queryHash;
    const previous = urls.get(hash);
    const current: unknown = event.type === 'removed' ? undefined : query.state.data;
    if (previous !== undefined && previous !== current) {
      URL.revokeObjectURL(previous);
      urls.delete(hash);
    }
    if (typeof current === 'string' && previous !== current) {
      urls.set(hash, current);
      for (const older of cache.findAll({ queryKey: [PHOTO_KEY] })) {
        if (older.queryHash !== hash) cache.remove(older);
      }
    }
  });
}

/**
 * The signed-in user's profile photo as an object URL, or null without one (or while it loads,
 * or when it failed: the avatar then shows the initial or the icon). Used by the header, so
 * without useQuery (see useCachedQuery).
 */
export function useProfilePhotoUrl(): string | null {
  const photoUpdatedAt = useAppState((state) => state.currentUser?.photoUpdatedAt ?? null);
  const queryClient = useQueryClient();
  useEffect(() => revokePhotoUrlsOf(queryClient.getQueryCache()), [queryClient]);
  const state = useCachedQuery(profilePhotoQueryOptions(photoUpdatedAt), photoUpdatedAt !== null);
  return state?.data ?? null;
}
