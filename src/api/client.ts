/*
 * The app's HTTP client: one ky instance (the design card's HTTP library) configured for what every
 * FamJam request needs. Paths are relative to `/api`, the signed-in user's ID token goes along as
 * a Bearer token and the language in use as Accept-Language, so the API's error sentences come
 * back in it (a beforeRequest hook), cookies are sent, nothing is retried
 * (docs/product.md#spec-9: ky would retry GETs twice by default), a request gives up after a
 * timeout, and a non-OK answer throws ky's HTTPError with docs/product.md#spec-8's message (a
 * beforeError hook). The few lines around the instance narrow it to the calls the app makes and
 * turn ky's timeout error, which names the address, into a sentence for people.
 */
import ky, { HTTPError, type Options, TimeoutError } from 'ky';
import type { ApiError } from '../../contract/errors.ts';
import {
  carriesFamilyQuery,
  isPublicApiPath,
  SIGNED_IN_READ_HEADER,
} from '../../contract/publicApi.ts';
import { SESSION_HINT_KEY } from '../domain/constants.ts';
import { currentLocale, localeTag } from '../i18n/i18n.ts';
import { browserStorage } from './storage.ts';

export { HTTPError };

type IdTokenSource = () => Promise<string | null>;

/**
 * Where the shared client gets the signed-in user's ID token. The app layer names it at boot
 * (main.tsx: Firebase's current user); the API layer knows no sign-in library. Until then, and
 * in tests that never set it, requests go without a token.
 */
let signedInToken: IdTokenSource = () => Promise.resolve(null);

export function setIdTokenSource(source: IdTokenSource): void {
  signedInToken = source;
}

/**
 * Whether the sign-in library holds a user right now (the app names it at boot beside the token
 * source). With the session hint it marks a signed-in device's public reads (below): the hint
 * alone is missing when storage is blocked or full.
 */
let holdsSession: () => boolean = () => false;

export function setSessionProbe(probe: () => boolean): void {
  holdsSession = probe;
}

interface ApiClientOptions {
  /** Origin the `/api` prefix hangs off; the page's own origin in the browser. */
  origin?: string;
  /** Where the Bearer token comes from; the one setIdTokenSource named by default. */
  getIdToken?: IdTokenSource;
  /** Tests hand in a fake fetch; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * What a call may set, as ky names it: `searchParams` (src/api/params.ts builds URLSearchParams
 * for the endpoints with optional parameters), `json` (sent as JSON, with its Content-Type), any
 * other `body` (a picture's bytes, its Content-Type in `headers`), `signal` (React Query's, when
 * it drops a query), `timeout` (DEFAULT_TIMEOUT_MS unless an upload needs longer) and
 * `throwHttpErrors: false` (a non-OK response comes back as it is; see users.ts).
 */
export type RequestOptions = Pick<
  Options,
  'searchParams' | 'json' | 'body' | 'headers' | 'signal' | 'timeout' | 'throwHttpErrors'
>;

/** A request on its way: await it for the Response, or read the body in the same step. */
export interface ResponsePromise extends Promise<Response> {
  /** The body parsed as JSON. There is none on a 204: await the response itself for those. */
  json<T = unknown>(): Promise<T>;
  blob(): Promise<Blob>;
}

/** The methods the app calls; the path is below `/api` and has no leading slash. */
export interface ApiClient {
  get(path: string, options?: RequestOptions): ResponsePromise;
  post(path: string, options?: RequestOptions): ResponsePromise;
  put(path: string, options?: RequestOptions): ResponsePromise;
  patch(path: string, options?: RequestOptions): ResponsePromise;
  delete(path: string, options?: RequestOptions): ResponsePromise;
}

/**
 * Long enough for a slow mobile connection, short enough that a hung request ends in an error
 * (and the offline fallbacks, src/api/offlineCache.ts) rather than a spinner forever.
 */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Shown as it is (apiErrorMessage passes a non-HTTP error's message through), so it is a
 * sentence for people, and it names no address: a path can carry an email or a search.
 */
function timeoutError(): Error {
  const error = new Error('The server took too long to answer. Please try again.');
  error.name = 'TimeoutError';
  return error;
}

/**
 * docs/product.md#spec-8, generic HTTP: "{status}: {body text, or the status text when the body
 * is empty}". The body is read for it, so a caller reads the status (`error.response.status`),
 * not the body.
 */
async function describeFailedResponse(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  return `${response.status}: ${body || response.statusText}`;
}

const statusPrefix = /^\d{3}: /;

/**
 * The JSON body of a failed API call, unchecked: the API's `{ error, message, field? }`
 * (contract/errors.ts), or whatever else a proxy answered. Null when the call did not fail over
 * HTTP or the body is not a JSON object. ky's HTTPError keeps no body (the beforeError hook
 * reads it into the "{status}: {body}" message), so it is parsed back from there.
 */
function errorBodyOf(error: unknown): { [Key in keyof ApiError]?: unknown } | null {
  if (!(error instanceof HTTPError) || !statusPrefix.test(error.message)) return null;
  try {
    const body: unknown = JSON.parse(error.message.replace(statusPrefix, ''));
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    // Not JSON (a proxy's HTML page, or no body).
    return null;
  }
}

/**
 * What to tell a person about a failed call: the API's own sentence (`message` of its
 * `{ error, message }` body, e.g. "We couldn't find the place …") rather than the generic
 * "400: {json}" text, which stays the fallback for bodies that are not an API error.
 */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Something went wrong. Please try again.';
  const message = errorBodyOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : error.message;
}

/**
 * The request field a failed call was refused for (`field` of the API's error body, e.g.
 * 'place'), so a form marks that field without reading the sentence; null when none is named.
 */
export function apiErrorField(error: unknown): string | null {
  const field = errorBodyOf(error)?.field;
  return typeof field === 'string' && field !== '' ? field : null;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  // An absolute prefix: jsdom and Node's fetch cannot resolve a bare '/api' without a base URL.
  const origin = options.origin ?? globalThis.location?.origin ?? '';
  const getIdToken = options.getIdToken ?? (() => signedInToken());
  const apiPathPrefix = '/api/';
  const instance = ky.create({
    prefixUrl: `${origin}/api`,
    credentials: 'include',
    retry: 0,
    timeout: DEFAULT_TIMEOUT_MS,
    // Looked up on each request, so a test's stubbed global fetch is the one used; async, so a
    // fetch that throws at once rejects instead, and ky's timer is cleared either way.
    fetch: async (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
    hooks: {
      beforeRequest: [
        async (request) => {
          // The API answers its error sentences (and page frames) in the language in use.
          request.headers.set('Accept-Language', localeTag(currentLocale()));
          // Events, places and the configuration are anyone's (contract/publicApi.ts): they go
          // at once, without waiting for Firebase to restore a returning family's session.
          const path = new URL(request.url).pathname.slice(apiPathPrefix.length);
          if (isPublicApiPath(path)) {
            if (
              carriesFamilyQuery(path) &&
              (holdsSession() || browserStorage()?.getItem(SESSION_HINT_KEY) === 'signed-in')
            )
              request.headers.set(SIGNED_IN_READ_HEADER, '1');
            return;
          }
          const token = await getIdToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      beforeError: [
        async (error) => {
          error.message = await describeFailedResponse(error.response);
          return error;
        },
      ],
    },
  });

  function request(method: string) {
    return (path: string, init: RequestOptions = {}): ResponsePromise => {
      const sent = instance(path, { ...init, method }).catch((error: unknown) => {
        throw error instanceof TimeoutError ? timeoutError() : error;
      });
      return Object.assign(sent, {
        json: async <T>() => (await (await sent).json()) as T,
        blob: async () => (await sent).blob(),
      });
    };
  }

  return {
    get: request('GET'),
    post: request('POST'),
    put: request('PUT'),
    patch: request('PATCH'),
    delete: request('DELETE'),
  };
}

/** The one HTTP client of the app: every `src/api` function goes through it. */
export const api = createApiClient();
