import { queryOptions } from '@tanstack/react-query';
import type { AccountRole } from '../../../contract/operator.ts';
import type { SuggestionList } from '../../../contract/suggestions.ts';
import { type ApiClient, api } from '../../api/client.ts';

/*
 * Profile's reads about suggested events (docs/suggestions.md). The 'Suggest an event' screen
 * (src/features/suggest) refreshes the list by the same key after sending; features share no
 * modules (contract/boundaries.test.ts), so the key is spelled in both, as the API path is.
 */

/** The caller's own suggestions, newest first, each with the words they are shown. */
export function mySuggestionsQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/me/suggestions'] as const,
    queryFn: ({ signal }) => client.get('me/suggestions', { signal }).json<SuggestionList>(),
  });
}

/** Whether the caller is an operator: only then does Profile link to the operator screen. */
export function myRoleQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/me/role'] as const,
    queryFn: ({ signal }) => client.get('me/role', { signal }).json<AccountRole>(),
    // A role changes when the deployer edits configuration: rarely, and a reload picks it up.
    staleTime: 5 * 60_000,
  });
}
