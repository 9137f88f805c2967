/**
 * Issue 20's scale-out, proved the way it would run: two real API processes
 * (`node --import tsx server/main.ts`) on one PostgreSQL. The api-postgres step of `npm test`
 * runs it against its throwaway server; on PGlite (the api step) there is nothing to share, as
 * only one process can open an embedded database, and the suite says so in its name.
 *
 * - Two job runners (server/jobs/runner.ts), each on its own connections as two processes' are,
 *   run a due job exactly once per due time: never both at once, never twice in one period.
 *   This covers every job registered with the runner (source polling, picture fetching, the
 *   cleanups), not each one.
 * - A Spotify sign-in started on one process finishes on the other.
 * - A client limited by one process is limited by both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { bearer, createEmulatorUser, emulatorHost } from '../test/helpers.ts';
import {
  type MusicProviderStandIn,
  startMusicProviderStandIn,
} from '../test/musicProviderStandIn.ts';
import { type Job, JobRunner } from './runner.ts';

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

describe.skipIf(serverUrl === '')(
  'two API processes on one PostgreSQL (runs in the api-postgres step; PGlite is one process)',
  () => {
    const databaseName = `famjam_scale_${randomBytes(6).toString('hex')}`;
    let database: pg.Client;
    let first: RunningProcess | undefined;
    let second: RunningProcess | undefined;
    let standIn: MusicProviderStandIn;
    let databaseUrl = '';

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${databaseName}"`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      standIn = await startMusicProviderStandIn();
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
      await standIn?.close();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    }, 120_000);

    it('runs a due job exactly once per due time, whichever of two runners claims it', async () => {
      // Two runners, each with its own connections (as two processes have), on the database
      // the two API processes share. Their job is this test's own: the processes never run it.
      const handles = await Promise.all([
        openDatabase({ kind: 'postgres', url: databaseUrl }),
        openDatabase({ kind: 'postgres', url: databaseUrl }),
      ]);
      const everyMs = 300;
      const runs: { runner: number; start: number; end: number }[] = [];
      let inRun = 0;
      let overlapped = false;
      const runners = handles.map((handle, index) => {
        const runner = new JobRunner(handle.db);
        const job: Job = {
          name: 'two-runners-test',
          everyMs,
          run: async () => {
            inRun += 1;
            if (inRun > 1) overlapped = true;
            const start = Date.now();
            await new Promise((settle) => setTimeout(settle, 40));
            inRun -= 1;
            runs.push({ runner: index, start, end: Date.now() });
            return { more: false };
          },
        };
        runner.register(job);
        return runner;
      });
      try {
        for (const runner of runners) runner.start();
        // Both runners look for it often (a busy one is asked again within a period) for
        // several seconds.
        await new Promise((settle) => setTimeout(settle, 4000));
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()));
        await Promise.all(handles.map((handle) => handle.close()));
      }
      expect(overlapped).toBe(false);
      expect(runs.length).toBeGreaterThanOrEqual(5);
      // Never twice in one period: each run starts a period after the one before ended (a
      // millisecond's leeway for the database's rounding).
      for (let index = 1; index < runs.length; index += 1) {
        const gap = (runs[index]?.start ?? 0) - (runs[index - 1]?.end ?? 0);
        expect(gap, JSON.stringify(runs)).toBeGreaterThanOrEqual(everyMs - 1);
      }
      // The job went to whichever runner asked first, not always the same one.
      expect(new Set(runs.map((run) => run.runner)).size).toBe(2);
    }, 60_000);

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
      // The sign-in above spent one read (auth-url) and the one write (exchange-code). The rest
      // of the budget is spent on the second process alone.
      const statuses: number[] = [];
      for (let request = 0; request < readBudget - 1; request += 1) {
        statuses.push((await fetch(`${second?.url}/api/health`)).status);
      }
      expect(statuses).toEqual(Array<number>(readBudget - 1).fill(200));
      // The first process learns those hits at its next flush (every 250 ms; docs/scaling.md: a
      // limit may overshoot by one flush interval's worth of the other process's hits). Counting
      // alone it would let the client through four more times; sharing, it refuses it once a
      // flush has passed: at most three answers get through, one every 400 ms.
      const throughFirst: number[] = [];
      let limited: Response | undefined;
      await expect
        .poll(
          async () => {
            limited = await fetch(`${first?.url}/api/health`);
            if (limited.status === 200) throughFirst.push(200);
            return limited.status;
          },
          { timeout: 10_000, interval: 400 },
        )
        .toBe(429);
      expect(throughFirst.length).toBeLessThanOrEqual(3);
      if (!limited) throw new Error('the first process was never asked');
      expect(((await limited.json()) as { error: string }).error).toBe('rate_limited');
      const onSecond = await fetch(`${second?.url}/api/health`);
      expect(onSecond.status).toBe(429);
    }, 60_000);
  },
);
