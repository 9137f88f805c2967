import { queryOptions } from '@tanstack/react-query';
import type { CreatePollBody, Poll, PollList } from '../../contract/polls.ts';
import { type ApiClient, api, HTTPError } from './client.ts';

/*
 * Family polls. Types come from the contract as types only, so no schema code reaches the
 * browser. A poll's id is its share secret; it goes into the path encoded like any text.
 */

const pollPath = (id: string) => `polls/${encodeURIComponent(id)}`;

/** The caller's newest polls (the home card shows the first). */
export function myPollsQueryOptions(limit: number, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/polls', { limit }] as const,
    queryFn: ({ signal }) =>
      client.get('polls', { searchParams: { limit }, signal }).json<PollList>(),
  });
}

/** One poll from a shared link; null when there is no such poll (deleted, or a bad link). */
export function pollQueryOptions(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/polls/{id}', { id }] as const,
    queryFn: async ({ signal }): Promise<Poll | null> => {
      try {
        return await client.get(pollPath(id), { signal }).json<Poll>();
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 404) return null;
        throw error;
      }
    },
  });
}

export function createPoll(body: CreatePollBody, client: ApiClient = api): Promise<Poll> {
  return client.post('polls', { json: body }).json<Poll>();
}

export function votePoll(id: string, optionId: string, client: ApiClient = api): Promise<Poll> {
  return client.put(`${pollPath(id)}/vote`, { json: { optionId } }).json<Poll>();
}

export function closePoll(id: string, client: ApiClient = api): Promise<Poll> {
  return client.post(`${pollPath(id)}/close`).json<Poll>();
}

export async function deletePoll(id: string, client: ApiClient = api): Promise<void> {
  await client.delete(pollPath(id));
}
