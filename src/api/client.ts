/*
 * The app's HTTP client: a thin layer over fetch that does what every FamJam request needs and
 * nothing more. Paths are relative to `/api`, the signed-in user's ID token goes along as a
 * Bearer token, cookies are sent, nothing is retried (docs/product.md#spec-9), a request gives up
 * after a timeout, and a non-OK answer throws an HTTPError carrying the response.
 */

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

interface ApiClientOptions {
  /** Origin the `/api` prefix hangs off; the page's own origin in the browser. */
  origin?: string;
  /** Where the Bearer token comes from; the one setIdTokenSource named by default. */
  getIdToken?: IdTokenSource;
  /** Tests hand in a fake fetch; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /**
   * The query string. src/api/params.ts builds URLSearchParams for the endpoints with optional
   * parameters; a few fixed ones are written inline as an object.
   */
  searchParams?: URLSearchParams | Record<string, string | number>;
  /** A body to send as JSON (and say so in Content-Type). */
  json?: unknown;
  /** Any other body, e.g. the bytes of a picture; set its Content-Type in `headers`. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Cancels the request: React Query's signal when it drops a query. */
  signal?: AbortSignal;
  /** Milliseconds before the request gives up; DEFAULT_TIMEOUT_MS unless an upload needs longer. */
  timeout?: number;
  /** false: a non-OK response comes back as it is instead of throwing (see users.ts). */
  throwHttpErrors?: boolean;
}

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
  delete(path: string, options?: RequestOptions): ResponsePromise;
}

/**
 * A response outside 2xx. `response` is there for the status (`error.response.status === 404`);
 * its body has been read for the message already. The message is docs/product.md#spec-8's
 * generic text, "{status}: {body text, or the status text when the body is empty}", which
 * apiErrorMessage and a few screens read.
 */
export class HTTPError extends Error {
  readonly response: Response;
  /** The body as read for the message ('' when there was none). */
  readonly bodyText: string;

  constructor(response: Response, bodyText: string) {
    super(`${response.status}: ${bodyText || response.statusText}`);
    this.name = 'HTTPError';
    this.response = response;
    this.bodyText = bodyText;
  }
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

function queryString(searchParams: RequestOptions['searchParams']): string {
  if (!searchParams) return '';
  const params =
    searchParams instanceof URLSearchParams
      ? searchParams
      : new URLSearchParams(
          Object.entries(searchParams).map(([name, value]) => [name, String(value)]),
        );
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * What to tell a person about a failed call: the API's own sentence (`message` of its
 * `{ error, message }` body, e.g. "We couldn't find the place …") rather than the generic
 * "400: {json}" text, which stays the fallback for bodies that are not an API error.
 */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Something went wrong. Please try again.';
  if (error instanceof HTTPError) {
    try {
      const body: unknown = JSON.parse(error.bodyText);
      if (typeof body === 'object' && body !== null && 'message' in body) {
        const { message } = body;
        if (typeof message === 'string' && message.trim() !== '') return message;
      }
    } catch {
      // Not JSON (a proxy's HTML page, or no body): the generic text says at least what failed.
    }
  }
  return error.message;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  // An absolute prefix: jsdom and Node's fetch cannot resolve a bare '/api' without a base URL.
  const prefix = `${options.origin ?? globalThis.location?.origin ?? ''}/api/`;
  const getIdToken = options.getIdToken ?? (() => signedInToken());
  // The global fetch is looked up on each request, so a test's stubbed fetch is the one used.
  const fetchImpl = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));

  async function send(method: string, path: string, init: RequestOptions): Promise<Response> {
    const { json, signal, timeout = DEFAULT_TIMEOUT_MS, throwHttpErrors = true } = init;
    const headers = new Headers(init.headers);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    const token = await getIdToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    // One signal ends the request whether the caller cancels or the time runs out.
    const abort = new AbortController();
    const passOnCancel = () => abort.abort(signal?.reason);
    if (signal?.aborted) passOnCancel();
    signal?.addEventListener('abort', passOnCancel, { once: true });

    // The timer rejects by itself rather than waiting for fetch to notice the abort, so the
    // error is the timeout's even where fetch reports aborts differently (or, in a test, not at all).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const response = await new Promise<Response>((resolve, reject) => {
      timer = setTimeout(() => {
        reject(timeoutError());
        abort.abort();
      }, timeout);
      // A URL and options, not a Request: fetch builds its own request either way, and the
      // extra Request was visible in the profile of the task that starts home's queries.
      fetchImpl(prefix + path + queryString(init.searchParams), {
        method,
        headers,
        body: json === undefined ? init.body : JSON.stringify(json),
        credentials: 'include',
        signal: abort.signal,
      }).then(resolve, reject);
    }).finally(() => {
      // Also when building the request or calling fetch threw: no timer or listener outlives it.
      clearTimeout(timer);
      signal?.removeEventListener('abort', passOnCancel);
    });

    if (!response.ok && throwHttpErrors) {
      throw new HTTPError(response, await response.text().catch(() => ''));
    }
    return response;
  }

  function request(method: string) {
    return (path: string, init: RequestOptions = {}): ResponsePromise => {
      const sent = send(method, path, init);
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
    delete: request('DELETE'),
  };
}

/** The one HTTP client of the app: every `src/api` function goes through it. */
export const api = createApiClient();
