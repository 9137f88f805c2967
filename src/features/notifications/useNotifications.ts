import { useQueryClient } from '@tanstack/react-query';
import { useCachedQuery } from '../../api/cachedQuery.ts';
import { HTTPError } from '../../api/client.ts';
import { notificationsQueryKey, notificationsQueryOptions } from '../../api/notifications.ts';
import { useAppState } from '../../app/appState.tsx';
import { useAuth } from '../../app/auth.tsx';

const options = notificationsQueryOptions();

/**
 * The signed-in user's notification list. Only a user with a profile has one (the server answers
 * 404 without): until the gate knows the record, nothing is asked. The header (first load)
 * reads it too, hence useCachedQuery rather than useQuery.
 */
export function useNotifications() {
  const signedIn = useAuth().user !== null;
  const hasProfile = useAppState((state) => state.currentUser !== null);
  const enabled = signedIn && hasProfile;
  const state = useCachedQuery(options, enabled);
  const queryClient = useQueryClient();
  return {
    /** False without a signed-in user with a profile: nothing is asked then. */
    enabled,
    state,
    retry: () =>
      void queryClient
        .fetchQuery({ ...options, staleTime: 0, gcTime: Number.POSITIVE_INFINITY })
        .catch(() => undefined),
  };
}

/** A 404 from the list: no profile (yet), which is not something to report as a failure. */
export function isNoProfileError(error: unknown): boolean {
  return error instanceof HTTPError && error.response.status === 404;
}

/**
 * The bell's number, or null when there is none to show: signed out, no profile, the list not
 * here yet or failed. (Profile's 'Push Notifications' is this device's Web Push since issue 34,
 * no longer a local switch for this number.)
 */
export function useBadgeCount(): number | null {
  const data = useNotifications().state?.data;
  if (!data || data.unreadCount === 0) return null;
  return data.unreadCount;
}

export { notificationsQueryKey };
