import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../scripts/lib/authEmulator.ts';
import { loadConfig } from './config.ts';
import { announce, startServer } from './main.ts';
import { bearer, createEmulatorUser, emulatorHost } from './test/helpers.ts';

const repoRoot = resolve(import.meta.dirname, '..');
/**
 * `node --import tsx server/main.ts`, as `npm start` runs its scripts: one Node process, where
 * the tsx command would start a second one to run it in (and pass signals on).
 */
const mainCommand = [process.execPath, ['--import', 'tsx', 'server/main.ts']] as const;

/** The parent's environment minus everything FamJam reads, so only the test's values count. */
function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      !/^(FIREBASE_|FAMJAM_|GOOGLE_APPLICATION_CREDENTIALS$|DATABASE_URL$|PORT$|HOST$|LOG_LEVEL$)/.test(
        key,
      )
    ) {
      env[key] = value;
    }
  }
  return { ...env, ...extra };
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runMain(env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(...mainCommand, { cwd: repoRoot, env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** A GET that names `host` in its Host header (fetch always sends the real one). */
function getNamingHost(
  url: string,
  host: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolveGet, reject) => {
    const request = httpGet(url, { headers: { ...headers, host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolveGet({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

// Each test starts Node processes or servers with PGlite; on a loaded 2-core box that takes a while.
const startupTimeout = { timeout: 120_000 };

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'famjam-main-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// Each of these is one short-lived child process that shares nothing with the others, and its
// time is mostly Node and tsx starting on one core: run side by side, since the api project runs
// its files one after another and would otherwise leave the second core idle. Not the running
// servers below: three PGlite seeds at once outran the timeout on a loaded machine.
/** A real Firebase project's settings (nothing here reaches Google: the tests stop before). */
const realProject = {
  FIREBASE_PROJECT_ID: 'famjam-prod',
  FIREBASE_API_KEY: 'AIza-test',
  FIREBASE_AUTH_DOMAIN: 'famjam-prod.firebaseapp.com',
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    type: 'service_account',
    project_id: 'famjam-prod',
    client_email: 'server@famjam-prod.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  }),
};

describe('server/main.ts startup failures', { ...startupTimeout, concurrent: true }, () => {
  it('prints one famjam: line and exits 1 when the database is unreachable', async () => {
    const closedPort = await findFreePort();
    const result = await runMain({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      DATABASE_URL: `postgres://famjam:secret@127.0.0.1:${closedPort}/famjam`,
      PORT: '0',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `famjam: cannot reach the database at 127.0.0.1:${closedPort}/famjam (connection refused); check DATABASE_URL\n`,
    );
  });

  it('prints one famjam: line and exits 1 for a bad configuration value', async () => {
    const result = await runMain({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'famjam: PORT must be a whole number from 0 to 65535 (got "eighty")\n',
    );
  });

  it('refuses emulator mode on a network HOST without FAMJAM_EMULATOR_ON_NETWORK', async () => {
    const result = await runMain({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      HOST: '0.0.0.0',
      PORT: '0',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'famjam: HOST=0.0.0.0 is not a loopback address, and in emulator mode the server trusts unsigned sign-in tokens, so anyone who can reach it could act as any user; unset HOST to listen on 127.0.0.1, or set FAMJAM_EMULATOR_ON_NETWORK=i-understand to accept that\n',
    );
  });

  it('refuses a real project while FIREBASE_AUTH_EMULATOR_HOST is set', async () => {
    const result = await runMain({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      ...realProject,
    });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      expect.stringMatching(
        /^famjam: FIREBASE_AUTH_EMULATOR_HOST is set while the real Firebase project famjam-prod is configured; firebase-admin would then accept unsigned tokens/,
      ),
      '',
    ]);
  });
});

describe('what the server says at start', () => {
  const notice =
    'FAMJAM_PUBLIC_URL is not set, so calendar feeds, shared event links and the Spotify redirect use the address above; set it to the address people open FamJam at.';

  it('asks for FAMJAM_PUBLIC_URL when others can reach the server and it is not set', () => {
    const lines = announce(loadConfig(realProject), 'http://localhost:8080', null);
    expect(lines).toEqual(['FamJam is running at http://localhost:8080', notice]);
  });

  it('says nothing of it on loopback, or once it is set', () => {
    const loopback = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(announce(loopback, 'http://127.0.0.1:8080', null)).not.toContain(notice);
    const set = loadConfig({ ...realProject, FAMJAM_PUBLIC_URL: 'https://famjam.example' });
    expect(announce(set, 'http://localhost:8080', null)).not.toContain(notice);
  });
});

describe('server/main.ts running', startupTimeout, () => {
  it('prints the URL and the emulator notice, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(...mainCommand, {
      cwd: repoRoot,
      env: cleanEnv({
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        FAMJAM_DATA_DIR: join(dataDir, 'signals'),
        PORT: '0',
      }),
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((resolveExit) => child.on('exit', resolveExit));
    const deadline = Date.now() + 90_000;
    // Until the last line is whole ('Trusting' absent makes indexOf -1, which must not count).
    const lastLineDone = () =>
      stdout.includes('Trusting') && stdout.includes('\n', stdout.indexOf('Trusting'));
    while (!lastLineDone() && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 100));
    }
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^FamJam is running at http:\/\/127\.0\.0\.1:\d+$/),
      expect.stringMatching(/^Seeded \d+ events and \d+ restaurants\.$/),
      `Trusting Firebase Auth emulator tokens from ${emulatorHost()} (unsigned), so listening on loopback only.`,
    ]);
    const url = lines[0]?.replace('FamJam is running at ', '') ?? '';
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: 'pglite' });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Created fresh, owner only: the emulator's account export (passwords) lands beside PGlite.
    expect(((await stat(join(dataDir, 'signals'))).mode & 0o777).toString(8)).toBe('700');
  });

  /** The VAPID public key a running server gives browsers. */
  async function servedVapidKey(origin: string): Promise<string> {
    const response = await fetch(`${origin}/api/config`);
    const key = ((await response.json()) as { push: { vapidPublicKey: string } }).push
      .vapidPublicKey;
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    return key;
  }

  it('seeds a fresh database once, then keeps data across restarts in FAMJAM_DATA_DIR', async () => {
    const restartsDir = join(dataDir, 'restarts');
    // Made by hand (or by an older FamJam) with the usual umask: readable by every user.
    await mkdir(restartsDir, { mode: 0o755 });
    await chmod(restartsDir, 0o755);
    const env = cleanEnv({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      FAMJAM_DATA_DIR: restartsDir,
      PORT: '0',
    });
    const user = await createEmulatorUser();
    const profile = {
      email: user.email,
      name: 'Sam',
      familySituation: 'teens',
      musicPreferences: ['Rock'],
      location: 'Austin, TX',
    };

    let vapidPublicKey = '';
    const first = await startServer(env);
    try {
      const seeded = first.announcement.find((line) => line.startsWith('Seeded '));
      expect(seeded).toMatch(/^Seeded [1-9]\d* events and [1-9]\d* restaurants\.$/);
      expect(first.announcement).toContain(
        `Made ${restartsDir} readable by its owner only (it was 755; it holds the database and the Auth emulator's accounts, passwords included).`,
      );
      expect(((await stat(restartsDir)).mode & 0o777).toString(8)).toBe('700');
      const events = await fetch(
        `${first.url}/api/events?location=${encodeURIComponent('San Francisco, CA')}`,
      );
      expect(events.status).toBe(200);
      const page = (await events.json()) as { events: Array<{ title: string }> };
      expect(page.events.length).toBeGreaterThan(0);

      const created = await fetch(`${first.url}/api/users`, {
        method: 'POST',
        headers: { ...bearer(user), 'content-type': 'application/json' },
        body: JSON.stringify(profile),
      });
      expect(created.status).toBe(201);

      // PORT=0: the address is known only once the server listens, and absolute URLs use it
      // (FAMJAM_PUBLIC_URL unset), never the Host a request names.
      const feed = await getNamingHost(`${first.url}/api/me/calendar-feed`, 'localhost:1', {
        ...bearer(user),
      });
      expect(feed.status).toBe(200);
      // A name FamJam does not answer to (DNS rebinding) gets nothing, on the real socket too.
      const rebound = await getNamingHost(`${first.url}/api/health`, 'rebind.attacker.example', {});
      expect(rebound.status).toBe(421);
      expect(JSON.parse(rebound.body).error).toBe('misdirected_request');
      const { url } = JSON.parse(feed.body) as { url: string };
      expect(url.startsWith(`${first.url}/api/calendar/`), url).toBe(true);
      vapidPublicKey = await servedVapidKey(first.url);
    } finally {
      await first.close();
    }

    const second = await startServer(env);
    try {
      // The Web Push key made on the first start (none configured) is the one browsers
      // subscribed with: the same after a restart.
      expect(await servedVapidKey(second.url)).toBe(vapidPublicKey);
      // Not seeded again: the database already has events. Already private: no second note.
      expect(second.announcement.some((line) => line.startsWith('Seeded '))).toBe(false);
      expect(second.announcement.some((line) => line.startsWith('Made '))).toBe(false);
      const fetched = await fetch(
        `${second.url}/api/users/by-email/${encodeURIComponent(user.email)}`,
        { headers: bearer(user) },
      );
      expect(fetched.status).toBe(200);
      expect(await fetched.json()).toMatchObject(profile);
    } finally {
      await second.close();
    }
  });

  it('reports a port in use in one line and releases the database', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((listening) => blocker.listen(0, '127.0.0.1', listening));
    const address = blocker.address();
    const port = address !== null && typeof address === 'object' ? address.port : 0;
    const env = cleanEnv({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      FAMJAM_DATA_DIR: join(dataDir, 'port-in-use'),
      PORT: String(port),
    });
    try {
      await expect(startServer(env)).rejects.toThrow(
        `port ${port} on 127.0.0.1 is already in use; stop the other program or set PORT to a free port`,
      );
    } finally {
      await new Promise((closed) => blocker.close(closed));
    }
    // The failed start closed its database, so the same data directory opens again.
    const server = await startServer({ ...env, PORT: '0' });
    await server.close();
  });
});
