import { queryOptions } from '@tanstack/react-query';
import type { JobList } from '../../contract/jobs.ts';
import type { AccountRole, AddSourceBody, SourceList } from '../../contract/operator.ts';
import type { SourceSummary } from '../../contract/sources.ts';
import type { Suggestion, SuggestionList } from '../../contract/suggestions.ts';
import { type ApiClient, api } from './client.ts';

/*
 * The operator's calls (docs/suggestions.md): reviewing suggestions, running the event sources
 * and reading how the server's timed work goes. Every one but the role answers 403 to a caller
 * who is not an operator; the screen shows that message as it comes. Only the routes that use it
 * import this module, so it stays out of the first-load chunk.
 */

export const waitingSuggestionsQueryKey = [
  '/api/operator/suggestions',
  { status: 'waiting' },
] as const;
export const sourcesQueryKey = ['/api/operator/sources'] as const;
export const jobsQueryKey = ['/api/operator/jobs'] as const;
const myRoleQueryKey = ['/api/me/role'] as const;

/** Whether the caller is an operator: only then does Profile link to the operator screen. */
export function myRoleQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: myRoleQueryKey,
    queryFn: ({ signal }) => client.get('me/role', { signal }).json<AccountRole>(),
    // A role changes when the deployer edits configuration: rarely, and a reload picks it up.
    staleTime: 5 * 60_000,
  });
}

export function waitingSuggestionsQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: waitingSuggestionsQueryKey,
    queryFn: ({ signal }) =>
      client
        .get('operator/suggestions', { searchParams: { status: 'waiting' }, signal })
        .json<SuggestionList>(),
  });
}

export function sourcesQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: sourcesQueryKey,
    queryFn: ({ signal }) => client.get('operator/sources', { signal }).json<SourceList>(),
  });
}

/** The timed jobs (server/jobs/): polling, picture fetching, clean-ups, each with its last run. */
export function jobsQueryOptions(client: ApiClient = api) {
  return queryOptions({
    queryKey: jobsQueryKey,
    queryFn: ({ signal }) => client.get('operator/jobs', { signal }).json<JobList>(),
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
