import type { SuggestEventBody, Suggestion } from '../../../contract/suggestions.ts';
import { type ApiClient, api } from '../../api/client.ts';

/*
 * Suggested events (docs/suggestions.md), the family's side. Types come from the contract as
 * types only, so no schema code reaches the browser.
 */

/**
 * Profile's list of the caller's suggestions (src/features/profile/suggestionQueries.ts), which
 * a sent suggestion refreshes. Spelled in both features: features share no modules.
 */
export const mySuggestionsKey = ['/api/me/suggestions'] as const;

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
