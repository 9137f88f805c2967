import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Fetching a document for the importer, with the limits a command that takes any URL needs:
 * only public addresses unless the operator allows otherwise (checked on the addresses the
 * connection actually uses, so a name that resolves differently the second time cannot slip
 * through), a size cap enforced while reading, a time limit, and redirects re-checked hop by
 * hop.
 */

/** 10 MiB: a month of a busy venue's iCalendar feed or a Discovery API page is well under 1 MiB. */
export const maxDownloadBytes = 10 * 1024 * 1024;
const defaultTimeoutMs = 30_000;
const maxRedirects = 5;

interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution, injectable so tests never ask real DNS. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Why a download failed, in words for the operator. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** The URL names a host on this machine or a private network, and that was not allowed. */
export class PrivateNetworkError extends DownloadError {
  override name = 'PrivateNetworkError';
}

// Loopback, private, link-local, shared (CGNAT), documentation, benchmarking, multicast and
// reserved ranges (IANA special-purpose registries): nothing an events page lives on.
const nonPublicIpv4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublicIpv4.addSubnet(network, prefix, 'ipv4');
}

// Only global unicast (2000::/3) is public, less its documentation, IETF-protocol and 6to4
// blocks. Everything else (::1, ::, fc00::/7, fe80::/10, ff00::/8, NAT64 64:ff9b::/96,
// IPv4-compatible ::a.b.c.d…) lies outside 2000::/3.
const nonPublicIpv6 = new net.BlockList();
for (const [network, prefix] of [
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
] as const) {
  nonPublicIpv6.addSubnet(network, prefix, 'ipv6');
}

const ipv4Mapped = new net.BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return !nonPublicIpv4.check(bare, 'ipv4');
  if (!net.isIPv6(bare)) return false;
  if (ipv4Mapped.check(bare, 'ipv6')) {
    // ::ffff:7f00:1 is 127.0.0.1: judge it as the IPv4 address it reaches.
    const dotted = new net.SocketAddress({ address: bare, family: 'ipv6' }).address;
    const ipv4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(dotted)?.[1];
    return ipv4 !== undefined && !nonPublicIpv4.check(ipv4, 'ipv4');
  }
  return !nonPublicIpv6.check(bare, 'ipv6');
}

/**
 * Where FamJam itself answers. Nothing a feed names (its redirects, its pictures) is fetched
 * from there, whatever the source is allowed: the server would be asking itself for its own
 * API, previews or the Auth emulator it fronts, on a feed's say-so.
 */
export interface OwnServer {
  /** Its origins (scheme://host:port): the public URL's and the one it listens on. */
  origins: readonly string[];
  /** The port it listens on, once it does: that port on any of this machine's addresses is FamJam. */
  port: number | null;
}

/** Addresses of this machine: loopback, the unspecified address and every interface's. */
function isThisMachine(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const ipv4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (ipv4 !== undefined && (ipv4.startsWith('127.') || ipv4 === '0.0.0.0')) return true;
  if (bare === '::1' || bare === '::') return true;
  return Object.values(networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => entry.address.toLowerCase() === (ipv4 ?? bare)),
  );
}

/** The port a URL connects to, its scheme's default when it names none. */
function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

function ownServerRefusal(host: string): PrivateNetworkError {
  return new PrivateNetworkError(
    `Refusing to fetch from ${host}: it is FamJam itself, which a feed or its pictures never point to.`,
  );
}

function refusal(host: string, address: string, otherOrigin = false): PrivateNetworkError {
  return new PrivateNetworkError(
    `Refusing to fetch from ${host}: it resolves to ${address}, which is not a public address. ` +
      (otherOrigin
        ? 'The source was allowed a private network for its own address only (scheme, host and port), and this is another.'
        : 'Add --allow-private-network to import from this machine or a private network.'),
  );
}

interface DownloadOptions {
  resolve: ResolveHost;
  /**
   * Whether the download may reach this machine or a private network (a source added with
   * --allow-private-network), on `privateOrigins` only (scheme, host and port): any other
   * origin, a redirect's included, must be public, so an allowed local feed cannot send the
   * server to another port, another machine's admin page or a cloud metadata address.
   */
  allowPrivateNetwork: boolean;
  /** The origins the allowance is for; the URL asked for's own unless said otherwise. */
  privateOrigins?: readonly string[];
  /** FamJam's own address, refused on every hop; read at each download (the port is known once it listens). */
  ownServer?: () => OwnServer;
  accept: string;
  /** How many bytes to read at most; `maxDownloadBytes` unless a test says otherwise. */
  maxBytes?: number;
  /** Extra certificate authorities to trust: a test's local https server. */
  tlsCa?: string;
  /** When set, redirects are not followed: a URL carrying a secret goes to its host only. */
  noRedirects?: string;
  /** How long the whole download may take; 30 s unless a test says otherwise. */
  timeoutMs?: number;
  /**
   * Extra request headers, sent on every hop: the poller's validators (If-None-Match,
   * If-Modified-Since), so an unchanged feed answers 304 without a body.
   */
  headers?: Record<string, string>;
}

/**
 * A `lookup` for node's http(s) agents that resolves with `resolve` and refuses non-public
 * addresses, so the check and the connection use the same answer.
 */
function checkedLookup(hop: Hop): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    hop.options.resolve(hostname).then(
      (found) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6;
        const addresses = family
          ? found.filter((entry) => entry.family === lookupOptions.family)
          : found;
        if (hop.ownPort === hop.port && addresses.some((entry) => isThisMachine(entry.address))) {
          callback(ownServerRefusal(hop.url.host), '', 0);
          return;
        }
        const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
        if (blocked && !hop.privateAllowed) {
          callback(refusal(hostname, blocked.address, hop.otherOrigin), '', 0);
          return;
        }
        const [first] = addresses;
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = 'ENOTFOUND';
          callback(error, '', 0);
          return;
        }
        if (lookupOptions.all) {
          // Node's own types only declare the single-address form of the callback.
          (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };
}

/** One request of a download, with what its address checks need. */
interface Hop {
  url: URL;
  options: DownloadOptions;
  port: number;
  /** FamJam's listening port, when it listens. */
  ownPort: number | null;
  /** Whether this hop may reach a private address: only on the allowed URL's own origin. */
  privateAllowed: boolean;
  /** A redirect to an origin other than the one allowed (for the refusal's words). */
  otherOrigin: boolean;
}

function request(hop: Hop, signal: AbortSignal) {
  const { url, options } = hop;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.get(url, {
      headers: { ...options.headers, accept: options.accept, 'accept-encoding': 'identity' },
      lookup: checkedLookup(hop),
      // A connection of its own: downloads are minutes or hours apart, and a kept-alive socket
      // reused after the server dropped it fails the fetch (ECONNRESET).
      agent: false,
      signal,
      ...(options.tlsCa ? { ca: options.tlsCa } : {}),
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
  });
}

function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  shown: string,
  signal: AbortSignal,
  timeoutMs: number,
) {
  const tooBig = () =>
    new DownloadError(
      `${shown} is larger than ${formatBytes(maxBytes)}, the most the importer reads; stopped there.`,
    );
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
      // Stop the transfer now rather than after the whole body has arrived.
      response.destroy();
    };
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      fail(tooBig());
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) fail(tooBig());
      else chunks.push(chunk);
    });
    response.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    // A body that trickles in counts against the same time limit as the answer.
    const lateError = () =>
      new DownloadError(
        `Could not fetch ${shown}: not all of it arrived within ${timeoutMs / 1000} s`,
      );
    const timedOut = () => fail(lateError());
    if (signal.aborted) timedOut();
    signal.addEventListener('abort', timedOut, { once: true });
    response.on('close', () => signal.removeEventListener('abort', timedOut));
    response.on('error', (error) => fail(signal.aborted ? lateError() : error));
    response.on('aborted', () => fail(new DownloadError(`${shown}: the connection was closed`)));
  });
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

interface Downloaded {
  status: number;
  statusText: string;
  text: string;
  /** The same body as bytes: a picture is not text (server/services/pictures/fetchWorker.ts). */
  body: Buffer;
  /** The final answer's headers (validators, Retry-After), lower-case names. */
  headers: IncomingMessage['headers'];
}

/**
 * GETs `url`. `shown` is how messages name it (without secrets). Follows up to five redirects,
 * each checked like the first, unless `noRedirects` says why not.
 */
export async function download(
  url: URL,
  shown: string,
  options: DownloadOptions,
): Promise<Downloaded> {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  const own = options.ownServer?.() ?? { origins: [], port: null };
  const ownOrigins = new Set(own.origins.map((origin) => new URL(origin).origin));
  const privateOrigins = new Set(
    (options.privateOrigins ?? [url.origin]).map((origin) => new URL(origin).origin),
  );
  let target = url;
  for (let hop = 0; ; hop += 1) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new DownloadError(`${shown}: only http and https URLs can be fetched.`);
    }
    if (ownOrigins.has(target.origin)) throw ownServerRefusal(target.host);
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    const port = portOf(target);
    if (net.isIP(literal) && own.port === port && isThisMachine(literal)) {
      throw ownServerRefusal(target.host);
    }
    const otherOrigin = !privateOrigins.has(target.origin);
    const privateAllowed = options.allowPrivateNetwork && !otherOrigin;
    if (net.isIP(literal) && !isPublicAddress(literal) && !privateAllowed) {
      throw refusal(target.hostname, literal, otherOrigin && options.allowPrivateNetwork);
    }
    let response: IncomingMessage;
    try {
      response = await request(
        {
          url: target,
          options,
          port,
          ownPort: own.port,
          privateAllowed,
          otherOrigin: otherOrigin && options.allowPrivateNetwork,
        },
        signal,
      );
    } catch (error) {
      if (error instanceof DownloadError) throw error;
      const reason = signal.aborted
        ? `no answer within ${timeoutMs / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new DownloadError(`Could not fetch ${shown}: ${reason}`);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (options.noRedirects) {
        throw new DownloadError(`${shown} answered with a redirect; ${options.noRedirects}`);
      }
      if (hop >= maxRedirects) throw new DownloadError(`${shown}: too many redirects.`);
      target = new URL(location, target);
      continue;
    }
    const body = await readCapped(
      response,
      options.maxBytes ?? maxDownloadBytes,
      shown,
      signal,
      timeoutMs,
    );
    return {
      status,
      statusText: response.statusMessage ?? '',
      text: body.toString('utf8'),
      body,
      headers: response.headers,
    };
  }
}
