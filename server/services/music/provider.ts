import { ServiceError } from '../errors.ts';

/** A provider call slower than this is treated as the provider being down. */
const providerTimeoutMs = 10_000;

/**
 * A music provider failed ('upstream'), or refused what the caller sent ('invalid': a bad code).
 * `message` is docs/product.md#spec-8's internal text (what the client logs); `detail` says what happened for
 * the server log and never holds a token.
 */
export class MusicProviderError extends ServiceError {
  constructor(
    kind: 'invalid' | 'upstream',
    message: string,
    readonly detail: string,
  ) {
    super(kind, message);
    this.name = 'MusicProviderError';
  }
}

export type ProviderFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Calls the provider and reads its JSON answer. A network failure, a timeout or a non-JSON
 * answer become MusicProviderError('upstream', failure); a non-OK status is returned for the caller to
 * map, with the provider's `error` code (OAuth's) when it sent one.
 */
export async function callProvider(
  url: string,
  init: RequestInit,
  failure: string,
  fetchImpl: ProviderFetch = fetch,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      signal: AbortSignal.timeout(providerTimeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown';
    throw new MusicProviderError(
      'upstream',
      failure,
      `${new URL(url).pathname} unreachable (${reason})`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new MusicProviderError(
      'upstream',
      failure,
      `${new URL(url).pathname} answered ${response.status} without JSON`,
    );
  }
  return { status: response.status, body };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
