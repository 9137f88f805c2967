import { queryOptions } from '@tanstack/react-query';
import type { KyInstance } from 'ky';
import type { AccountRole } from '../../../contract/operator.ts';
import type {
  SuggestEventBody,
  Suggestion,
  SuggestionList,
} from '../../../contract/suggestions.ts';
import { api } from '../../api/client.ts';

/*
 * Suggested events (docs/suggestions.md), the family's side. Types come from the contract as
 * types only, so no schema code reaches the browser.
 */

export const mySuggestionsKey = ['/api/me/suggestions'] as const;

/** The caller's own suggestions, newest first, each with the status text they are shown. */
export function mySuggestionsQueryOptions(client: KyInstance = api) {
  return queryOptions({
    queryKey: mySuggestionsKey,
    queryFn: ({ signal }) => client.get('me/suggestions', { signal }).json<SuggestionList>(),
  });
}

export function suggestEvent(
  body: SuggestEventBody,
  client: KyInstance = api,
): Promise<Suggestion> {
  return client.post('me/suggestions', { json: body }).json<Suggestion>();
}

/** The picture file itself as the body; the server decodes and re-encodes it. */
export function uploadSuggestionPicture(
  id: string,
  picture: Blob,
  client: KyInstance = api,
): Promise<Suggestion> {
  return client
    .post(`me/suggestions/${encodeURIComponent(id)}/picture`, {
      body: picture,
      headers: { 'content-type': picture.type || 'application/octet-stream' },
      // A phone photo on a slow uplink takes longer than ky's default 10 s.
      timeout: 60_000,
    })
    .json<Suggestion>();
}

/** Whether the caller is an operator: Profile shows the operator screen's link only then. */
export function myRoleQueryOptions(client: KyInstance = api) {
  return queryOptions({
    queryKey: ['/api/me/role'] as const,
    queryFn: ({ signal }) => client.get('me/role', { signal }).json<AccountRole>(),
    // A role changes when the deployer edits configuration: rarely, and a reload picks it up.
    staleTime: 5 * 60_000,
  });
}
