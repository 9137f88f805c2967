import ky, { HTTPError, type KyInstance } from 'ky';

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

/**
 * docs/product.md#spec-8, generic HTTP: "{status}: {body text, or the status text when the body is
 * empty}". The error stays a ky HTTPError so callers can still read `error.response.status`.
 */
async function describeFailedResponse(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  return `${response.status}: ${body || response.statusText}`;
}

const statusPrefix = /^\d{3}: /;

/**
 * What to tell a person about a failed call: the API's own sentence (`message` of its
 * `{ error, message }` body, e.g. "We couldn't find the place …") rather than the generic
 * "400: {json}" text, which stays the fallback for bodies that are not an API error.
 */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Something went wrong. Please try again.';
  if (error instanceof HTTPError && statusPrefix.test(error.message)) {
    try {
      const body: unknown = JSON.parse(error.message.replace(statusPrefix, ''));
      if (typeof body === 'object' && body !== null && 'message' in body) {
        const { message } = body;
        if (typeof message === 'string' && message.trim() !== '') return message;
      }
    } catch {
      // Not JSON (a proxy's HTML page): the generic text says at least what failed.
    }
  }
  return error.message;
}

export function createApiClient(options: ApiClientOptions = {}): KyInstance {
  // An absolute prefix: jsdom and Node's fetch cannot resolve a bare '/api' without a base URL.
  const origin = options.origin ?? globalThis.location?.origin ?? '';
  const getIdToken = options.getIdToken ?? (() => signedInToken());
  return ky.create({
    prefixUrl: `${origin}/api`,
    credentials: 'include',
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request) => {
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
}

/** The one HTTP client of the app: every `src/api` function goes through it. */
export const api = createApiClient();
