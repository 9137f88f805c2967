import { queryOptions } from '@tanstack/react-query';
import type { SuggestEventBody, Suggestion, SuggestionList } from '../../contract/suggestions.ts';
import { type ApiClient, api } from './client.ts';

/*
 * Suggested events (docs/suggestions.md), the family's side: sending one (the 'Suggest an event'
 * screen) and listing one's own (Profile). Types come from the contract as types only, so no
 * schema code reaches the browser. Only the routes that use it import this module, so it stays
 * out of the first-load chunk.
 */

/** Profile's list of the caller's suggestions, which a sent suggestion refreshes. */
export const mySuggestionsQueryKey = ['/api/me/suggestions'] as const;

/** The caller's own suggestions, newest first, each with the words they are shown. */
export function mySuggestionsQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: mySuggestionsQueryKey,
    queryFn: ({ signal }) => client.get('me/suggestions', { signal }).json<SuggestionList>(),
  });
}

export function suggestEvent(body: SuggestEventBody, client: ApiClient = api): Promise<Suggestion> {
  return client.post('me/suggestions', { json: body }).json<Suggestion>();
}

/** The picture file itself as the body; the server decodes and re-encodes it. */
export function uploadSuggestionPicture(
  id: string,
  picture: Blob,
  client: ApiClient = api,
): Promise<Suggestion> {
  return client
    .post(`me/suggestions/${encodeURIComponent(id)}/picture`, {
      body: picture,
      headers: { 'content-type': picture.type || 'application/octet-stream' },
      // A phone photo on a slow uplink takes longer than the client's default 10 s.
      timeout: 60_000,
    })
    .json<Suggestion>();
}
