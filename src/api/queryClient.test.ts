import type { QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { createQueryClient, getQueryFn } from './queryClient.ts';

function clientAnswering(response: () => Response, seen: string[] = []) {
  return createApiClient({
    origin: 'http://famjam.test',
    getIdToken: async () => null,
    fetch: async (input) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return response();
    },
  });
}

function contextFor(queryKey: readonly unknown[]): QueryFunctionContext {
  return {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: createQueryClient(),
  } as QueryFunctionContext;
}

describe('getQueryFn', () => {
  it('requests the path at the head of the key', async () => {
    const seen: string[] = [];
    const queryFn = getQueryFn<string[]>({
      on401: 'throw',
      client: clientAnswering(() => Response.json(['a']), seen),
    });

    await expect(queryFn(contextFor(['/api/events', true, 'Oakland, CA']))).resolves.toEqual(['a']);
    expect(seen).toEqual(['http://famjam.test/api/events']);
  });

  it('throws on 401 by default', async () => {
    const queryFn = getQueryFn({
      on401: 'throw',
      client: clientAnswering(() => new Response('Unauthorized', { status: 401 })),
    });
    await expect(queryFn(contextFor(['events']))).rejects.toThrow('401: Unauthorized');
  });

  it('returns null on 401 when asked to', async () => {
    const queryFn = getQueryFn({
      on401: 'returnNull',
      client: clientAnswering(() => new Response('Unauthorized', { status: 401 })),
    });
    await expect(queryFn(contextFor(['events']))).resolves.toBeNull();
  });

  it('still throws other failures in returnNull mode', async () => {
    const queryFn = getQueryFn({
      on401: 'returnNull',
      client: clientAnswering(() => new Response('', { status: 500, statusText: 'Oops' })),
    });
    await expect(queryFn(contextFor(['events']))).rejects.toThrow('500: Oops');
  });
});

describe('createQueryClient', () => {
  it('has the spec defaults: no retries, no refetch on focus, never stale', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('does not retry a failing query', async () => {
    let calls = 0;
    const queryClient = createQueryClient(
      clientAnswering(() => {
        calls += 1;
        return new Response('down', { status: 502 });
      }),
    );
    await expect(queryClient.fetchQuery({ queryKey: ['events'] })).rejects.toThrow('502: down');
    expect(calls).toBe(1);
  });
});
