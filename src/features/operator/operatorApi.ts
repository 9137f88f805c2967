import { queryOptions } from '@tanstack/react-query';
import type { AddSourceBody, SourceList } from '../../../contract/operator.ts';
import type { SourceSummary } from '../../../contract/sources.ts';
import type { Suggestion, SuggestionList } from '../../../contract/suggestions.ts';
import { type ApiClient, api } from '../../api/client.ts';

/*
 * The operator screen's calls (docs/suggestions.md). Every one answers 403 to a caller who is
 * not an operator; the screen shows that message as it comes.
 */

export const waitingSuggestionsKey = ['/api/operator/suggestions', { status: 'waiting' }] as const;
export const sourcesKey = ['/api/operator/sources'] as const;

export function waitingSuggestionsQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: waitingSuggestionsKey,
    queryFn: ({ signal }) =>
      client
        .get('operator/suggestions', { searchParams: { status: 'waiting' }, signal })
        .json<SuggestionList>(),
  });
}

export function sourcesQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: sourcesKey,
    queryFn: ({ signal }) => client.get('operator/sources', { signal }).json<SourceList>(),
  });
}

const suggestionPath = (id: string) => `operator/suggestions/${encodeURIComponent(id)}`;

export function publishSuggestion(id: string, client: ApiClient = api): Promise<Suggestion> {
  return client.post(`${suggestionPath(id)}/publish`).json<Suggestion>();
}

export function declineSuggestion(
  id: string,
  reason: string,
  client: ApiClient = api,
): Promise<Suggestion> {
  return client.post(`${suggestionPath(id)}/decline`, { json: { reason } }).json<Suggestion>();
}

/** Runs the source and waits for the run: the download alone may take up to 30 s. */
export function runSourceNow(id: number, client: ApiClient = api): Promise<SourceSummary> {
  return client.post(`operator/sources/${id}/run`, { timeout: 90_000 }).json<SourceSummary>();
}

export function setSourcePaused(
  id: number,
  paused: boolean,
  client: ApiClient = api,
): Promise<SourceSummary> {
  return client.post(`operator/sources/${id}/${paused ? 'pause' : 'resume'}`).json<SourceSummary>();
}

/** 400 with the CLI's sentence for a wrong field, 409 when the feed is already a source. */
export function addSource(body: AddSourceBody, client: ApiClient = api): Promise<SourceSummary> {
  return client.post('operator/sources', { json: body }).json<SourceSummary>();
}

/** Forgets the source; the events it brought stay listed. */
export async function removeSource(id: number, client: ApiClient = api): Promise<void> {
  await client.delete(`operator/sources/${id}`);
}
