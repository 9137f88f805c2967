import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../db/client.ts';
import {
  DownloadError,
  download,
  maxDownloadBytes,
  PrivateNetworkError,
  type ResolveHost,
  systemResolve,
} from './download.ts';
import { icalSource, parseICalendar } from './ical.ts';
import { jsonLdSource, parseJsonLdPage } from './jsonld.ts';
import { formatReport, type IngestReport, importOutcome, type ParseOutcome } from './pipeline.ts';
import { parseTicketmasterResponse, ticketmasterSource } from './ticketmaster.ts';

/**
 * `npm run ingest -- <ical|jsonld|ticketmaster> <file-or-url>`: reads one document, imports its
 * events, prints `added N, updated N, skipped N, invalid N`, why records were skipped, and a
 * line per invalid record. Exit code 0 when the document was read (even if some records were
 * invalid), 1 when it could not be read or is not in the named format, 2 for a wrong command
 * line, 3 when the URL is on this machine or a private network and that was not allowed.
 */

const ingestKinds = ['ical', 'jsonld', 'ticketmaster'] as const;
type IngestKind = (typeof ingestKinds)[number];

const usage = [
  'Usage: npm run ingest -- <kind> <file-or-url> [--allow-private-network]',
  '',
  '  kind   ical          an iCalendar (.ics) feed; recurring events are expanded over the next 90 days',
  '         jsonld        an HTML page with schema.org Event JSON-LD',
  '         ticketmaster  a Ticketmaster Discovery API v2 events response (a saved .json, or an',
  '                       https://app.ticketmaster.com/discovery/v2/events.json?... URL, which',
  '                       needs TICKETMASTER_API_KEY; the key is only ever sent there, over https)',
  '',
  `URLs: at most ${maxDownloadBytes / (1024 * 1024)} MiB are read. A URL whose host is this machine or a private`,
  'network is refused (exit code 3) unless --allow-private-network is given.',
  '',
  'Writes to DATABASE_URL when set, else to the embedded database in FAMJAM_DATA_DIR (.data).',
  'The embedded database allows one process at a time: stop the server before importing into it.',
].join('\n');

/** A problem the operator can fix; the CLI prints its message without a stack trace. */
class IngestError extends Error {
  override name = 'IngestError';
}

/** The URL is on this machine or a private network, and the flag allowing that is absent. */
class RefusedUrlError extends IngestError {
  override name = 'RefusedUrlError';
}

export interface IngestDependencies {
  env: NodeJS.ProcessEnv;
  /** DNS, injectable so tests never leave this machine. */
  resolve: ResolveHost;
  /** Extra certificate authorities to trust: only tests set this, for a local https server. */
  tlsCa?: string;
  /** Only tests lower this. */
  maxDownloadBytes?: number;
  now: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
  openDatabase: (target: DatabaseTarget) => Promise<DatabaseHandle>;
}

const sourceNames: Record<IngestKind, string> = {
  ical: icalSource,
  jsonld: jsonLdSource,
  ticketmaster: ticketmasterSource,
};

/** Same rule as server/config.ts: DATABASE_URL, else PGlite under FAMJAM_DATA_DIR/pglite. */
export function databaseTargetFromEnv(env: NodeJS.ProcessEnv): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  const dataDir = resolve(env.FAMJAM_DATA_DIR?.trim() || '.data');
  return { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
}

function isUrl(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

/** The only host TICKETMASTER_API_KEY is sent to, and only over https. */
const ticketmasterApiHost = 'app.ticketmaster.com';

/** The URL without its apikey, for messages: keys must not end up in logs. */
function redacted(url: URL): string {
  const copy = new URL(url);
  if (copy.searchParams.has('apikey')) copy.searchParams.set('apikey', '***');
  return copy.toString();
}

type NetworkDependencies = Pick<
  IngestDependencies,
  'env' | 'resolve' | 'tlsCa' | 'maxDownloadBytes' | 'err'
>;

interface ReadOptions {
  allowPrivateNetwork: boolean;
}

/**
 * The key goes with the request only when the URL is Ticketmaster's API host over https: a
 * mistyped or hostile URL (or plain http, readable on the way) must never receive it.
 */
function withTicketmasterKey(url: URL, deps: NetworkDependencies): boolean {
  if (url.searchParams.has('apikey')) return false;
  const key = deps.env.TICKETMASTER_API_KEY?.trim();
  const isApi = url.protocol === 'https:' && url.hostname.toLowerCase() === ticketmasterApiHost;
  if (!isApi) {
    if (key) {
      deps.err(
        `Not sending TICKETMASTER_API_KEY to ${url.protocol}//${url.host}: it only goes to https://${ticketmasterApiHost}.`,
      );
    }
    return false;
  }
  if (!key) {
    throw new IngestError(
      'TICKETMASTER_API_KEY is not set. Get a Consumer Key at https://developer.ticketmaster.com ' +
        'and run: TICKETMASTER_API_KEY=<key> npm run ingest -- ticketmaster <url> ' +
        '(or import a saved response file instead of a URL).',
    );
  }
  url.searchParams.set('apikey', key);
  return true;
}

async function fetchText(
  kind: IngestKind,
  target: string,
  deps: NetworkDependencies,
  options: ReadOptions,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new IngestError(`"${target}" is not a valid URL.`);
  }
  const carriesKey = kind === 'ticketmaster' && withTicketmasterKey(url, deps);
  const shown = redacted(url);
  let response: Awaited<ReturnType<typeof download>>;
  try {
    response = await download(url, shown, {
      resolve: deps.resolve,
      allowPrivateNetwork: options.allowPrivateNetwork,
      accept: kind === 'ticketmaster' ? 'application/json' : '*/*',
      ...(deps.maxDownloadBytes ? { maxBytes: deps.maxDownloadBytes } : {}),
      ...(deps.tlsCa ? { tlsCa: deps.tlsCa } : {}),
      ...(carriesKey ? { noRedirects: 'not following it with TICKETMASTER_API_KEY.' } : {}),
    });
  } catch (error) {
    if (error instanceof PrivateNetworkError) throw new RefusedUrlError(error.message);
    if (error instanceof DownloadError) throw new IngestError(error.message);
    throw error;
  }
  if (response.status < 200 || response.status > 299) {
    const hint =
      response.status === 401 && kind === 'ticketmaster'
        ? ' (check TICKETMASTER_API_KEY)'
        : response.status === 429
          ? ' (rate limited; try again later)'
          : '';
    throw new IngestError(
      `Fetching ${shown} failed: ${response.status} ${response.statusText}${hint}`,
    );
  }
  return response.text;
}

async function readTarget(
  kind: IngestKind,
  target: string,
  deps: NetworkDependencies,
  options: ReadOptions,
): Promise<{ text: string; pageUrl: string | null }> {
  if (isUrl(target)) {
    const text = await fetchText(kind, target, deps, options);
    return { text, pageUrl: kind === 'jsonld' ? target : null };
  }
  try {
    return { text: await readFile(target, 'utf8'), pageUrl: null };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    throw new IngestError(
      code === 'ENOENT'
        ? `No such file: ${target}`
        : `Could not read ${target}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Parses a document of the given kind; format problems become IngestErrors. */
function parseDocument(
  kind: IngestKind,
  text: string,
  options: { now: Date; pageUrl?: string | null },
): ParseOutcome {
  try {
    switch (kind) {
      case 'ical':
        return parseICalendar(text, { now: options.now });
      case 'jsonld':
        return parseJsonLdPage(text, { now: options.now, pageUrl: options.pageUrl ?? null });
      case 'ticketmaster': {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new Error('This is not a Ticketmaster Discovery API response: it is not JSON.');
        }
        return parseTicketmasterResponse(body, { now: options.now });
      }
    }
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads, parses and imports one document into an open database. */
export async function ingest(
  db: DatabaseHandle['db'],
  kind: IngestKind,
  target: string,
  deps: Pick<IngestDependencies, 'env' | 'resolve' | 'now' | 'err'>,
  options: ReadOptions = { allowPrivateNetwork: false },
): Promise<IngestReport> {
  const { text, pageUrl } = await readTarget(kind, target, deps, options);
  const outcome = parseDocument(kind, text, { now: deps.now(), pageUrl });
  return importOutcome(db, sourceNames[kind], outcome);
}

function isKind(value: string | undefined): value is IngestKind {
  return ingestKinds.some((kind) => kind === value);
}

export async function runIngestCli(
  args: readonly string[],
  deps: IngestDependencies,
): Promise<number> {
  const allowFlag = '--allow-private-network';
  const positional = args.filter((arg) => arg !== '--' && arg !== allowFlag);
  const options: ReadOptions = { allowPrivateNetwork: args.includes(allowFlag) };
  if (positional.includes('--help') || positional.includes('-h')) {
    deps.out(usage);
    return 0;
  }
  const [kind, target, ...extra] = positional;
  if (!isKind(kind) || !target || extra.length > 0) {
    deps.err(
      kind && !isKind(kind)
        ? `Unknown kind "${kind}": expected one of ${ingestKinds.join(', ')}.`
        : 'Expected a kind and one file or URL.',
    );
    deps.err(usage);
    return 2;
  }
  let handle: DatabaseHandle | null = null;
  try {
    // Read and parse before opening the database, so a typo in the path costs nothing.
    const { text, pageUrl } = await readTarget(kind, target, deps, options);
    const outcome = parseDocument(kind, text, { now: deps.now(), pageUrl });
    handle = await deps.openDatabase(databaseTargetFromEnv(deps.env));
    const report = await importOutcome(handle.db, sourceNames[kind], outcome);
    deps.out(formatReport(report));
    return 0;
  } catch (error) {
    deps.err(
      error instanceof IngestError
        ? error.message
        : `Import failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return error instanceof RefusedUrlError ? 3 : 1;
  } finally {
    await handle?.close();
  }
}

/** The defaults `scripts/ingest.ts` runs with. */
export function processDependencies(): IngestDependencies {
  return {
    env: process.env,
    resolve: systemResolve,
    now: () => new Date(),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    openDatabase,
  };
}
