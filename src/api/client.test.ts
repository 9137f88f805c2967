import { HTTPError as KyHTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_READ_HEADER } from '../../contract/publicApi.ts';
import { SESSION_HINT_KEY } from '../domain/constants.ts';
import { changeLocale } from '../i18n/i18n.ts';
import {
  apiErrorField,
  apiErrorMessage,
  createApiClient,
  HTTPError,
  setSessionProbe,
} from './client.ts';

type FakeFetch = typeof fetch & { requests: Request[] };

/**
 * A fetch that records each request and answers with the given response. It keeps a copy, as a
 * real fetch reads the body when it sends: the client lets go of the body (ky cancels its
 * stream) once the answer is in.
 */
function fakeFetch(respond: () => Response): FakeFetch {
  const requests: Request[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input.clone() : new Request(input, init));
    return respond();
  };
  return Object.assign(fetchImpl, { requests }) as FakeFetch;
}

const origin = 'http://famjam.test';
const noToken = async () => null;

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

    await client.get('me/saved').json();

    expect(fetchImpl.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends public reads at once, without waiting for a session Firebase is still restoring', async () => {
    const fetchImpl = fakeFetch(() => Response.json({}));
    // A returning family's session: the token comes once Firebase has checked it (issue 36).
    let restore: (token: string) => void = () => undefined;
    const restored = new Promise<string>((resolve) => (restore = resolve));
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: () => restored });

    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    await client.get('events/search?query=zoo').json();
    await client.get('events/saved', { searchParams: { ids: 'a,b' } }).json();
    expect(fetchImpl.requests.map((request) => request.headers.has('Authorization'))).toEqual([
      false,
      false,
    ]);
    // Marked as a signed-in device's, so the service worker keeps them out of its cache.
    expect(fetchImpl.requests.map((request) => request.headers.get(SIGNED_IN_READ_HEADER))).toEqual(
      ['1', '1'],
    );
    // The configuration is everyone's: the worker keeps it, so the app starts offline.
    await client.get('config').json();
    expect(fetchImpl.requests[2]?.headers.has(SIGNED_IN_READ_HEADER)).toBe(false);
    localStorage.removeItem(SESSION_HINT_KEY);
    await client.get('events/search?query=zoo').json();
    expect(fetchImpl.requests[3]?.headers.has(SIGNED_IN_READ_HEADER)).toBe(false);

    // The family's own data waits for the token and carries it.
    const own = client.get('me/saved').json();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchImpl.requests).toHaveLength(4);
    restore('id-token-456');
    await own;
    expect(fetchImpl.requests[4]?.headers.get('Authorization')).toBe('Bearer id-token-456');
  });

  it('marks public reads while the sign-in library holds a user, even with no session hint', async () => {
    const fetchImpl = fakeFetch(() => Response.json({}));
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });
    setSessionProbe(() => true);
    try {
      await client.get('events/search?query=zoo').json();
    } finally {
      setSessionProbe(() => false);
    }
    expect(fetchImpl.requests[0]?.headers.get(SIGNED_IN_READ_HEADER)).toBe('1');
  });

  describe('the language', () => {
    afterEach(async () => {
      await changeLocale('en', { remember: false });
    });

    it('sends the language in use as Accept-Language, so the API answers in it', async () => {
      const fetchImpl = fakeFetch(() => Response.json({}));
      const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });

      await client.get('config').json();
      await changeLocale('es', { remember: false });
      await client.post('polls', { json: {} }).json();
      await changeLocale('pseudo', { remember: false });
      await client.get('config').json();

      expect(fetchImpl.requests.map((request) => request.headers.get('Accept-Language'))).toEqual([
        'en',
        'es',
        'en',
      ]);
    });
  });

  it('turns a failed response into "{status}: {body}" and does not retry', async () => {
    const fetchImpl = fakeFetch(
      () => new Response('{"error":"forbidden","message":"Not your email"}', { status: 403 }),
    );
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: async () => null });

    const failure = client.get('users/by-email/x%40y.z').json();

    await expect(failure).rejects.toThrow('403: {"error":"forbidden","message":"Not your email"}');
    await expect(failure).rejects.toBeInstanceOf(HTTPError);
    await expect(failure).rejects.toHaveProperty('response.status', 403);
    expect(fetchImpl.requests).toHaveLength(1);
  });

  it("fails with ky's own HTTPError: the requests go through ky, the design card's client", async () => {
    const client = createApiClient({
      origin,
      fetch: fakeFetch(() => new Response('down', { status: 503 })),
      getIdToken: noToken,
    });
    const failure = await client
      .get('events')
      .json()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KyHTTPError);
    expect(failure).toHaveProperty('message', '503: down');
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

describe('api client requests', () => {
  it('sends search parameters given as an object or as URLSearchParams, and no "?" for none', async () => {
    const fetchImpl = fakeFetch(() => Response.json([]));
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });

    await client.get('polls', { searchParams: { limit: 5, status: 'waiting' } }).json();
    await client
      .get('geo/suggest', { searchParams: new URLSearchParams({ q: 'Oakland, CA' }) })
      .json();
    await client.get('events/categories', { searchParams: new URLSearchParams() }).json();

    expect(fetchImpl.requests.map((request) => request.url)).toEqual([
      'http://famjam.test/api/polls?limit=5&status=waiting',
      'http://famjam.test/api/geo/suggest?q=Oakland%2C+CA',
      'http://famjam.test/api/events/categories',
    ]);
  });

  it('sends a json body as JSON, with its Content-Type', async () => {
    const fetchImpl = fakeFetch(() => Response.json({ id: 'p1' }));
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });

    await expect(client.put('polls/p1/vote', { json: { optionId: 'a' } }).json()).resolves.toEqual({
      id: 'p1',
    });

    const [request] = fetchImpl.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    await expect(request?.text()).resolves.toBe('{"optionId":"a"}');
  });

  it('sends a picture as the body with the Content-Type it is given', async () => {
    const fetchImpl = fakeFetch(() => Response.json({}));
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });

    await client.post('me/photo', { body: photo, headers: { 'content-type': photo.type } }).json();

    const [request] = fetchImpl.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Content-Type')).toBe('image/jpeg');
    await expect(request?.text()).resolves.toBe('jpeg bytes');
  });

  it('reads a body as a blob', async () => {
    const client = createApiClient({
      origin,
      fetch: fakeFetch(
        () => new Response('png bytes', { headers: { 'content-type': 'image/png' } }),
      ),
      getIdToken: noToken,
    });

    const blob = await client.get('me/photo').blob();

    expect(blob.type).toBe('image/png');
    await expect(blob.text()).resolves.toBe('png bytes');
  });

  it('hands back the response itself when awaited (a DELETE answered 204)', async () => {
    const fetchImpl = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });

    const response = await client.delete('polls/p1');

    expect(response.status).toBe(204);
    expect(fetchImpl.requests[0]?.method).toBe('DELETE');
  });

  it('returns a failed response instead of throwing when asked to (throwHttpErrors: false)', async () => {
    const client = createApiClient({
      origin,
      fetch: fakeFetch(() => new Response('gone', { status: 404 })),
      getIdToken: noToken,
    });

    const response = await client.get('users/by-email/a%40b.c', { throwHttpErrors: false });

    expect(response.status).toBe(404);
    await expect(response.text()).resolves.toBe('gone');
  });
});

describe('api client timeouts and cancelling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  // The unit project shares globals between files: never leave the clock faked.
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that never answers but, like the browser's, fails once its request is aborted. */
  function hangingFetch(): FakeFetch {
    const requests: Request[] = [];
    const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    };
    return Object.assign(fetchImpl, { requests }) as FakeFetch;
  }

  // Each test reads the outcome through a spy after moving the fake clock, so a client that
  // never settles fails the test at once rather than at the test timeout.

  it('gives up after 10 s with a timeout error, and aborts the request', async () => {
    const fetchImpl = hangingFetch();
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });
    const failed = vi.fn();

    client.get('events/e1').json().catch(failed);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(failed).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'TimeoutError',
        message: 'The server took too long to answer. Please try again.',
      }),
    );
    expect(failed.mock.calls[0]?.[0]).not.toBeInstanceOf(HTTPError);
    expect(fetchImpl.requests[0]?.signal.aborted).toBe(true);
  });

  it('waits as long as a request asks (a picture upload)', async () => {
    const client = createApiClient({ origin, fetch: hangingFetch(), getIdToken: noToken });
    const failed = vi.fn();

    client.post('me/suggestions/s1/picture', { timeout: 60_000 }).json().catch(failed);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ name: 'TimeoutError' }));
  });

  it('leaves no timer behind once the answer is in', async () => {
    const client = createApiClient({
      origin,
      fetch: fakeFetch(() => Response.json({})),
      getIdToken: noToken,
    });
    await client.get('config').json();
    expect(vi.getTimerCount()).toBe(0);
  });

  // ky joins the caller's signal to its own with AbortSignal.any, which holds it weakly: there
  // is no listener on it to remove, and a later abort reaches nothing.
  it("lets go of the caller's signal and the timer once the answer is in, or fetch threw", async () => {
    const caller = new AbortController();
    const answered = createApiClient({
      origin,
      fetch: fakeFetch(() => Response.json({})),
      getIdToken: noToken,
    });
    await expect(answered.get('config', { signal: caller.signal }).json()).resolves.toEqual({});
    expect(vi.getTimerCount()).toBe(0);
    caller.abort();

    const throwing = createApiClient({
      origin,
      fetch: () => {
        throw new TypeError('fetch is not available');
      },
      getIdToken: noToken,
    });
    await expect(throwing.get('config').json()).rejects.toThrow('fetch is not available');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("aborts the request when the caller's signal does (React Query dropping a query)", async () => {
    const fetchImpl = hangingFetch();
    const client = createApiClient({ origin, fetch: fetchImpl, getIdToken: noToken });
    const caller = new AbortController();
    const failed = vi.fn();

    client.get('events/search', { signal: caller.signal }).json().catch(failed);
    await vi.advanceTimersByTimeAsync(0);
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);

    expect(fetchImpl.requests[0]?.signal.aborted).toBe(true);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ name: 'AbortError' }));
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

  it("reads the field the API's error body names, and nothing from the sentence", async () => {
    const refused = (body: object) =>
      failureOf(
        failingClient(() => Response.json(body, { status: 400 }))
          .get('x')
          .json(),
      );
    expect(
      apiErrorField(
        await refused({
          error: 'unknown_location',
          message: 'body/place: No such town.',
          field: 'place',
        }),
      ),
    ).toBe('place');
    expect(
      apiErrorField(await refused({ error: 'bad_request', message: 'body/place: No such town.' })),
    ).toBeNull();
    expect(
      apiErrorField(await refused({ error: 'bad_request', message: 'x', field: 7 })),
    ).toBeNull();
    expect(apiErrorField(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('gives the message of any other error, and a sentence for a thrown non-error', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(apiErrorMessage('boom')).toBe('Something went wrong. Please try again.');
  });
});
