import { queryOptions } from '@tanstack/react-query';
import type {
  CreateWatchedSearchBody,
  OutreachSettings,
  PushSubscriptionBody,
  UpdateOutreachBody,
  UpdateWatchedSearchBody,
  WatchedSearchList,
  WeeklyEmailPreviewResult,
} from '../../contract/outreach.ts';
import { type ApiClient, api } from './client.ts';

/*
 * Issue 34, the family's side of how FamJam reaches it outside the app (contract/outreach.ts):
 * the settings (which pushes, the weekly email), this device's push subscription, and the
 * watched searches. Types come from the contract as types only, so no schema code reaches the
 * browser; only Profile, onboarding's last step and Search's watch button (loaded on its first
 * press) import this module, so it stays out of every first load (vite.config.ts keeps it out of
 * the shared 'ui' chunk).
 */

export const outreachSettingsQueryKey = ['/api/me/outreach'] as const;
export const watchedSearchesQueryKey = ['/api/me/watched-searches'] as const;

/** The family's settings, the same on every device. */
export function outreachSettingsQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: outreachSettingsQueryKey,
    queryFn: ({ signal }) => client.get('me/outreach', { signal }).json<OutreachSettings>(),
  });
}

/** Changes only what `body` names; the answer is the settings as they are afterwards. */
export function updateOutreachSettings(
  body: UpdateOutreachBody,
  client: ApiClient = api,
): Promise<OutreachSettings> {
  return client.put('me/outreach', { json: body }).json<OutreachSettings>();
}

/**
 * Sends the caller this week's email now (what Thursday will bring), to the account's address:
 * a family that just turned it on sees what it gets. 409 while the weekly email is off.
 */
export function sendWeeklyEmailPreview(client: ApiClient = api): Promise<WeeklyEmailPreviewResult> {
  return client.post('me/outreach/weekly-email-preview').json<WeeklyEmailPreviewResult>();
}

/** Stores (or refreshes, by its endpoint) this device's push subscription. */
export async function savePushSubscription(
  body: PushSubscriptionBody,
  client: ApiClient = api,
): Promise<void> {
  await client.put('me/push-subscriptions', { json: body });
}

/** Forgets this device's push subscription on the server. */
export async function deletePushSubscription(
  endpoint: string,
  client: ApiClient = api,
): Promise<void> {
  await client.delete('me/push-subscriptions', { json: { endpoint } });
}

/** The family's watched searches, newest first, and how many it may keep. */
export function watchedSearchesQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: watchedSearchesQueryKey,
    queryFn: ({ signal }) =>
      client.get('me/watched-searches', { signal }).json<WatchedSearchList>(),
  });
}

/*
 * The writes below read no answer: the list is fetched again after each (the screens show what
 * the server kept, its order and its limit), so they need nothing from the body.
 */

/** Saves a search to watch; at the limit the API answers 409 with a sentence to show. */
export async function createWatchedSearch(
  body: CreateWatchedSearchBody,
  client: ApiClient = api,
): Promise<void> {
  await client.post('me/watched-searches', { json: body });
}

/** Renames, pauses or resumes one. */
export async function updateWatchedSearch(
  id: string,
  body: UpdateWatchedSearchBody,
  client: ApiClient = api,
): Promise<void> {
  await client.patch(`me/watched-searches/${encodeURIComponent(id)}`, { json: body });
}

export async function deleteWatchedSearch(id: string, client: ApiClient = api): Promise<void> {
  await client.delete(`me/watched-searches/${encodeURIComponent(id)}`);
}
