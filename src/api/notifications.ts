import { queryOptions } from '@tanstack/react-query';
import type { NotificationList } from '../../contract/notifications.ts';
import { type ApiClient, api } from './client.ts';

export const notificationsQueryKey = ['/api/me/notifications'] as const;

/** The bell's list, newest first, with the unread count the badge shows. */
export function notificationsQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => client.get('me/notifications', { signal }).json<NotificationList>(),
  });
}

/** Marks everything up to now read; the answer is the list as it is afterwards. */
export async function markNotificationsRead(client: ApiClient = api): Promise<NotificationList> {
  return client.post('me/notifications/read').json<NotificationList>();
}
