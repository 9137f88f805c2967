import type { SourceRow } from '../../db/schema/sources.ts';
import {
  DownloadError,
  download,
  maxDownloadBytes,
  type OwnServer,
  type ResolveHost,
} from '../../ingest/download.ts';
import { retryAfterSeconds } from './schedule.ts';

/**
 * One conditional GET of a source's document, under the importer's limits (download.ts): public
 * addresses only unless the source allows private ones (then for its own scheme, host and port
 * only, redirects included), never FamJam itself, a time and a size limit, few redirects.
 */

/** The only place a Ticketmaster source's query, with the key, is sent: over https. */
export const ticketmasterEventsUrl = 'https://app.ticketmaster.com/discovery/v2/events.json';

/** Discovery returns at most 200 events a page; one page, soonest first, is what a run reads. */
const ticketmasterDefaults = { size: '200', sort: 'date,asc' } as const;

export interface FetchDependencies {
  resolve: ResolveHost;
  now: () => Date;
  ticketmasterApiKey: string | null;
  /** Where FamJam itself answers, never fetched (server/publicOrigin.ts builds it). */
  ownServer?: () => OwnServer;
  /** Only tests change these. */
  maxBytes?: number;
  timeoutMs?: number;
  /** Extra certificate authorities to trust: a test's stand-in for Ticketmaster's https host. */
  tlsCa?: string;
  /**
   * Only tests set this: the port of their stand-in for Ticketmaster's host. The scheme and the
   * host, which decide where the key goes, cannot be changed.
   */
  ticketmasterPort?: number;
}

export type Fetched =
  | { status: 'not_modified' }
  | {
      status: 'ok';
      text: string;
      etag: string | null;
      lastModified: string | null;
    };

/** Why a fetch failed, for the operator; `retryAfterSeconds` when the server said when to come back. */
export class SourceFetchError extends Error {
  override name = 'SourceFetchError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/**
 * A Ticketmaster source's query as stored: the Discovery parameters without '?' and without a
 * key (the key comes from configuration). The problem in words, or the tidy query.
 */
export function normaliseTicketmasterQuery(text: string): { query: string } | { error: string } {
  const trimmed = text.trim().replace(/^\?/, '');
  if (/^https?:\/\//i.test(trimmed)) {
    return {
      error:
        'For a Ticketmaster source give the Discovery query only, e.g. "city=Oakland&stateCode=CA" or "latlong=37.8,-122.27&radius=25"; the address and the key are added by FamJam.',
    };
  }
  const params = new URLSearchParams(trimmed);
  if ([...params.keys()].length === 0) {
    return { error: 'The Ticketmaster query is empty: e.g. "city=Oakland&stateCode=CA".' };
  }
  if (params.has('apikey')) {
    return {
      error:
        'Leave apikey out of the query: the key comes from TICKETMASTER_API_KEY, so it is never stored or shown.',
    };
  }
  return { query: params.toString() };
}

/** The request URL of a Ticketmaster source: its query, the paging defaults and the key. */
export function ticketmasterRequestUrl(query: string, apiKey: string): URL {
  const url = new URL(ticketmasterEventsUrl);
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(ticketmasterDefaults)) {
    if (!params.has(name)) params.set(name, value);
  }
  params.delete('apikey');
  params.set('apikey', apiKey);
  url.search = params.toString();
  return url;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** How a source is named in messages: never with the key. */
export function shownSource(row: Pick<SourceRow, 'kind' | 'url'>): string {
  return row.kind === 'ticketmaster' ? `Ticketmaster Discovery (${row.url})` : row.url;
}

export async function fetchSource(row: SourceRow, deps: FetchDependencies): Promise<Fetched> {
  let url: URL;
  const isTicketmaster = row.kind === 'ticketmaster';
  if (isTicketmaster) {
    if (!deps.ticketmasterApiKey) {
      throw new SourceFetchError(
        'TICKETMASTER_API_KEY is not set: get a Consumer Key at https://developer.ticketmaster.com and set it for the server.',
      );
    }
    url = ticketmasterRequestUrl(row.url, deps.ticketmasterApiKey);
    if (deps.ticketmasterPort) url.port = String(deps.ticketmasterPort);
  } else {
    try {
      url = new URL(row.url);
    } catch {
      throw new SourceFetchError(`"${row.url}" is not a valid URL.`);
    }
  }
  const shown = shownSource(row);
  const validators: Record<string, string> = {};
  if (row.etag) validators['if-none-match'] = row.etag;
  if (row.lastModified) validators['if-modified-since'] = row.lastModified;
  let response: Awaited<ReturnType<typeof download>>;
  try {
    response = await download(url, shown, {
      resolve: deps.resolve,
      allowPrivateNetwork: row.allowPrivateNetwork,
      ownServer: deps.ownServer,
      accept: isTicketmaster
        ? 'application/json'
        : row.kind === 'ical'
          ? 'text/calendar, */*;q=0.5'
          : 'text/html, */*;q=0.5',
      maxBytes: deps.maxBytes ?? maxDownloadBytes,
      headers: validators,
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.tlsCa ? { tlsCa: deps.tlsCa } : {}),
      ...(isTicketmaster ? { noRedirects: 'not following it with TICKETMASTER_API_KEY.' } : {}),
    });
  } catch (error) {
    if (error instanceof DownloadError) throw new SourceFetchError(error.message);
    throw error;
  }
  if (response.status === 304) return { status: 'not_modified' };
  if (response.status >= 200 && response.status <= 299) {
    return {
      status: 'ok',
      text: response.text,
      etag: header(response.headers.etag) ?? null,
      lastModified: header(response.headers['last-modified']) ?? null,
    };
  }
  const waitFor =
    response.status === 429 || response.status === 503
      ? retryAfterSeconds(header(response.headers['retry-after']), deps.now())
      : null;
  const hint =
    response.status === 401 && isTicketmaster
      ? ' (check TICKETMASTER_API_KEY)'
      : waitFor !== null
        ? ` (asked to come back in ${waitFor} s)`
        : '';
  throw new SourceFetchError(
    `${shown} answered ${response.status} ${response.statusText}${hint}`.trim(),
    waitFor,
  );
}
