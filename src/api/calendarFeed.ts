import { queryOptions } from '@tanstack/react-query';
import type { CalendarFeed } from '../../contract/calendarFeed.ts';
import { type ApiClient, api } from './client.ts';

/*
 * The signed-in user's private calendar feed. Types come from the contract as types only, so no
 * schema code reaches the browser. Sign-out clears the query cache, and the feed's address with it.
 */

export const calendarFeedQueryKey = ['/api/me/calendar-feed'] as const;

/** The feed's address; the server makes the feed on the first request. */
export function calendarFeedQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: calendarFeedQueryKey,
    queryFn: ({ signal }) => client.get('me/calendar-feed', { signal }).json<CalendarFeed>(),
  });
}

/** A new address for the feed; the old one stops working at once. */
export function rotateCalendarFeed(client: ApiClient = api): Promise<CalendarFeed> {
  return client.post('me/calendar-feed/rotate').json<CalendarFeed>();
}
