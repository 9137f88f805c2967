import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../db/client.ts';
import { openTestDatabase } from '../test/database.ts';
import { fakeDns } from '../test/testFeeds.ts';
import { databaseTargetFromEnv, type IngestDependencies, runIngestCli } from './cli.ts';
import { isPublicAddress } from './download.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const ticketmasterBody = readFileSync(join(fixtures, 'ticketmaster-events.json'), 'utf8');
// A self-signed certificate for app.ticketmaster.com, trusted only by these tests.
const tls = {
  key: readFileSync(join(fixtures, 'tls', 'test-only-key.pem'), 'utf8'),
  cert: readFileSync(join(fixtures, 'tls', 'test-only-cert.pem'), 'utf8'),
};

interface Seen {
  host: string;
  url: string;
}

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A server on 127.0.0.1 that records what it was asked and answers with `handler`. */
async function localServer(kind: 'http' | 'https', handler?: RequestListener) {
  const seen: Seen[] = [];
  const listener: RequestListener = (request, response) => {
    seen.push({ host: request.headers.host ?? '', url: request.url ?? '' });
    if (handler) return handler(request, response);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(ticketmasterBody);
  };
  const server = kind === 'https' ? createHttpsServer(tls, listener) : createHttpServer(listener);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { seen, port: (server.address() as AddressInfo).port };
}

function harness(overrides: Partial<IngestDependencies> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const opened: DatabaseTarget[] = [];
  const deps: IngestDependencies = {
    env: {},
    now: () => new Date('2026-11-22T12:00:00Z'),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    resolve: () => Promise.reject(new Error('this test does not use the network')),
    // The run's migrated snapshot (or a fresh database on DATABASE_URL's server), not an empty
    // PGlite migrated for every import: that took seconds per run on a busy machine.
    openDatabase: async (target) => {
      opened.push(target);
      return openTestDatabase();
    },
    ...overrides,
  };
  return { deps, out, err, opened };
}

// Every run that imports opens a database of its own; the one test that runs three imports
// needs room beyond the 30 s default on a busy 2-core machine.
describe('npm run ingest', { timeout: 120_000 }, () => {
  it('explains the command line when it is wrong', async () => {
    const missing = harness();
    expect(await runIngestCli(['ical'], missing.deps)).toBe(2);
    expect(missing.err.join('\n')).toContain('Usage: npm run ingest -- <kind> <file-or-url>');
    const unknown = harness();
    expect(await runIngestCli(['csv', 'events.csv'], unknown.deps)).toBe(2);
    expect(unknown.err[0]).toBe('Unknown kind "csv": expected one of ical, jsonld, ticketmaster.');
    expect(unknown.opened).toEqual([]);
  });

  it('names a missing file without opening the database', async () => {
    const run = harness();
    expect(await runIngestCli(['ical', 'nowhere.ics'], run.deps)).toBe(1);
    expect(run.err).toEqual(['No such file: nowhere.ics']);
    expect(run.opened).toEqual([]);
  });

  it('says a Ticketmaster URL needs TICKETMASTER_API_KEY', async () => {
    const dns = fakeDns({ 'app.ticketmaster.com': '127.0.0.1' });
    const run = harness({ resolve: dns });
    const code = await runIngestCli(
      ['ticketmaster', 'https://app.ticketmaster.com/discovery/v2/events.json?city=Oakland'],
      run.deps,
    );
    expect(code).toBe(1);
    expect(run.err[0]).toMatch(/^TICKETMASTER_API_KEY is not set\./);
    expect(dns.asked).toEqual([]);
  });

  it('sends the key to Ticketmaster’s API host over https and prints the report', async () => {
    const api = await localServer('https');
    const run = harness({
      env: { TICKETMASTER_API_KEY: 'secret-key' },
      resolve: fakeDns({ 'app.ticketmaster.com': '127.0.0.1' }),
      tlsCa: tls.cert,
    });
    const code = await runIngestCli(
      [
        '--',
        'ticketmaster',
        `https://app.ticketmaster.com:${api.port}/discovery/v2/events.json?city=Oakland`,
        '--allow-private-network',
      ],
      run.deps,
    );
    expect(run.err).toEqual([]);
    expect(code).toBe(0);
    expect(api.seen).toEqual([
      {
        host: `app.ticketmaster.com:${api.port}`,
        url: '/discovery/v2/events.json?city=Oakland&apikey=secret-key',
      },
    ]);
    expect(run.out).toEqual([
      [
        'added 4, updated 0, skipped 1, invalid 1',
        'skipped 1: 1 cancelled',
        'invalid: "Mystery Guest Livestream Watch Party" (id Z7r9jZ1A7bB9x): it has no venue (_embedded.venues is missing), so there is no place to show',
      ].join('\n'),
    ]);
  });

  it('never sends the key to another host, nor to Ticketmaster over plain http', async () => {
    const server = await localServer('http');
    const dns = fakeDns({ 'app.ticketmaster.com': '127.0.0.1', 'tm-mirror.example': '127.0.0.1' });
    for (const url of [
      `http://127.0.0.1:${server.port}/discovery/v2/events.json`,
      `http://tm-mirror.example:${server.port}/discovery/v2/events.json`,
      `http://app.ticketmaster.com:${server.port}/discovery/v2/events.json`,
    ]) {
      const run = harness({ env: { TICKETMASTER_API_KEY: 'secret-key' }, resolve: dns });
      expect(await runIngestCli(['ticketmaster', url, '--allow-private-network'], run.deps)).toBe(
        0,
      );
      expect(run.err[0]).toMatch(
        /^Not sending TICKETMASTER_API_KEY to http:\/\/.*: it only goes to https:\/\/app\.ticketmaster\.com\.$/,
      );
    }
    expect(server.seen.map((request) => request.url)).toEqual([
      '/discovery/v2/events.json',
      '/discovery/v2/events.json',
      '/discovery/v2/events.json',
    ]);
  });

  it('does not follow a redirect with the key', async () => {
    const api = await localServer('https', (_request, response) => {
      response.writeHead(302, { location: 'https://collector.example/steal' });
      response.end();
    });
    const dns = fakeDns({ 'app.ticketmaster.com': '127.0.0.1', 'collector.example': '127.0.0.1' });
    const run = harness({
      env: { TICKETMASTER_API_KEY: 'secret-key' },
      resolve: dns,
      tlsCa: tls.cert,
    });
    const url = `https://app.ticketmaster.com:${api.port}/discovery/v2/events.json`;
    expect(await runIngestCli(['ticketmaster', url, '--allow-private-network'], run.deps)).toBe(1);
    expect(run.err).toEqual([
      `https://app.ticketmaster.com:${api.port}/discovery/v2/events.json?apikey=*** answered with a redirect; not following it with TICKETMASTER_API_KEY.`,
    ]);
    expect(dns.asked).toEqual(['app.ticketmaster.com']);
  });

  it('reports an HTTP failure without printing the key', async () => {
    const api = await localServer('https', (_request, response) => {
      response.writeHead(401, 'Unauthorized');
      response.end('{}');
    });
    const run = harness({
      env: { TICKETMASTER_API_KEY: 'secret-key' },
      resolve: fakeDns({ 'app.ticketmaster.com': '127.0.0.1' }),
      tlsCa: tls.cert,
    });
    const code = await runIngestCli(
      [
        'ticketmaster',
        `https://app.ticketmaster.com:${api.port}/discovery/v2/events.json`,
        '--allow-private-network',
      ],
      run.deps,
    );
    expect(code).toBe(1);
    expect(run.err[0]).toContain('401 Unauthorized (check TICKETMASTER_API_KEY)');
    expect(run.err.join('\n')).not.toContain('secret-key');
  });

  it('stops reading a download at the size cap, while it streams', async () => {
    let written = 0;
    const big = await localServer('http', (_request, response) => {
      // No content-length: the cap has to be enforced on the bytes as they arrive.
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'A');
      const pump = () => {
        while (written < 64 * 1024 * 1024 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const run = harness({ maxDownloadBytes: 1024 * 1024 });
    const url = `http://127.0.0.1:${big.port}/huge.ics`;
    expect(await runIngestCli(['ical', url, '--allow-private-network'], run.deps)).toBe(1);
    expect(run.err).toEqual([
      `${url} is larger than 1 MiB, the most the importer reads; stopped there.`,
    ]);
    // The server was cut off long before it could send its 64 MiB.
    expect(written).toBeLessThan(16 * 1024 * 1024);
    expect(run.opened).toEqual([]);
  });

  it('refuses loopback and private addresses unless --allow-private-network is given', async () => {
    const dns = fakeDns({
      'intranet.example': '10.1.2.3',
      'router.example': '192.168.1.1',
      'metadata.example': '169.254.169.254',
      'mapped.example': '::ffff:127.0.0.1',
      'v6-local.example': 'fd00::1',
    });
    for (const [url, address] of [
      ['http://127.0.0.1:9/feed.ics', '127.0.0.1'],
      ['http://[::1]:9/feed.ics', '::1'],
      ['http://[::ffff:7f00:1]:9/feed.ics', '::ffff:7f00:1'],
      ['http://intranet.example/feed.ics', '10.1.2.3'],
      ['https://router.example/feed.ics', '192.168.1.1'],
      ['http://metadata.example/latest/', '169.254.169.254'],
      ['http://mapped.example/feed.ics', '::ffff:127.0.0.1'],
      ['http://v6-local.example/feed.ics', 'fd00::1'],
    ] as const) {
      const run = harness({ resolve: dns });
      expect(await runIngestCli(['ical', url], run.deps), url).toBe(3);
      expect(run.err, url).toHaveLength(1);
      expect(run.err[0], url).toMatch(
        /^Refusing to fetch from .+: it resolves to .+, which is not a public address\. Add --allow-private-network/,
      );
      expect(run.err[0], url).toContain(address);
    }
  });

  it('tells public addresses from the rest, IPv4 and IPv6 alike', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::7f00:1',
      '2001:db8::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('imports the rest of a calendar when one event cannot be read (exit code 0)', async () => {
    const run = harness();
    expect(await runIngestCli(['ical', join(fixtures, 'period-rdates.ics')], run.deps)).toBe(0);
    expect(run.err).toEqual([]);
    // The puppet theater's DTSTART and its two PERIOD RDATEs, the workshop, the sing-along.
    expect(run.out).toEqual([
      [
        'added 5, updated 0, skipped 0, invalid 1',
        'invalid: "Shadow Puppet Nights" (UID shadow-puppet-nights@lakesidepuppets.example): one of its RDATEs is not a valid date or period',
      ].join('\n'),
    ]);
  });

  it('refuses a document in the wrong format', async () => {
    const run = harness();
    expect(await runIngestCli(['ical', join(fixtures, 'ticketmaster-events.json')], run.deps)).toBe(
      1,
    );
    expect(run.err[0]).toBe('This is not an iCalendar file: it has no BEGIN:VCALENDAR line.');
  });

  it('writes where the server reads: DATABASE_URL, else .data/pglite', () => {
    expect(databaseTargetFromEnv({ DATABASE_URL: 'postgres://u:p@db:5432/famjam' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/famjam',
    });
    expect(databaseTargetFromEnv({ FAMJAM_DATA_DIR: '/srv/famjam' })).toEqual({
      kind: 'pglite',
      dataDir: '/srv/famjam/pglite',
    });
  });
});
