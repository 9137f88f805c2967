/**
 * Issue 20's scale-out, proved the way it would run: two real API processes
 * (`node --import tsx server/main.ts`) on one PostgreSQL. The api-postgres step of `npm test`
 * runs it against its throwaway server; on PGlite (the api step) there is nothing to share, as
 * only one process can open an embedded database, and the suite says so in its name.
 *
 * - A due source is fetched by exactly one process per run (the feed counts its requests).
 * - A Spotify sign-in started on one process finishes on the other.
 * - A client limited by one process is limited by both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmulatorUser, emulatorHost } from '../test/helpers.ts';
import {
  type MusicProviderStandIn,
  startMusicProviderStandIn,
} from '../test/musicProviderStandIn.ts';

const serverUrl = process.env.DATABASE_URL?.trim() ?? '';
const repoRoot = resolve(import.meta.dirname, '..', '..');
const publicUrl = 'http://localhost:8181';

/** Reads allowed a minute per client; writes get a fifth (1). */
const readBudget = 5;

interface RunningProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** The parent's environment minus everything FamJam reads, so only the test's values count. */
function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(FIREBASE_|FAMJAM_|TICKETMASTER_|DATABASE_URL$|PORT$|HOST$|LOG_LEVEL$)/.test(key)) {
      env[key] = value;
    }
  }
  return { ...env, ...extra };
}

/** Starts one API process and resolves with its URL once it says it is running. */
function startProcess(env: NodeJS.ProcessEnv): Promise<RunningProcess> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: repoRoot,
      env: cleanEnv(env),
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/FamJam is running at (http:\/\/\S+)/);
      if (match?.[1]) resolveStart({ url: match[1], child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before it ran:\n${output}`)),
    );
  });
}

function stopProcess(running: RunningProcess | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    running.child.once('exit', () => resolveStop());
    running.child.kill('SIGTERM');
  });
}

/** An iCalendar feed on loopback that counts how often it was fetched. */
function startCountingFeed(): Promise<{ server: Server; url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//FamJam tests//Counting feed//EN',
        'BEGIN:VEVENT',
        'UID:two-processes-1@famjam.test',
        'DTSTAMP:20261101T000000Z',
        'DTSTART:20361101T180000Z',
        'SUMMARY:Scale-out Storytime',
        'LOCATION:Main Library\\, 125 14th St\\, Oakland\\, CA',
        'GEO:37.8014;-122.2665',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });
  return new Promise((resolveFeed) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolveFeed({ server, url: `http://127.0.0.1:${port}/feed.ics`, hits: () => hits });
    }),
  );
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null>,
  explain: () => Promise<string> = async () => '',
): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}. ${await explain()}`);
    await new Promise((settle) => setTimeout(settle, 200));
  }
}

describe.skipIf(serverUrl === '')(
  'two API processes on one PostgreSQL (runs in the api-postgres step; PGlite is one process)',
  () => {
    const databaseName = `famjam_scale_${randomBytes(6).toString('hex')}`;
    let database: pg.Client;
    let first: RunningProcess | undefined;
    let second: RunningProcess | undefined;
    let standIn: MusicProviderStandIn;
    let feed: Awaited<ReturnType<typeof startCountingFeed>>;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${databaseName}"`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      [standIn, feed] = await Promise.all([startMusicProviderStandIn(), startCountingFeed()]);
      const env = {
        ...standIn.env,
        DATABASE_URL: url.toString(),
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        FAMJAM_PUBLIC_URL: publicUrl,
        FAMJAM_RATE_LIMIT: String(readBudget),
        FAMJAM_SOURCES_POLL_SECONDS: '1',
        PORT: '0',
      };
      // One after the other: the first creates the schema and seeds, the second finds both done.
      first = await startProcess(env);
      second = await startProcess(env);
      database = new pg.Client({ connectionString: url.toString() });
      await database.connect();
    }, 240_000);

    afterAll(async () => {
      await Promise.all([stopProcess(first), stopProcess(second)]);
      await database?.end();
      await Promise.all([
        standIn?.close(),
        new Promise((settle) => (feed ? feed.server.close(settle) : settle(null))),
      ]);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    }, 120_000);

    it('fetches a due source once per run, whichever process claims it', async () => {
      const inserted = await database.query<{ id: number }>(
        `INSERT INTO sources (kind, name, url, interval_seconds, allow_private_network,
           default_location, default_latitude, default_longitude, default_time_zone)
         VALUES ('ical', 'Counting feed', $1, 300, true, 'Oakland, CA', 37.8044, -122.2712,
           'America/Los_Angeles') RETURNING id`,
        [feed.url],
      );
      const id = inserted.rows[0]?.id;
      // Five runs: each time the source is made due again, both processes look for it every
      // second, and only one may fetch it.
      let previousRun = 0;
      for (let run = 1; run <= 5; run += 1) {
        if (run > 1) {
          await database.query('UPDATE sources SET next_run_at = now() WHERE id = $1', [id]);
        }
        await waitFor(
          `run ${run}`,
          async () => (feed.hits() >= run ? true : null),
          async () => {
            const row = await database.query('SELECT * FROM sources WHERE id = $1', [id]);
            return `Feed hits: ${feed.hits()}. Source: ${JSON.stringify(row.rows[0])}. First process:\n${first?.output()}\nSecond process:\n${second?.output()}`;
          },
        );
        // Recorded: a newer last run, and the next one an interval after it. (While a run is
        // under way its claim holds next_run_at further off, with the previous outcome still
        // there, so neither alone says the run is over.)
        previousRun = await waitFor(`run ${run} to be recorded`, async () => {
          const row = await database.query<{ next_run_at: Date; last_run_at: Date | null }>(
            'SELECT next_run_at, last_run_at FROM sources WHERE id = $1',
            [id],
          );
          const source = row.rows[0];
          const lastRun = source?.last_run_at?.getTime() ?? 0;
          return source &&
            lastRun > previousRun &&
            source.next_run_at.getTime() === lastRun + 300_000
            ? lastRun
            : null;
        });
      }
      // Both processes have had several more chances to fetch it (they look every second).
      await new Promise((settle) => setTimeout(settle, 3000));
      expect(feed.hits()).toBe(5);
      const events = await database.query<{ title: string }>(
        `SELECT e.title FROM events e JOIN event_sources s ON s.event_id = e.id WHERE s.source_id = $1`,
        [id],
      );
      expect(events.rows.map((row) => row.title)).toEqual(['Scale-out Storytime']);
    }, 180_000);

    it('finishes on one process a Spotify sign-in started on the other', async () => {
      const user = await createEmulatorUser();
      const started = await fetch(`${first?.url}/api/spotify/auth-url`, { headers: bearer(user) });
      expect(started.status).toBe(200);
      const { authUrl } = (await started.json()) as { authUrl: string };
      const form = new URLSearchParams(new URL(authUrl).searchParams);
      form.set('decision', 'agree');
      const agreed = await fetch(`${standIn.url}/authorize`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const callback = new URL(agreed.headers.get('location') ?? '');
      const exchanged = await fetch(`${second?.url}/api/spotify/exchange-code`, {
        method: 'POST',
        headers: { ...bearer(user), 'content-type': 'application/json' },
        body: JSON.stringify({
          code: callback.searchParams.get('code'),
          state: callback.searchParams.get('state'),
        }),
      });
      expect(exchanged.status, await exchanged.clone().text()).toBe(200);
      expect(await exchanged.json()).toMatchObject({ token_type: 'Bearer' });
    }, 120_000);

    it('limits a client on both processes once they have counted it out together', async () => {
      // The sign-in above spent one read (auth-url) and the one write (exchange-code).
      const statuses: number[] = [];
      for (let request = 0; request < readBudget - 1; request += 1) {
        const target = request % 2 === 0 ? first : second;
        statuses.push((await fetch(`${target?.url}/api/health`)).status);
      }
      expect(statuses).toEqual(Array<number>(readBudget - 1).fill(200));
      for (const target of [first, second]) {
        const limited = await fetch(`${target?.url}/api/health`);
        expect(limited.status).toBe(429);
        expect(((await limited.json()) as { error: string }).error).toBe('rate_limited');
      }
    }, 60_000);
  },
);
