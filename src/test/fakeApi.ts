import { vi } from 'vitest';

export interface FakeApi {
  /** Every URL the app requested, in order. */
  requests: URL[];
  /** The requests to one API path, e.g. '/api/geo/suggest'. */
  requestsTo(path: string): URL[];
}

/**
 * Stands in for the network: the app's one API client calls `globalThis.fetch` on each request,
 * so a component under test talks to `answer` instead of a server. `answer` may throw to act
 * as a network failure. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(answer: (url: URL) => Response | Promise<Response>): FakeApi {
  const requests: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    requests.push(url);
    return answer(url);
  });
  return {
    requests,
    requestsTo: (path) => requests.filter((url) => url.pathname === path),
  };
}

/** The API's 400 body for a place it does not know (server/services/geocoding.ts). */
export function unknownPlaceResponse(place: string): Response {
  return Response.json(
    {
      error: 'unknown_location',
      message: `We couldn't find the place "${place}". Try a city name, ZIP code or 'lat, lon'.`,
    },
    { status: 400 },
  );
}

/** One request the app sent: its method, path and JSON body (null without one). */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * stubApi for writes: `answer` also gets the method, and every request is kept with its body,
 * so a test asserts what was sent (`sent`), not only where.
 */
export function stubApiWrites(
  answer: (request: SentRequest, url: URL) => Response | Promise<Response>,
): { sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const entry = {
      method: request.method,
      path: url.pathname,
      body: text ? JSON.parse(text) : null,
    };
    sent.push(entry);
    return answer(entry, url);
  });
  return { sent };
}
