import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { apiErrorMessage, createApiClient } from './client.ts';

type FakeFetch = typeof fetch & { requests: Request[] };

/** A fetch that records each request and answers with the given response. */
function fakeFetch(respond: () => Response): FakeFetch {
  const requests: Request[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return respond();
  };
  return Object.assign(fetchImpl, { requests }) as FakeFetch;
}

const origin = 'http://famjam.test';

describe('api client', () => {
  it('sends requests under /api with credentials and the Bearer token of the signed-in user', async () => {
    const fetchImpl = fakeFetch(() => Response.json({ ok: true }));
    const client = createApiClient({
      origin,
      fetch: fetchImpl,
      getIdToken: async () => 'id-token-123',
    });

    await expect(client.get('users/by-email/a%40b.c').json()).resolves.toEqual({ ok: true });

    const [request] = fetchImpl.requests;
    expect(request?.url).toBe('http://famjam.test/api/users/by-email/a%40b.c');
    expect(request?.headers.get('Authorization')).toBe('Bearer id-token-123');
    expect(request?.credentials).toBe('include');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const fetchImpl = fakeFetch(() => Response.json({}));
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: async () => null });

    await client.get('config').json();

    expect(fetchImpl.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('turns a failed response into "{status}: {body}" and does not retry', async () => {
    const fetchImpl = fakeFetch(
      () => new Response('{"error":"forbidden","message":"Not your email"}', { status: 403 }),
    );
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: async () => null });

    const failure = client.get('users/by-email/x%40y.z').json();

    await expect(failure).rejects.toThrow('403: {"error":"forbidden","message":"Not your email"}');
    await expect(failure).rejects.toBeInstanceOf(HTTPError);
    expect(fetchImpl.requests).toHaveLength(1);
  });

  it('uses the status text when the failed response has no body', async () => {
    const fetchImpl = fakeFetch(
      () => new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    );
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: async () => null });

    await expect(client.post('users', { json: {} }).json()).rejects.toThrow(
      /^503: Service Unavailable$/,
    );
    expect(fetchImpl.requests).toHaveLength(1);
  });
});

describe('apiErrorMessage', () => {
  function failingClient(response: () => Response) {
    return createApiClient({ origin, fetch: async () => response(), getIdToken: async () => null });
  }

  async function failureOf(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected the request to fail');
  }

  it("reads the sentence of the API's JSON error body", async () => {
    const client = failingClient(() =>
      Response.json(
        { error: 'unknown_location', message: 'We couldn\'t find the place "Qwxzville".' },
        { status: 400 },
      ),
    );
    const error = await failureOf(client.get('events/categories').json());
    expect(apiErrorMessage(error)).toBe('We couldn\'t find the place "Qwxzville".');
  });

  it('keeps the generic "{status}: {body}" text when the body is not an API error', async () => {
    const html = failingClient(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(apiErrorMessage(await failureOf(html.get('x').json()))).toBe(
      '502: <h1>Bad gateway</h1>',
    );
    const otherJson = failingClient(() => Response.json({ message: 42 }, { status: 500 }));
    expect(apiErrorMessage(await failureOf(otherJson.get('x').json()))).toBe('500: {"message":42}');
  });

  it('gives the message of any other error, and a sentence for a thrown non-error', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(apiErrorMessage('boom')).toBe('Something went wrong. Please try again.');
  });
});
